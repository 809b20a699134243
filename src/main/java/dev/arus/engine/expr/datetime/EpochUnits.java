package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.ScalarFunction;
import dev.arus.engine.expr.calendar.LocalDays;
import java.time.ZoneId;

/**
 * Conversions between timestamps or dates and counts since the epoch: {@code timestamp_millis},
 * {@code timestamp_micros} and {@code date_from_unix_date} read a count, {@code unix_seconds},
 * {@code unix_millis}, {@code unix_micros} and {@code unix_date} give one, rounding down as
 * Spark does. A count too large for a timestamp raises ARITHMETIC_OVERFLOW.
 */
final class EpochUnits extends UnaryLongFunction {

    enum Conversion {
        TIMESTAMP_MILLIS("timestamp_millis", InputType.INTEGRAL, AtomicType.TIMESTAMP, 1_000, true),
        TIMESTAMP_MICROS("timestamp_micros", InputType.INTEGRAL, AtomicType.TIMESTAMP, 1, true),
        DATE_FROM_UNIX_DATE("date_from_unix_date", InputType.of(AtomicType.INT), AtomicType.DATE, 1, true),
        UNIX_SECONDS("unix_seconds", InputType.TIMESTAMP, AtomicType.LONG, LocalDays.MICROS_PER_SECOND, false),
        UNIX_MILLIS("unix_millis", InputType.TIMESTAMP, AtomicType.LONG, 1_000, false),
        UNIX_MICROS("unix_micros", InputType.TIMESTAMP, AtomicType.LONG, 1, false),
        UNIX_DATE("unix_date", InputType.DATE, AtomicType.INT, 1, false);

        private final String name;
        private final InputType input;
        private final DataType result;
        private final long factor;
        private final boolean multiplies;

        Conversion(String name, InputType input, DataType result, long factor, boolean multiplies) {
            this.name = name;
            this.input = input;
            this.result = result;
            this.factor = factor;
            this.multiplies = multiplies;
        }
    }

    private final Conversion conversion;

    private EpochUnits(Conversion conversion, BoundExpression value, String sql) {
        super(value, conversion.result, sql);
        this.conversion = conversion;
    }

    static ScalarFunction.Binding binding(Conversion conversion) {
        return (call, arguments, binder) -> {
            BoundExpression value = binder.require(call.sql(), call.position(), "first", arguments.get(0),
                    conversion.input);
            return new EpochUnits(conversion, value, FunctionBinder.sql(conversion.name, arguments));
        };
    }

    @Override
    long apply(long value, ZoneId zone) {
        if (!conversion.multiplies) {
            return Math.floorDiv(value, conversion.factor);
        }
        try {
            return Math.multiplyExact(value, conversion.factor);
        } catch (ArithmeticException e) {
            throw EvaluationException.overflow("long overflow", null);
        }
    }
}
