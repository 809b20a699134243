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
    protected void growValues(int capacity) {
        for (ColumnVector child : children) {
            child.ensureCapacity(capacity);
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
    protected void setValue(int row, Object value) {
        List<Object> values = ((Row) value).values();
        for (int i = 0; i < children.length; i++) {
            children[i].setObject(row, values.get(i));
        }
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        StructVector struct = (StructVector) target;
        for (int i = 0; i < children.length; i++) {
            children[i].copyRow(from, struct.children[i], to);
        }
    }
}
