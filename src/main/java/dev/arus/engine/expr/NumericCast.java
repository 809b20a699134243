package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;

/**
 * Casts among INT, BIGINT, DOUBLE, BOOLEAN and TIMESTAMP with Spark 4's ANSI rules: a number as a
 * timestamp is seconds since the epoch (a fraction kept to the microsecond); a timestamp as an
 * integer is whole seconds, rounded down; values out of the target's range raise CAST_OVERFLOW.
 */
final class NumericCast extends BoundNode {

    private static final double MICROS_PER_SECOND = 1_000_000d;

    private final BoundExpression child;
    private final AtomicType source;
    private final AtomicType target;

    NumericCast(BoundExpression child, AtomicType target, String sql) {
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
        if (target == AtomicType.DOUBLE) {
            double[] out = ((DoubleVector) result).values();
            double scale = source == AtomicType.TIMESTAMP ? MICROS_PER_SECOND : 1d;
            for (int i = 0; i < size; i++) {
                out[i] = in[i] / scale;
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
        if (target == AtomicType.INT) {
            for (int i = 0; i < size; i++) {
                if (out[i] != (int) out[i] && !result.isNull(i)) {
                    throw EvaluationException.castOverflow(in[i] + "L", source.simpleString().toUpperCase(), "INT");
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
        long[] out = ((LongVector) result).values();
        double low = target == AtomicType.INT ? Integer.MIN_VALUE : Long.MIN_VALUE;
        double high = target == AtomicType.INT ? Integer.MAX_VALUE : Long.MAX_VALUE;
        double scale = target == AtomicType.TIMESTAMP ? MICROS_PER_SECOND : 1d;
        for (int i = 0; i < size; i++) {
            if (result.isNull(i)) {
                continue;
            }
            double value = in[i] * scale;
            if (Double.isNaN(value) || Math.floor(value) > high || Math.ceil(value) < low) {
                throw EvaluationException.castOverflow(in[i] + "D", "DOUBLE", SqlText.typeName(target));
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
