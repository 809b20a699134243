package dev.arus.engine.data;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A vector of maps, laid out as {@link ArrayVector} lays out arrays: a row is a slice of a key
 * vector and a value vector shared by all rows, entries in their insertion order. Keys are never
 * NULL. {@link #resetNulls()} empties both.
 */
public final class MapVector extends ColumnVector {

    private static final int MINIMUM_ENTRIES = 16;

    private final ColumnVector keys;
    private final ColumnVector values;
    private int[] starts;
    private int[] lengths;
    private int entryCount;

    public MapVector(MapType type, int capacity) {
        super(type);
        this.starts = new int[capacity];
        this.lengths = new int[capacity];
        int entries = Math.max(capacity, MINIMUM_ENTRIES);
        this.keys = ColumnVector.allocate(type.keyType(), entries);
        this.values = ColumnVector.allocate(type.valueType(), entries);
    }

    public ColumnVector keys() {
        return keys;
    }

    public ColumnVector values() {
        return values;
    }

    /** The index in {@link #keys()} and {@link #values()} of the first entry of a non-null row. */
    public int start(int row) {
        return starts[row];
    }

    /** The number of entries of a non-null row. */
    public int length(int row) {
        return lengths[row];
    }

    /**
     * Makes {@code row} a non-null map of {@code length} entries and returns the index in
     * {@link #keys()} and {@link #values()} where the caller writes them.
     */
    public int appendRow(int row, int length) {
        int start = entryCount;
        int end = start + length;
        if (end > keys.capacity()) {
            int capacity = Math.max(end, 2 * keys.capacity());
            keys.ensureCapacity(capacity);
            values.ensureCapacity(capacity);
        }
        starts[row] = start;
        lengths[row] = length;
        entryCount = end;
        setNotNull(row);
        return start;
    }

    /**
     * Makes {@code row} a non-null empty map, to be filled one entry at a time with
     * {@link #appendEntry}; no other row may be begun until this one is complete.
     */
    public void beginRow(int row) {
        starts[row] = entryCount;
        lengths[row] = 0;
        setNotNull(row);
    }

    /** Adds an entry to the row begun last and returns its index in {@link #keys()} and {@link #values()}. */
    public int appendEntry(int row) {
        if (entryCount == keys.capacity()) {
            keys.ensureCapacity(2 * entryCount);
            values.ensureCapacity(2 * entryCount);
        }
        lengths[row]++;
        return entryCount++;
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
        entryCount = 0;
        keys.resetNulls();
        values.resetNulls();
    }

    /** The entries in order; with duplicate keys (which from_json keeps, as Spark does) the last value wins. */
    @Override
    public Object getObject(int row) {
        if (isNull(row)) {
            return null;
        }
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = starts[row], end = starts[row] + lengths[row]; i < end; i++) {
            map.put(keys.getObject(i), values.getObject(i));
        }
        return Collections.unmodifiableMap(map);
    }

    @Override
    protected void setValue(int row, Object value) {
        Map<?, ?> map = (Map<?, ?>) value;
        int at = appendRow(row, map.size());
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            keys.setObject(at, entry.getKey());
            values.setObject(at++, entry.getValue());
        }
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        MapVector map = (MapVector) target;
        int length = lengths[from];
        int source = starts[from];
        int start = map.appendRow(to, length);
        for (int i = 0; i < length; i++) {
            keys.copyRow(source + i, map.keys, start + i);
            values.copyRow(source + i, map.values, start + i);
        }
    }
}
