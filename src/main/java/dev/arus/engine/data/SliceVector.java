package dev.arus.engine.data;

import java.util.Arrays;

/**
 * A vector whose row is a slice {@code [start, start + length)} of child vectors shared by all
 * rows: an array's elements, a map's keys and values, the same index in each. The slices of a
 * chunk are appended one after another, so rows may be written in any order and writing one
 * allocates nothing once the children have grown to the chunk's needs. {@link #resetNulls()}
 * empties the children.
 */
public abstract sealed class SliceVector extends ColumnVector permits ArrayVector, MapVector {

    private static final int MINIMUM_ITEMS = 16;

    private final ColumnVector[] children;
    private int[] starts;
    private int[] lengths;
    private int itemCount;

    /** A vector of {@code capacity} rows of {@code type}, whose slices are of children of {@code childTypes}. */
    protected SliceVector(DataType type, int capacity, DataType... childTypes) {
        super(type);
        this.starts = new int[capacity];
        this.lengths = new int[capacity];
        this.children = new ColumnVector[childTypes.length];
        for (int k = 0; k < children.length; k++) {
            children[k] = ColumnVector.allocate(childTypes[k], Math.max(capacity, MINIMUM_ITEMS));
        }
    }

    /** Child vector {@code k}, which holds every row's slice. */
    protected final ColumnVector child(int k) {
        return children[k];
    }

    /** The index in the children of the first item of a non-null row. */
    public final int start(int row) {
        return starts[row];
    }

    /** The number of items of a non-null row. */
    public final int length(int row) {
        return lengths[row];
    }

    /**
     * Makes {@code row} a non-null slice of {@code length} items and returns the index in the
     * children where the caller writes them, each as a value or NULL.
     */
    public final int appendRow(int row, int length) {
        int start = itemCount;
        int end = start + length;
        if (end > children[0].capacity()) {
            growChildren(Math.max(end, 2 * children[0].capacity()));
        }
        starts[row] = start;
        lengths[row] = length;
        itemCount = end;
        setNotNull(row);
        return start;
    }

    /**
     * Makes {@code row} a non-null empty slice, to be filled one item at a time with
     * {@link #appendToRow}, for writers that do not know the length up front (a JSON parser).
     * Items of nested values go to the children's own children, so no other row may be begun
     * until this one is complete.
     */
    public final void beginRow(int row) {
        starts[row] = itemCount;
        lengths[row] = 0;
        setNotNull(row);
    }

    /** Adds an item to the row begun last and returns its index in the children. */
    public final int appendToRow(int row) {
        if (itemCount == children[0].capacity()) {
            growChildren(2 * itemCount);
        }
        lengths[row]++;
        return itemCount++;
    }

    private void growChildren(int capacity) {
        for (ColumnVector child : children) {
            child.ensureCapacity(capacity);
        }
    }

    @Override
    public final int capacity() {
        return starts.length;
    }

    @Override
    protected final void growValues(int capacity) {
        starts = Arrays.copyOf(starts, capacity);
        lengths = Arrays.copyOf(lengths, capacity);
    }

    @Override
    protected final void resetValues() {
        itemCount = 0;
        for (ColumnVector child : children) {
            child.resetNulls();
        }
    }

    @Override
    protected final void copyValue(int from, ColumnVector target, int to) {
        SliceVector slices = (SliceVector) target;
        int length = lengths[from];
        int source = starts[from];
        int start = slices.appendRow(to, length);
        for (int k = 0; k < children.length; k++) {
            for (int i = 0; i < length; i++) {
                children[k].copyRow(source + i, slices.children[k], start + i);
            }
        }
    }
}
