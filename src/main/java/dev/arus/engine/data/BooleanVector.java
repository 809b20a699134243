package dev.arus.engine.data;

import java.util.Arrays;

/** A vector of {@code boolean} values. */
public final class BooleanVector extends ColumnVector {

    private boolean[] values;

    public BooleanVector(int capacity) {
        super(AtomicType.BOOLEAN);
        this.values = new boolean[capacity];
    }

    public boolean[] values() {
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
        values[row] = (Boolean) value;
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        ((BooleanVector) target).values[to] = values[from];
    }
}
