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

    /** Without NULLs on either side, a plain indexed copy. */
    @Override
    public void gather(ColumnVector source, int[] rows, int count, int to) {
        DoubleVector from = (DoubleVector) source;
        if (from.hasNulls() || hasNulls()) {
            super.gather(source, rows, count, to);
            return;
        }
        double[] src = from.values;
        for (int i = 0; i < count; i++) {
            values[to + i] = src[rows[i]];
        }
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        ((DoubleVector) target).values[to] = values[from];
    }
}
