package dev.arus.engine.data;

import java.util.List;

/** A vector of structs, held as one child vector per field. */
public final class StructVector extends ColumnVector {

    private final ColumnVector[] children;
    private final Schema rowSchema;

    public StructVector(StructType type, ColumnVector[] children) {
        super(type);
        this.children = children;
        this.rowSchema = new Schema(type.fields());
    }

    public ColumnVector child(int field) {
        return children[field];
    }

    @Override
    public int capacity() {
        return children[0].capacity();
    }

    @Override
    public void ensureCapacity(int capacity, int size) {
        if (capacity > capacity()) {
            growNulls(capacity);
            for (ColumnVector child : children) {
                child.ensureCapacity(capacity, size);
            }
        }
    }

    @Override
    public Object getObject(int row) {
        if (isNull(row)) {
            return null;
        }
        Object[] values = new Object[children.length];
        for (int i = 0; i < children.length; i++) {
            values[i] = children[i].getObject(row);
        }
        return new Row(rowSchema, values);
    }

    @Override
    public void setObject(int row, Object value) {
        if (value == null) {
            setNull(row);
            return;
        }
        setNotNull(row);
        List<Object> values = ((Row) value).values();
        for (int i = 0; i < children.length; i++) {
            children[i].setObject(row, values.get(i));
        }
    }

    @Override
    public void copyRow(int from, ColumnVector target, int to) {
        StructVector struct = (StructVector) target;
        if (isNull(from)) {
            struct.setNull(to);
        } else {
            struct.setNotNull(to);
        }
        for (int i = 0; i < children.length; i++) {
            children[i].copyRow(from, struct.children[i], to);
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
