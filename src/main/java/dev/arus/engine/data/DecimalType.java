package dev.arus.engine.data;

/**
 * Spark's {@code DecimalType}: numbers of {@code precision} significant digits, {@code scale} of
 * them after the point, exactly. Precision is 1 to {@value #MAX_PRECISION}; scale 0 to the
 * precision. A decimal of at most {@value #MAX_COMPACT_PRECISION} digits is held as its unscaled
 * value in a {@link LongVector} (the scale lives in the type), a wider one in a
 * {@link BigDecimalVector}, as Spark holds a {@code Decimal} in a long when it fits.
 */
public record DecimalType(int precision, int scale) implements DataType {

    public static final int MAX_PRECISION = 38;

    /** The most digits an unscaled long always holds. */
    public static final int MAX_COMPACT_PRECISION = 18;

    /** {@code DECIMAL} without parameters: {@code decimal(10,0)}. */
    public static final DecimalType USER_DEFAULT = new DecimalType(10, 0);

    /** {@code decimal(38,18)}, which a string or a double becomes where Spark needs some decimal. */
    public static final DecimalType SYSTEM_DEFAULT = new DecimalType(MAX_PRECISION, 18);

    public DecimalType {
        if (precision < 1 || precision > MAX_PRECISION) {
            throw new IllegalArgumentException("decimal precision " + precision + " is not within 1 and "
                    + MAX_PRECISION);
        }
        if (scale < 0 || scale > precision) {
            throw new IllegalArgumentException("decimal scale " + scale + " is not within 0 and the precision "
                    + precision);
        }
    }

    /** Spark's {@code DecimalType.bounded}: precision and scale capped at 38. */
    public static DecimalType bounded(int precision, int scale) {
        return new DecimalType(Math.min(precision, MAX_PRECISION), Math.min(scale, MAX_PRECISION));
    }

    /** Whether values are held unscaled in a long. */
    public boolean isCompact() {
        return precision <= MAX_COMPACT_PRECISION;
    }

    /** The digits before the point. */
    public int integralDigits() {
        return precision - scale;
    }

    @Override
    public String simpleString() {
        return "decimal(" + precision + "," + scale + ")";
    }

    @Override
    public String sql() {
        return "DECIMAL(" + precision + "," + scale + ")";
    }
}
