package dev.arus.engine.data;

import java.util.List;

/**
 * A vector of structs, held as one child vector per field. A struct vector either owns its
 * children, allocated with it, or is a view over vectors that others own (see {@link #view}),
 * which lets an expression build a struct from its fields' vectors without copying them; a view
 * never resets or grows the vectors it shows.
 */
public final class StructVector extends ColumnVector {

    private final ColumnVector[] children;
    private final Schema rowSchema;
    private final boolean ownsChildren;
    private int capacity;

    public StructVector(StructType type, ColumnVector[] children, int capacity) {
        this(type, children, capacity, true);
    }

    private StructVector(StructType type, ColumnVector[] children, int capacity, boolean ownsChildren) {
        super(type);
        if (children.length != type.fields().size()) {
            throw new IllegalArgumentException(children.length + " child vectors for " + type.simpleString());
        }
        this.children = children;
        this.rowSchema = new Schema(type.fields());
        this.ownsChildren = ownsChildren;
        this.capacity = capacity;
    }

    /** A struct over vectors set with {@link #setChild}; it owns none of them. */
    public static StructVector view(StructType type) {
        return new StructVector(type, new ColumnVector[type.fields().size()], Integer.MAX_VALUE, false);
    }

    /** Shows {@code child} as field {@code field} of a {@link #view}; its rows are this vector's rows. */
    public void setChild(int field, ColumnVector child) {
        if (ownsChildren) {
            throw new IllegalStateException("only a struct view shows other vectors");
        }
        children[field] = child;
    }

    public ColumnVector child(int field) {
        return children[field];
    }

    /** As many rows as its smallest child holds; a struct without fields has a capacity of its own. */
    @Override
    public int capacity() {
        int smallest = capacity;
        for (ColumnVector child : children) {
            smallest = Math.min(smallest, child == null ? 0 : child.capacity());
        }
        return smallest;
    }

    @Override
    protected void growValues(int capacity) {
        if (!ownsChildren) {
            throw new IllegalStateException("a struct view cannot grow the vectors it shows");
        }
        this.capacity = Math.max(this.capacity, capacity);
        for (ColumnVector child : children) {
            child.ensureCapacity(capacity);
        }
    }

    @Override
    protected void resetValues() {
        if (ownsChildren) {
            for (ColumnVector child : children) {
                child.resetNulls();
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
