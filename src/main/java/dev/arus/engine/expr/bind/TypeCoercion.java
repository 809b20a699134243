package dev.arus.engine.expr.bind;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Retyped;
import dev.arus.engine.expr.cast.Casts;
import dev.arus.engine.expr.numeric.DecimalPrecision;
import java.util.ArrayList;
import java.util.List;

/**
 * Spark 4's ANSI type coercion ({@code AnsiTypeCoercion}, {@code AnsiStringPromotionTypeCoercion},
 * {@code DecimalPrecision}) for Arus's types. Numbers widen along TINYINT, SMALLINT, INT, BIGINT,
 * FLOAT, DOUBLE (an integer meeting a FLOAT becomes a DOUBLE); a decimal meets an integer as the
 * decimal holding both, and a float or double as a DOUBLE; a DATE meets a TIMESTAMP as a
 * TIMESTAMP; a string next to another type is read as that type, except that it is read as a
 * BIGINT next to an integer and as a DOUBLE next to a fraction; an untyped NULL takes the other
 * side's type. Implicit casts keep their child's SQL text, because Spark leaves them out of column
 * names. Structs, arrays and maps meet only their own shape, with looser nullability, a VOID
 * inside them taking the other side's type. Stateless.
 */
public final class TypeCoercion {

    private TypeCoercion() {
    }

    /** Spark's {@code findTightestCommonType}: the narrowest type both widen to without loss, or null. */
    public static DataType tightestCommonType(DataType left, DataType right) {
        if (left.equals(right) || right == AtomicType.NULL) {
            return left;
        }
        if (left == AtomicType.NULL) {
            return right;
        }
        if (left.isIntegral() && right instanceof DecimalType decimal) {
            return DecimalPrecision.holdsEvery(decimal, left) ? decimal : null;
        }
        if (right.isIntegral() && left instanceof DecimalType decimal) {
            return DecimalPrecision.holdsEvery(decimal, right) ? decimal : null;
        }
        if (left.isNumeric() && right.isNumeric() && !(left instanceof DecimalType)
                && !(right instanceof DecimalType)) {
            AtomicType wider = ((AtomicType) left).compareTo((AtomicType) right) > 0 ? (AtomicType) left
                    : (AtomicType) right;
            // an integer and a float meet as a double, so that the integer loses no digits
            return wider == AtomicType.FLOAT ? AtomicType.DOUBLE : wider;
        }
        if (isDateTime(left) && isDateTime(right)) {
            return AtomicType.TIMESTAMP;
        }
        if (left instanceof DayTimeIntervalType a && right instanceof DayTimeIntervalType b) {
            return new DayTimeIntervalType(a.startField().compareTo(b.startField()) < 0 ? a.startField()
                    : b.startField(), a.endField().compareTo(b.endField()) > 0 ? a.endField() : b.endField());
        }
        return left.isComplex() || right.isComplex() ? mergeNullability(left, right) : null;
    }

    /**
     * The type values of {@code left} and {@code right} are compared as ({@code a = b}), or null
     * when they cannot be: a string read as the other side's type ({@link #stringPromotion}),
     * decimals as {@link #decimalOperandType} widens them, else the tightest common type. An
     * integer literal next to a decimal counts only its own digits, so comparisons cast it first.
     */
    public static DataType comparisonType(DataType left, DataType right) {
        DataType promoted = stringPromotion(left, right);
        if (promoted != null) {
            return promoted;
        }
        if (left instanceof DecimalType || right instanceof DecimalType) {
            DataType a = decimalOperandType(left, right);
            DataType b = decimalOperandType(right, left);
            if (a instanceof DecimalType x && b instanceof DecimalType y) {
                return DecimalPrecision.wider(x, y);
            }
            return tightestCommonType(a, b);
        }
        return tightestCommonType(left, right);
    }

    /**
     * Spark's {@code DecimalPrecision} for an operand of {@code type} next to one of {@code other},
     * one of them a decimal: an integer becomes the decimal that holds its type, a float, or a
     * decimal next to one, a DOUBLE; a NULL takes the other side's type.
     */
    public static DataType decimalOperandType(DataType type, DataType other) {
        if (type.isIntegral()) {
            return DecimalPrecision.forType(type);
        }
        if (type.isFloatingPoint() || type instanceof DecimalType && other.isFloatingPoint()) {
            return AtomicType.DOUBLE;
        }
        if (type == AtomicType.NULL) {
            return other.isFloatingPoint() ? AtomicType.DOUBLE : other;
        }
        return type;
    }

    /** Spark's {@code findWiderTypeForTwo}: the tightest common type, else a decimal or string widening, or null. */
    static DataType widerType(DataType left, DataType right) {
        DataType tightest = tightestCommonType(left, right);
        if (tightest != null) {
            return tightest;
        }
        DataType decimal = widerDecimalType(left, right);
        return decimal != null ? decimal : stringPromotion(left, right);
    }

    /** Spark's {@code findWiderCommonType}: the wider type of all, or null. */
    public static DataType widerCommonType(List<DataType> types) {
        DataType common = AtomicType.NULL;
        for (DataType type : types) {
            common = common == null ? null : widerType(common, type);
        }
        return common;
    }

    /** Spark's {@code findWiderTypeForDecimal}. */
    static DataType widerDecimalType(DataType left, DataType right) {
        if (!(left instanceof DecimalType) && !(right instanceof DecimalType)) {
            return null;
        }
        DataType other = left instanceof DecimalType ? right : left;
        DecimalType decimal = (DecimalType) (left instanceof DecimalType ? left : right);
        if (other instanceof DecimalType || other.isIntegral()) {
            return DecimalPrecision.wider(decimal, DecimalPrecision.forType(other));
        }
        return other.isFloatingPoint() ? AtomicType.DOUBLE : null;
    }

    /**
     * Spark's {@code findWiderTypeForString}: the type a string is read as next to {@code other}
     * in an operator, or null when there is none (an interval's fields cannot be guessed).
     */
    public static DataType stringPromotion(DataType left, DataType right) {
        if (left != AtomicType.STRING && right != AtomicType.STRING) {
            return null;
        }
        DataType other = left == AtomicType.STRING ? right : left;
        if (other.isIntegral()) {
            return AtomicType.LONG;
        }
        if (other.isFloatingPoint() || other instanceof DecimalType) {
            return AtomicType.DOUBLE;
        }
        if (other == AtomicType.NULL) {
            return AtomicType.STRING;
        }
        return other instanceof AtomicType ? other : null;
    }

    private static boolean isDateTime(DataType type) {
        return type == AtomicType.DATE || type == AtomicType.TIMESTAMP;
    }

    /**
     * Spark's rule for structs, arrays and maps of one shape ({@code DataType.equalsStructurally}
     * with field names compared case-insensitively): their common type, each field, element or
     * value nullable where either side's is; null when the shapes differ. A VOID inside takes the
     * other side's type, as in Spark's {@code findTypeForComplex}: {@code array()} meets
     * {@code array(1L)} as {@code ARRAY<BIGINT>} (a VOID's values are all NULL, so they need no cast).
     */
    public static DataType mergeNullability(DataType left, DataType right) {
        if (left == AtomicType.NULL) {
            return right;
        }
        if (right == AtomicType.NULL) {
            return left;
        }
        if (left instanceof StructType a && right instanceof StructType b) {
            if (a.fields().size() != b.fields().size()) {
                return null;
            }
            List<Field> fields = new ArrayList<>();
            for (int i = 0; i < a.fields().size(); i++) {
                Field x = a.fields().get(i);
                Field y = b.fields().get(i);
                DataType type = mergeNullability(x.type(), y.type());
                if (type == null || !x.name().equalsIgnoreCase(y.name())) {
                    return null;
                }
                fields.add(new Field(x.name(), type, x.nullable() || y.nullable()));
            }
            return new StructType(fields);
        }
        if (left instanceof ArrayType a && right instanceof ArrayType b) {
            DataType element = mergeNullability(a.elementType(), b.elementType());
            return element == null ? null : new ArrayType(element, a.containsNull() || b.containsNull());
        }
        if (left instanceof MapType a && right instanceof MapType b) {
            DataType key = mergeNullability(a.keyType(), b.keyType());
            DataType value = mergeNullability(a.valueType(), b.valueType());
            return key == null || value == null ? null
                    : new MapType(key, value, a.valueContainsNull() || b.valueContainsNull());
        }
        // nested values are not cast, so nested atomic types must match exactly
        return left.equals(right) ? left : null;
    }

    /** {@code expression} as {@code target}, through a cast hidden from names if the types differ. */
    public static BoundExpression implicitCast(BoundExpression expression, DataType target) {
        DataType source = expression.dataType();
        if (source.equals(target)) {
            return expression;
        }
        if (source.isComplex() || Casts.keepsRepresentation(source, target)) {
            // the vectors are alike (for structs, arrays and maps only nullability differs)
            return new Retyped(expression, target, expression.sql());
        }
        return Casts.cast(expression, target, expression.sql());
    }

    /**
     * Spark's ANSI {@code implicitCast} to what a function argument accepts: the argument itself
     * when it fits, else cast to the type it may become, else null.
     */
    public static BoundExpression implicitCast(BoundExpression expression, InputType expected) {
        DataType target = implicitTarget(expression.dataType(), expected);
        return target == null ? null : implicitCast(expression, target);
    }

    private static DataType implicitTarget(DataType source, InputType expected) {
        if (expected.accepts(source)) {
            return source;
        }
        if (source.isNumeric() && expected == InputType.DECIMAL) {
            return DecimalPrecision.forType(source);
        }
        if (source.isFloatingPoint() && expected == InputType.INTEGRAL
                || source instanceof DecimalType && expected == InputType.INTEGRAL) {
            return null;
        }
        if (expected instanceof InputType.AnyOf any) {
            for (InputType option : any.types()) {
                DataType target = implicitTarget(source, option);
                if (target != null) {
                    return target;
                }
            }
            return null;
        }
        DataType target = expected.defaultType();
        // Spark reads a string as any concrete atomic type, a number or a decimal, but not as "an integer"
        if (source == AtomicType.STRING && expected != InputType.INTEGRAL && !target.isComplex()
                && !(target instanceof DayTimeIntervalType)) {
            return target;
        }
        return canStoreAssign(source, target) ? target : null;
    }

    /** Spark's {@code Cast.canANSIStoreAssign}: the casts that never lose a value's meaning. */
    static boolean canStoreAssign(DataType source, DataType target) {
        return source.equals(target) || source == AtomicType.NULL
                || source.isNumeric() && target.isNumeric()
                || !source.isComplex() && target == AtomicType.STRING
                || isDateTime(source) && isDateTime(target);
    }
}
