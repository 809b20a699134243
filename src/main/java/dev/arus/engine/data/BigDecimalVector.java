package dev.arus.engine.data;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * A vector of decimals of more than 18 digits, one {@code BigDecimal} per row, always of the
 * type's scale. Like Spark's {@code Decimal} beyond a long, these cost an object per value;
 * values are immutable, so rows share them freely.
 */
public final class BigDecimalVector extends ColumnVector {

    private BigDecimal[] values;

    public BigDecimalVector(DecimalType type, int capacity) {
        super(type);
        this.values = new BigDecimal[capacity];
    }

    public BigDecimal[] values() {
        return values;
    }

    public DecimalType decimalType() {
        return (DecimalType) type();
    }

    @Override
    public int capacity() {
        return values.length;
    }

    @Override
    protected void growValues(int capacity) {
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    public Object getObject(int row) {
        return isNull(row) ? null : values[row];
    }

    /** Takes a {@code BigDecimal} of any scale, rounded half up to the type's; refused when it has too many digits. */
    @Override
    protected void setValue(int row, Object value) {
        values[row] = Decimals.require((BigDecimal) value, decimalType());
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        ((BigDecimalVector) target).values[to] = values[from];
    }
}
