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
    public void ensureCapacity(int capacity, int size) {
        if (capacity > values.length) {
            values = Arrays.copyOf(values, capacity);
            growNulls(capacity);
        }
    }

    @Override
    public Object getObject(int row) {
        return isNull(row) ? null : values[row];
    }

    @Override
    public void setObject(int row, Object value) {
        if (value == null) {
            setNull(row);
        } else {
            setNotNull(row);
            values[row] = (String) value;
        }
    }

    @Override
    public void copyRow(int from, ColumnVector target, int to) {
        if (isNull(from)) {
            target.setNull(to);
        } else {
            target.setNotNull(to);
            ((StringVector) target).values[to] = values[from];
        }
    }

    @Override
    public int compact(ColumnVector source, boolean[] selected, int size) {
        resetNulls();
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (selected[i]) {
                source.copyRow(i, this, n++);
            }
        }
        return n;
    }
}
