package dev.arus.engine.data;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A vector of arrays. A row is a slice {@code [start, start + length)} of one element vector
 * shared by all rows; the slices of a chunk are appended one after another, so rows may be
 * written in any order and writing one allocates nothing once the element vector has grown to
 * the chunk's needs. {@link #resetNulls()} empties the element vector.
 */
public final class ArrayVector extends ColumnVector {

    private static final int MINIMUM_ELEMENTS = 16;

    private final ColumnVector elements;
    private int[] starts;
    private int[] lengths;
    private int elementCount;

    public ArrayVector(ArrayType type, int capacity) {
        super(type);
        this.starts = new int[capacity];
        this.lengths = new int[capacity];
        this.elements = ColumnVector.allocate(type.elementType(), Math.max(capacity, MINIMUM_ELEMENTS));
    }

    /** The vector every row's elements live in. */
    public ColumnVector elements() {
        return elements;
    }

    /** The index in {@link #elements()} of the first element of a non-null row. */
    public int start(int row) {
        return starts[row];
    }

    /** The number of elements of a non-null row. */
    public int length(int row) {
        return lengths[row];
    }

    /**
     * Makes {@code row} a non-null array of {@code length} elements and returns the index in
     * {@link #elements()} where the caller writes them, each as a value or NULL.
     */
    public int appendRow(int row, int length) {
        int start = elementCount;
        int end = start + length;
        if (end > elements.capacity()) {
            elements.ensureCapacity(Math.max(end, 2 * elements.capacity()));
        }
        starts[row] = start;
        lengths[row] = length;
        elementCount = end;
        setNotNull(row);
        return start;
    }

    /**
     * Makes {@code row} a non-null empty array, to be filled one element at a time with
     * {@link #appendElement}, for writers that do not know the length up front (a JSON parser).
     * Elements of nested values go to child vectors, so no other row may be begun until this
     * one is complete.
     */
    public void beginRow(int row) {
        starts[row] = elementCount;
        lengths[row] = 0;
        setNotNull(row);
    }

    /** Adds an element to the row begun last and returns its index in {@link #elements()}. */
    public int appendElement(int row) {
        if (elementCount == elements.capacity()) {
            elements.ensureCapacity(2 * elementCount);
        }
        lengths[row]++;
        return elementCount++;
    }

    @Override
    public int capacity() {
        return starts.length;
    }

    @Override
    protected void growValues(int capacity) {
        starts = Arrays.copyOf(starts, capacity);
        lengths = Arrays.copyOf(lengths, capacity);
    }

    @Override
    protected void resetValues() {
        elementCount = 0;
        elements.resetNulls();
    }

    @Override
    public Object getObject(int row) {
        if (isNull(row)) {
            return null;
        }
        Object[] items = new Object[lengths[row]];
        for (int i = 0; i < items.length; i++) {
            items[i] = elements.getObject(starts[row] + i);
        }
        return Collections.unmodifiableList(Arrays.asList(items));
    }

    @Override
    protected void setValue(int row, Object value) {
        List<?> items = (List<?>) value;
        int start = appendRow(row, items.size());
        for (int i = 0; i < items.size(); i++) {
            elements.setObject(start + i, items.get(i));
        }
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        ArrayVector array = (ArrayVector) target;
        int length = lengths[from];
        int source = starts[from];
        int start = array.appendRow(to, length);
        for (int i = 0; i < length; i++) {
            elements.copyRow(source + i, array.elements, start + i);
        }
    }
}
