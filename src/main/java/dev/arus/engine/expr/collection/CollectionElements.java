package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.MapVector;

/**
 * The elements of a chunk's arrays (or the entries of its maps) laid end to end, row after row,
 * for a lambda to take them all at once: element {@code j} is at {@code positions[j]} of the
 * collection of row {@code rows[j]}; a row's elements start at {@link #offset} and number
 * {@link #length}, none for a NULL row. When the collections already lie so in their vector, as
 * they do when one function wrote them, the vector is used as it is; otherwise they are copied.
 * Reused from chunk to chunk.
 */
final class CollectionElements {

    private final ColumnVector firstCopy;
    private final ColumnVector secondCopy;
    private int[] rows = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] positions = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] sources = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] offsets = new int[ColumnarBatch.INITIAL_CAPACITY + 1];
    private ColumnVector first;
    private ColumnVector second;
    private int count;

    /** {@code secondType} null for arrays, the values' type for maps (whose keys are the first). */
    CollectionElements(DataType firstType, DataType secondType) {
        this.firstCopy = ColumnVector.allocate(firstType, ColumnarBatch.INITIAL_CAPACITY);
        this.secondCopy = secondType == null ? null : ColumnVector.allocate(secondType, ColumnarBatch.INITIAL_CAPACITY);
    }

    /** Lays out the first {@code size} rows of {@code arrays}. */
    void load(ArrayVector arrays, int size) {
        boolean inPlace = layOut(size, arrays, null);
        first = inPlace ? arrays.elements() : copy(arrays.elements(), firstCopy);
    }

    /** Lays out the first {@code size} rows of {@code maps}: keys first, values second. */
    void load(MapVector maps, int size) {
        boolean inPlace = layOut(size, null, maps);
        first = inPlace ? maps.keys() : copy(maps.keys(), firstCopy);
        second = inPlace ? maps.values() : copy(maps.values(), secondCopy);
    }

    private boolean layOut(int size, ArrayVector arrays, MapVector maps) {
        ColumnVector collections = arrays != null ? arrays : maps;
        if (offsets.length < size + 1) {
            offsets = new int[ColumnarBatch.capacityFor(size + 1)];
        }
        int total = 0;
        for (int row = 0; row < size; row++) {
            total += collections.isNull(row) ? 0 : arrays != null ? arrays.length(row) : maps.length(row);
        }
        if (rows.length < total) {
            int capacity = ColumnarBatch.capacityFor(total);
            rows = new int[capacity];
            positions = new int[capacity];
            sources = new int[capacity];
        }
        boolean inPlace = true;
        int j = 0;
        for (int row = 0; row < size; row++) {
            offsets[row] = j;
            if (collections.isNull(row)) {
                continue;
            }
            int start = arrays != null ? arrays.start(row) : maps.start(row);
            int length = arrays != null ? arrays.length(row) : maps.length(row);
            inPlace &= start == j;
            for (int p = 0; p < length; p++, j++) {
                rows[j] = row;
                positions[j] = p;
                sources[j] = start + p;
            }
        }
        offsets[size] = j;
        count = j;
        return inPlace;
    }

    private ColumnVector copy(ColumnVector source, ColumnVector target) {
        target.resetNulls();
        target.reserve(count);
        target.gather(source, sources, count, 0);
        return target;
    }

    /** The number of elements of all rows. */
    int count() {
        return count;
    }

    /** The elements (or the keys), {@link #count} rows. */
    ColumnVector first() {
        return first;
    }

    /** The values of maps, {@link #count} rows. */
    ColumnVector second() {
        return second;
    }

    /** The row each element belongs to. */
    int[] rows() {
        return rows;
    }

    /** Each element's position in its collection, from 0. */
    int[] positions() {
        return positions;
    }

    /** Where the elements of {@code row} start. */
    int offset(int row) {
        return offsets[row];
    }

    /** How many elements {@code row} has. */
    int length(int row) {
        return offsets[row + 1] - offsets[row];
    }
}
