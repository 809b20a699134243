package dev.arus.engine.data;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Decimal values between their two forms: a {@code BigDecimal}, and the unscaled long of a
 * compact {@link DecimalType} ({@code 3.30} of a {@code decimal(5,2)} is 330). Stateless.
 */
public final class Decimals {

    /** {@code POW10[n]} is 10 to the n, for n up to 18. */
    private static final long[] POW10 = new long[DecimalType.MAX_COMPACT_PRECISION + 1];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private Decimals() {
    }

    /** 10 to the {@code n}, for {@code 0 <= n <= 18}. */
    public static long pow10(int n) {
        return POW10[n];
    }

    /** Whether an unscaled value has at most {@code precision} digits. */
    public static boolean fits(long unscaled, int precision) {
        if (precision > DecimalType.MAX_COMPACT_PRECISION) {
            return true;
        }
        long bound = POW10[precision];
        return unscaled > -bound && unscaled < bound;
    }

    /** {@code value} rounded half up to the type's scale; null when it then has more digits than the type. */
    public static BigDecimal toType(BigDecimal value, DecimalType type) {
        // |value| < 10^magnitude, and at least 10^(magnitude - 1) unless it is 0. Judged before any
        // rescaling: rescaling 1e999999999 or 1e-999999999 computes a power of ten of a billion digits.
        long magnitude = (long) value.precision() - value.scale();
        if (value.signum() == 0 || magnitude < -type.scale()) {
            return BigDecimal.ZERO.setScale(type.scale());
        }
        if (magnitude > type.precision() - type.scale()) {
            return null;
        }
        BigDecimal scaled = value.setScale(type.scale(), RoundingMode.HALF_UP);
        return scaled.precision() > type.precision() ? null : scaled;
    }

    /** {@link #toType}, for values that must fit: a value that does not is a caller's mistake. */
    public static BigDecimal require(BigDecimal value, DecimalType type) {
        BigDecimal scaled = toType(value, type);
        if (scaled == null) {
            throw new IllegalArgumentException(value.toPlainString() + " cannot be represented as "
                    + type.simpleString());
        }
        return scaled;
    }

    /** The unscaled long of {@code value} in a compact type, rounded half up; refused when it does not fit. */
    public static long unscaledLong(BigDecimal value, DecimalType type) {
        return require(value, type).unscaledValue().longValueExact();
    }
}
