package dev.arus.engine.expr.cast;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Decimals;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.numeric.DecimalMath;
import dev.arus.engine.expr.numeric.IntegralTypes;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Casts to and from decimals as Spark's {@code Cast} does in ANSI mode: to a decimal, a value is
 * rounded half up to the scale and refused with NUMERIC_VALUE_OUT_OF_RANGE when it needs more
 * digits; a float or double goes through its shortest text ({@code 0.1D} is exactly 0.1), NaN and
 * infinity giving NULL; a boolean is 1 or 0; a timestamp its seconds. From a decimal, an integer
 * truncates towards zero (CAST_OVERFLOW when out of range), a double rounds to nearest, a boolean
 * is whether it is not zero and a timestamp takes it as seconds. Compact decimals stay in longs.
 */
final class DecimalCast extends BoundNode {

    private final BoundExpression child;
    private final DataType source;
    private final DataType target;

    DecimalCast(BoundExpression child, DataType target, String sql) {
        super(target, child.nullable() || child.dataType().isFloatingPoint(), sql);
        this.child = child;
        this.source = child.dataType();
        this.target = target;
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector values = child.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        NullMasks.propagate(result, values, size);
        if (target instanceof DecimalType decimal) {
            toDecimal(values, result, decimal, size);
        } else {
            fromDecimal(values, result, (DecimalType) source, size);
        }
        return result;
    }

    private void toDecimal(ColumnVector values, ColumnVector result, DecimalType to, int size) {
        if (values instanceof LongVector longs && to.isCompact() && source != AtomicType.TIMESTAMP) {
            int from = source instanceof DecimalType decimal ? decimal.scale() : 0;
            long[] in = longs.values();
            long[] out = ((LongVector) result).values();
            for (int i = 0; i < size; i++) {
                if (!result.isNull(i)) {
                    out[i] = compact(in[i], from, to);
                }
            }
            return;
        }
        for (int i = 0; i < size; i++) {
            if (result.isNull(i)) {
                continue;
            }
            BigDecimal value = exact(values, i);
            if (value == null) {
                result.setNull(i);
            } else {
                DecimalMath.write(result, i, value);
            }
        }
    }

    private static long compact(long unscaled, int from, DecimalType to) {
        long value;
        try {
            value = DecimalMath.rescale(unscaled, from, to.scale());
        } catch (ArithmeticException e) {
            throw DecimalMath.outOfRange(unscaled, from, to);
        }
        if (!Decimals.fits(value, to.precision())) {
            throw DecimalMath.outOfRange(unscaled, from, to);
        }
        return value;
    }

    /** The exact value of a non-null source row; null for NaN and infinities, which Spark casts to NULL. */
    private BigDecimal exact(ColumnVector values, int row) {
        if (source instanceof DecimalType) {
            return DecimalMath.read(values, row, (DecimalType) source);
        }
        if (values instanceof DoubleVector doubles) {
            double value = doubles.values()[row];
            return Double.isNaN(value) || Double.isInfinite(value) ? null : new BigDecimal(Double.toString(value));
        }
        if (values instanceof BooleanVector booleans) {
            return booleans.values()[row] ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        long value = ((LongVector) values).values()[row];
        // a timestamp is its seconds, through a double as Spark's timestampToDouble
        return source == AtomicType.TIMESTAMP ? new BigDecimal(Double.toString(value / 1_000_000d))
                : BigDecimal.valueOf(value);
    }

    private void fromDecimal(ColumnVector values, ColumnVector result, DecimalType from, int size) {
        for (int i = 0; i < size; i++) {
            if (result.isNull(i)) {
                continue;
            }
            if (values instanceof LongVector longs) {
                fromCompact(longs.values()[i], from, result, i);
            } else {
                fromWide(DecimalMath.read(values, i, from), from, result, i);
            }
        }
    }

    private void fromCompact(long unscaled, DecimalType from, ColumnVector result, int row) {
        if (result instanceof DoubleVector doubles) {
            double value = DecimalMath.toDouble(unscaled, from.scale());
            doubles.values()[row] = target == AtomicType.FLOAT ? (float) value : value;
        } else if (result instanceof BooleanVector booleans) {
            booleans.values()[row] = unscaled != 0;
        } else if (target == AtomicType.TIMESTAMP) {
            fromWide(BigDecimal.valueOf(unscaled, from.scale()), from, result, row);
        } else {
            long whole = unscaled / Decimals.pow10(from.scale());
            if (whole < IntegralTypes.min(target) || whole > IntegralTypes.max(target)) {
                throw overflow(BigDecimal.valueOf(unscaled, from.scale()), from);
            }
            ((LongVector) result).values()[row] = whole;
        }
    }

    private void fromWide(BigDecimal value, DecimalType from, ColumnVector result, int row) {
        if (result instanceof DoubleVector doubles) {
            doubles.values()[row] = target == AtomicType.FLOAT ? value.floatValue() : value.doubleValue();
        } else if (result instanceof BooleanVector booleans) {
            booleans.values()[row] = value.signum() != 0;
        } else {
            BigInteger whole = target == AtomicType.TIMESTAMP
                    ? value.movePointRight(6).toBigInteger() : value.toBigInteger();
            long min = target == AtomicType.TIMESTAMP ? Long.MIN_VALUE : IntegralTypes.min(target);
            long max = target == AtomicType.TIMESTAMP ? Long.MAX_VALUE : IntegralTypes.max(target);
            if (whole.bitLength() > 63 || whole.longValue() < min || whole.longValue() > max) {
                throw overflow(value, from);
            }
            ((LongVector) result).values()[row] = whole.longValue();
        }
    }

    /** Spark writes the value as {@code Decimal.toString} followed by BD: {@code 3000000000.50BD}. */
    private EvaluationException overflow(BigDecimal value, DecimalType from) {
        return EvaluationException.castOverflow(value + "BD", from.sql(), target.sql());
    }
}
