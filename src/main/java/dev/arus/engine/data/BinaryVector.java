package dev.arus.engine.data;

import java.util.Arrays;

/**
 * A vector of {@code binary} values, one byte array per row. Arrays are shared, never copied, so
 * nobody may modify an array once it is in a vector.
 */
public final class BinaryVector extends ColumnVector {

    private byte[][] values;

    public BinaryVector(int capacity) {
        super(AtomicType.BINARY);
        this.values = new byte[capacity][];
    }

    public byte[][] values() {
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
        values[row] = (byte[]) value;
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        ((BinaryVector) target).values[to] = values[from];
    }
}
