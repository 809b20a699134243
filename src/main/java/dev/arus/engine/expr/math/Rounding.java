package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
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
import java.math.RoundingMode;

/**
 * A number rounded to {@code scale} decimal places (tens, hundreds... when negative) in one
 * rounding mode: Spark's {@code RoundBase} behind {@code round}, {@code bround} and the scaled
 * {@code ceil} and {@code floor}, and the one-argument {@code ceil} and {@code floor}, which
 * give a BIGINT for a DOUBLE. Integers and compact decimals round in longs; an integer result out
 * of its type raises ARITHMETIC_OVERFLOW (ANSI mode). Doubles round through their shortest decimal
 * text, as Spark's {@code BigDecimal(d)} does, so {@code round(2.675D, 2)} is 2.68.
 */
final class Rounding extends BoundNode {

    private final BoundExpression child;
    private final int scale;
    private final RoundingMode mode;
    /** The try_ function an integer overflow points to, or null. */
    private final String tryFunction;
    /** The scale of the child's values and of the result's, 0 for integers. */
    private final int childScale;
    private final int resultScale;
    private final boolean inLongs;

    Rounding(BoundExpression child, int scale, RoundingMode mode, String tryFunction, DataType type, String sql) {
        super(type, child.nullable(), sql);
        this.child = child;
        this.scale = scale;
        this.mode = mode;
        this.tryFunction = tryFunction;
        this.childScale = child.dataType() instanceof DecimalType decimal ? decimal.scale() : 0;
        this.resultScale = type instanceof DecimalType decimal ? decimal.scale() : 0;
        this.inLongs = child.dataType().isLongBacked() && type.isLongBacked()
                && childScale - scale <= DecimalType.MAX_COMPACT_PRECISION;
    }

    /** Spark's result type of rounding a {@code type} to {@code scale} places. */
    static DataType resultType(DataType type, int scale) {
        if (!(type instanceof DecimalType decimal)) {
            return type;
        }
        int integralDigits = decimal.integralDigits() + 1;
        if (scale < 0) {
            return new DecimalType(Math.min(Math.max(integralDigits, -scale + 1), DecimalType.MAX_PRECISION), 0);
        }
        int newScale = Math.min(decimal.scale(), scale);
        return new DecimalType(Math.min(integralDigits + newScale, DecimalType.MAX_PRECISION), newScale);
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector values = child.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        NullMasks.propagate(result, values, size);
        if (values instanceof DoubleVector doubles) {
            doubles(doubles.values(), result, size);
        } else if (inLongs) {
            longs(((LongVector) values).values(), ((LongVector) result).values(), result, size);
        } else {
            for (int i = 0; i < size; i++) {
                if (!result.isNull(i)) {
                    exact(DecimalMath.read(values, i, decimalType(child.dataType())), result, i);
                }
            }
        }
        return result;
    }

    private void doubles(double[] in, ColumnVector result, int size) {
        boolean float32 = child.dataType() == AtomicType.FLOAT;
        if (result instanceof LongVector longs) {
            // one-argument ceil and floor of a double: Spark's Math.ceil or Math.floor, then toLong
            long[] out = longs.values();
            for (int i = 0; i < size; i++) {
                out[i] = (long) (mode == RoundingMode.CEILING ? Math.ceil(in[i]) : Math.floor(in[i]));
            }
            return;
        }
        double[] out = ((DoubleVector) result).values();
        for (int i = 0; i < size; i++) {
            double value = in[i];
            if (result.isNull(i) || Double.isNaN(value) || Double.isInfinite(value)) {
                out[i] = value;
            } else {
                double rounded = BigDecimal.valueOf(value).setScale(scale, mode).doubleValue();
                out[i] = float32 ? (float) rounded : rounded;
            }
        }
    }

    private void longs(long[] in, long[] out, ColumnVector result, int size) {
        boolean integral = dataType().isIntegral();
        long min = integral ? IntegralTypes.min(dataType()) : Long.MIN_VALUE;
        long max = integral ? IntegralTypes.max(dataType()) : Long.MAX_VALUE;
        int dropped = childScale - scale;
        for (int i = 0; i < size; i++) {
            if (dropped <= 0 || result.isNull(i)) {
                out[i] = in[i];
                continue;
            }
            long value;
            try {
                long units = roundedUnits(in[i], Decimals.pow10(dropped));
                // a negative scale leaves whole tens, hundreds...: back to units of the result's scale
                value = scale >= resultScale ? units : Math.multiplyExact(units, Decimals.pow10(resultScale - scale));
            } catch (ArithmeticException e) {
                exact(BigDecimal.valueOf(in[i], childScale), result, i);
                continue;
            }
            if (integral && (value < min || value > max)) {
                throw EvaluationException.overflow("Overflow", tryFunction);
            }
            if (!integral && !Decimals.fits(value, ((DecimalType) dataType()).precision())) {
                throw DecimalMath.outOfRange(value, resultScale, (DecimalType) dataType());
            }
            out[i] = value;
        }
    }

    /** {@code value / unit} rounded to a whole number in the mode. */
    private long roundedUnits(long value, long unit) {
        long quotient = value / unit;
        long remainder = value % unit;
        if (remainder == 0) {
            return quotient;
        }
        long twice = 2 * Math.abs(remainder);
        boolean away = switch (mode) {
            case HALF_UP -> twice >= unit;
            case HALF_EVEN -> twice > unit || twice == unit && (quotient & 1) != 0;
            case CEILING -> remainder > 0;
            case FLOOR -> remainder < 0;
            default -> throw new IllegalStateException("not a rounding of Spark's: " + mode);
        };
        return away ? quotient + Long.signum(remainder) : quotient;
    }

    private void exact(BigDecimal value, ColumnVector result, int row) {
        BigDecimal rounded = value.setScale(scale, mode).setScale(resultScale, RoundingMode.UNNECESSARY);
        if (dataType() instanceof DecimalType) {
            DecimalMath.write(result, row, rounded);
            return;
        }
        // an integer rounded to tens or more, beyond what longs can hold exactly
        if (rounded.compareTo(BigDecimal.valueOf(IntegralTypes.min(dataType()))) < 0
                || rounded.compareTo(BigDecimal.valueOf(IntegralTypes.max(dataType()))) > 0) {
            throw EvaluationException.overflow("Overflow", tryFunction);
        }
        ((LongVector) result).values()[row] = rounded.longValue();
    }

    private static DecimalType decimalType(DataType type) {
        return type instanceof DecimalType decimal ? decimal : new DecimalType(DecimalType.MAX_PRECISION, 0);
    }
}
