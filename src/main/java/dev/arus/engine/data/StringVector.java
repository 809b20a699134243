package dev.arus.engine.data;

import java.util.Arrays;

/** A vector of {@code string} values (and of the untyped {@code NULL} literal). */
public final class StringVector extends ColumnVector {

    private String[] values;

    public StringVector(DataType type, int capacity) {
        super(type);
        this.values = new String[capacity];
    }

    public String[] values() {
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
        values[row] = (String) value;
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        ((StringVector) target).values[to] = values[from];
    }
}
