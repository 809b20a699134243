package dev.arus.engine.expr.cast;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.calendar.DateTimeFormats;
import dev.arus.engine.expr.numeric.IntegralTypes;
import java.time.ZoneOffset;

/**
 * Casts among the integers, FLOAT, DOUBLE, BOOLEAN and TIMESTAMP with Spark 4's ANSI rules: a
 * number as a timestamp is seconds since the epoch (a fraction kept to the microsecond); a
 * timestamp as a number is seconds, rounded down for an integer; a fraction becomes an integer
 * by truncation; values out of the target's range, NaN among them, raise CAST_OVERFLOW.
 */
public final class NumericCast extends BoundNode {

    private static final double MICROS_PER_SECOND = 1_000_000d;

    private final BoundExpression child;
    private final AtomicType source;
    private final AtomicType target;

    public NumericCast(BoundExpression child, AtomicType target, String sql) {
        super(target, child.nullable(), sql);
        this.child = child;
        this.source = (AtomicType) child.dataType();
        this.target = target;
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector values = child.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        NullMasks.propagate(result, values, size);
        if (values instanceof LongVector longs) {
            fromLongs(longs.values(), result, size);
        } else if (values instanceof DoubleVector doubles) {
            fromDoubles(doubles.values(), result, size);
        } else {
            fromBooleans(((BooleanVector) values).values(), result, size);
        }
        return result;
    }

    private void fromLongs(long[] in, ColumnVector result, int size) {
        if (result instanceof DoubleVector doubles) {
            double[] out = doubles.values();
            double scale = source == AtomicType.TIMESTAMP ? MICROS_PER_SECOND : 1d;
            boolean toFloat = target == AtomicType.FLOAT;
            for (int i = 0; i < size; i++) {
                double value = in[i] / scale;
                out[i] = toFloat ? (float) value : value;
            }
        } else if (target == AtomicType.BOOLEAN) {
            boolean[] out = ((BooleanVector) result).values();
            for (int i = 0; i < size; i++) {
                out[i] = in[i] != 0;
            }
        } else {
            longsToLongs(in, (LongVector) result, size);
        }
    }

    /**
     * One loop per conversion, chosen once per chunk; rows that are NULL get a value too, which
     * nobody reads, so the loops need no null test.
     */
    private void longsToLongs(long[] in, LongVector result, int size) {
        long[] out = result.values();
        if (source == AtomicType.TIMESTAMP && target != AtomicType.TIMESTAMP) {
            for (int i = 0; i < size; i++) {
                out[i] = Math.floorDiv(in[i], 1_000_000L);
            }
        } else if (source != AtomicType.TIMESTAMP && target == AtomicType.TIMESTAMP) {
            for (int i = 0; i < size; i++) {
                out[i] = secondsToMicros(in[i]);
            }
        } else {
            System.arraycopy(in, 0, out, 0, size);
        }
        if (target != AtomicType.LONG && target != AtomicType.TIMESTAMP) {
            long min = IntegralTypes.min(target);
            long max = IntegralTypes.max(target);
            for (int i = 0; i < size; i++) {
                if ((out[i] < min || out[i] > max) && !result.isNull(i)) {
                    String value = source == AtomicType.TIMESTAMP
                            ? "TIMESTAMP '" + DateTimeFormats.format(in[i], ZoneOffset.UTC) + "'"
                            : IntegralTypes.sqlValue(in[i], source);
                    throw EvaluationException.castOverflow(value, source.sql(), target.sql());
                }
            }
        }
    }

    /** Spark's {@code longToTimestamp}: seconds as microseconds, saturating rather than overflowing. */
    private static long secondsToMicros(long seconds) {
        if (seconds > Long.MAX_VALUE / 1_000_000L) {
            return Long.MAX_VALUE;
        }
        return seconds < Long.MIN_VALUE / 1_000_000L ? Long.MIN_VALUE : seconds * 1_000_000L;
    }

    private void fromDoubles(double[] in, ColumnVector result, int size) {
        if (target == AtomicType.BOOLEAN) {
            boolean[] out = ((BooleanVector) result).values();
            for (int i = 0; i < size; i++) {
                out[i] = in[i] != 0;
            }
            return;
        }
        if (result instanceof DoubleVector doubles) {
            // DOUBLE to FLOAT rounds; FLOAT to DOUBLE keeps the value as it is held
            double[] out = doubles.values();
            boolean toFloat = target == AtomicType.FLOAT;
            for (int i = 0; i < size; i++) {
                out[i] = toFloat ? (float) in[i] : in[i];
            }
            return;
        }
        long[] out = ((LongVector) result).values();
        boolean toTimestamp = target == AtomicType.TIMESTAMP;
        double low = toTimestamp ? Long.MIN_VALUE : IntegralTypes.min(target);
        double high = toTimestamp ? Long.MAX_VALUE : IntegralTypes.max(target);
        double scale = toTimestamp ? MICROS_PER_SECOND : 1d;
        for (int i = 0; i < size; i++) {
            if (result.isNull(i)) {
                continue;
            }
            double value = in[i] * scale;
            if (Double.isNaN(value) || Math.floor(value) > high || Math.ceil(value) < low) {
                String written = source == AtomicType.FLOAT ? (float) in[i] + "F" : in[i] + "D";
                throw EvaluationException.castOverflow(written, source.sql(), target.sql());
            }
            out[i] = (long) value;
        }
    }

    private void fromBooleans(boolean[] in, ColumnVector result, int size) {
        if (result instanceof DoubleVector doubles) {
            double[] out = doubles.values();
            for (int i = 0; i < size; i++) {
                out[i] = in[i] ? 1d : 0d;
            }
        } else {
            long[] out = ((LongVector) result).values();
            for (int i = 0; i < size; i++) {
                out[i] = in[i] ? 1L : 0L;
            }
        }
    }
}
