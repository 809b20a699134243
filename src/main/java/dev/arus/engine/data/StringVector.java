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

    /** Without NULLs on either side, a plain indexed copy of the references. */
    @Override
    public void gather(ColumnVector source, int[] rows, int count, int to) {
        StringVector from = (StringVector) source;
        if (from.hasNulls() || hasNulls()) {
            super.gather(source, rows, count, to);
            return;
        }
        String[] src = from.values;
        for (int i = 0; i < count; i++) {
            values[to + i] = src[rows[i]];
        }
    }

    @Override
    protected Object flatValues() {
        return values;
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        ((StringVector) target).values[to] = values[from];
    }
}
