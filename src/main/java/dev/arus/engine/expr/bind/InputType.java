package dev.arus.engine.expr.bind;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What an argument of an operator or function accepts, Spark's {@code AbstractDataType}: one type,
 * a family ({@code NUMERIC}, {@code INTEGRAL}, any {@code DECIMAL}) or one of several.
 * {@link TypeCoercion#implicitCast(BoundExpression, InputType)} brings an argument to it, and
 * {@link #describe()} words it as Spark's UNEXPECTED_INPUT_TYPE does. A function declares its
 * arguments with these and leaves the casts to the coercion.
 */
public sealed interface InputType {

    InputType NUMERIC = Family.NUMERIC;
    InputType INTEGRAL = Family.INTEGRAL;
    InputType DECIMAL = Family.DECIMAL;
    InputType STRING = of(AtomicType.STRING);
    InputType BOOLEAN = of(AtomicType.BOOLEAN);
    InputType DATE = of(AtomicType.DATE);
    InputType TIMESTAMP = of(AtomicType.TIMESTAMP);

    boolean accepts(DataType type);

    /** The type an argument of another type is cast to, when it can be: Spark's {@code defaultConcreteType}. */
    DataType defaultType();

    /** Spark's wording in UNEXPECTED_INPUT_TYPE: {@code "NUMERIC"}, {@code ("STRING" or "BINARY")}. */
    String describe();

    static InputType of(DataType type) {
        return new Exactly(type);
    }

    static InputType anyOf(InputType... types) {
        return new AnyOf(List.of(types));
    }

    /** Exactly this type. */
    record Exactly(DataType type) implements InputType {
        @Override
        public boolean accepts(DataType other) {
            return type.equals(other);
        }

        @Override
        public DataType defaultType() {
            return type;
        }

        @Override
        public String describe() {
            return "\"" + type.sql() + "\"";
        }
    }

    /** Every type of a family: numbers, integers or decimals of any precision. */
    enum Family implements InputType {
        NUMERIC(AtomicType.DOUBLE),
        INTEGRAL(AtomicType.INT),
        DECIMAL(DecimalType.SYSTEM_DEFAULT);

        private final DataType defaultType;

        Family(DataType defaultType) {
            this.defaultType = defaultType;
        }

        @Override
        public boolean accepts(DataType type) {
            return switch (this) {
                case NUMERIC -> type.isNumeric();
                case INTEGRAL -> type.isIntegral();
                case DECIMAL -> type instanceof DecimalType;
            };
        }

        @Override
        public DataType defaultType() {
            return defaultType;
        }

        @Override
        public String describe() {
            return "\"" + name() + "\"";
        }
    }

    /** Any of several; an argument of none is cast to the first it can be. */
    record AnyOf(List<InputType> types) implements InputType {
        @Override
        public boolean accepts(DataType type) {
            return types.stream().anyMatch(t -> t.accepts(type));
        }

        @Override
        public DataType defaultType() {
            return types.get(0).defaultType();
        }

        @Override
        public String describe() {
            return types.stream().map(InputType::describe).collect(Collectors.joining(" or ", "(", ")"));
        }
    }
}
