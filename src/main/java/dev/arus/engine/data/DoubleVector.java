package dev.arus.engine.data;

import java.util.Arrays;

/** A vector of {@code double} values. */
public final class DoubleVector extends ColumnVector {

    private double[] values;

    public DoubleVector(int capacity) {
        super(AtomicType.DOUBLE);
        this.values = new double[capacity];
    }

    public double[] values() {
        return values;
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

    @Override
    protected void setValue(int row, Object value) {
        values[row] = ((Number) value).doubleValue();
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        ((DoubleVector) target).values[to] = values[from];
    }
}
