package dev.arus.engine.expr.numeric;

import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Decimals;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.EvaluationException;
import java.math.BigDecimal;

/**
 * Decimal values in both their vector forms, and Spark's {@code Decimal.toPrecision}: a value
 * rounded half up to a type's scale, or NUMERIC_VALUE_OUT_OF_RANGE (ANSI mode) when it then
 * needs more digits than the type has. The long forms avoid a {@code BigDecimal} where the
 * digits fit. Stateless.
 */
public final class DecimalMath {

    private DecimalMath() {
    }

    /**
     * Row {@code row} of a vector of decimals of {@code type} as a {@code BigDecimal}; the type is
     * the expression's, since an integer operand may come unconverted (see {@code Casts.keepsRepresentation}).
     */
    public static BigDecimal read(ColumnVector vector, int row, DecimalType type) {
        if (vector instanceof LongVector longs) {
            return BigDecimal.valueOf(longs.values()[row], type.scale());
        }
        return ((BigDecimalVector) vector).values()[row];
    }

    /** Writes {@code value}, rounded and checked against the vector's type, to row {@code row}. */
    public static void write(ColumnVector vector, int row, BigDecimal value) {
        DecimalType type = (DecimalType) vector.type();
        BigDecimal scaled = toPrecision(value, type);
        if (vector instanceof LongVector longs) {
            longs.values()[row] = scaled.unscaledValue().longValue();
        } else {
            ((BigDecimalVector) vector).values()[row] = scaled;
        }
    }

    /** Spark's {@code toPrecision(p, s, ROUND_HALF_UP, nullOnOverflow = false)}. */
    public static BigDecimal toPrecision(BigDecimal value, DecimalType type) {
        BigDecimal scaled = Decimals.toType(value, type);
        if (scaled == null) {
            throw EvaluationException.numericValueOutOfRange(value.toPlainString(), type.precision(), type.scale());
        }
        return scaled;
    }

    /**
     * An unscaled long of scale {@code from} at scale {@code to}, rounded half up when the scale
     * shrinks; {@link ArithmeticException} when it does not fit a long.
     */
    public static long rescale(long unscaled, int from, int to) {
        if (to >= from) {
            int grow = to - from;
            if (grow > 18) {
                if (unscaled == 0) {
                    return 0;
                }
                throw new ArithmeticException("decimal rescale overflow");
            }
            return Math.multiplyExact(unscaled, Decimals.pow10(grow));
        }
        int shrink = from - to;
        if (shrink > 18) {
            return 0;
        }
        return roundedQuotient(unscaled, Decimals.pow10(shrink));
    }

    /** {@code n / d} rounded half up (away from zero on a tie), as Spark's decimals round. */
    public static long roundedQuotient(long n, long d) {
        long quotient = n / d;
        long remainder = n % d;
        // |remainder| >= |d| - |remainder| is 2|remainder| >= |d| without overflow
        if (Math.abs(remainder) >= Math.abs(d) - Math.abs(remainder)) {
            quotient += (n < 0) == (d < 0) ? 1 : -1;
        }
        return quotient;
    }

    /** The error for an unscaled long that does not fit its target, its value written as Spark writes it. */
    public static EvaluationException outOfRange(long unscaled, int scale, DecimalType target) {
        return EvaluationException.numericValueOutOfRange(BigDecimal.valueOf(unscaled, scale).toPlainString(),
                target.precision(), target.scale());
    }

    /** {@code value} written as a double as {@code BigDecimal.doubleValue} would, without one where it can. */
    public static double toDouble(long unscaled, int scale) {
        // below 2^53 an unscaled long and 10^scale (scale <= 18) are exact doubles, so one division rounds once
        if (Math.abs(unscaled) < (1L << 53)) {
            return unscaled / (double) Decimals.pow10(scale);
        }
        return BigDecimal.valueOf(unscaled, scale).doubleValue();
    }
}
