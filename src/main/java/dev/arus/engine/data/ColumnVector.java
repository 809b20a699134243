package dev.arus.engine.data;

import java.util.Arrays;

/**
 * One column of a {@link ColumnarBatch}: a primitive array plus an optional null mask. Vectors
 * are reused from one chunk to the next, so the null mask is cleared in O(1) by
 * {@link #resetNulls()} and only filled when the first null of a chunk is written. Structs hold
 * one child vector per field; arrays and maps hold their elements in child vectors too, which
 * {@link #resetNulls()} empties for the next chunk.
 */
public abstract sealed class ColumnVector
        permits LongVector, DoubleVector, BigDecimalVector, BooleanVector, StringVector, BinaryVector, StructVector,
        SliceVector {

    private final DataType type;
    private boolean[] nulls;
    private boolean hasNulls;

    protected ColumnVector(DataType type) {
        this.type = type;
    }

    /** A vector of {@code type} able to hold {@code capacity} rows. */
    public static ColumnVector allocate(DataType type, int capacity) {
        if (type instanceof StructType struct) {
            ColumnVector[] children = new ColumnVector[struct.fields().size()];
            for (int i = 0; i < children.length; i++) {
                children[i] = allocate(struct.fields().get(i).type(), capacity);
            }
            return new StructVector(struct, children, capacity);
        }
        if (type instanceof ArrayType array) {
            return new ArrayVector(array, capacity);
        }
        if (type instanceof MapType map) {
            return new MapVector(map, capacity);
        }
        if (type.isLongBacked()) {
            return new LongVector(type, capacity);
        }
        if (type instanceof DecimalType wide) {
            return new BigDecimalVector(wide, capacity);
        }
        return switch ((AtomicType) type) {
            case FLOAT, DOUBLE -> new DoubleVector(type, capacity);
            case BOOLEAN -> new BooleanVector(capacity);
            case BINARY -> new BinaryVector(capacity);
            case STRING, NULL -> new StringVector(type, capacity);
            default -> throw new IllegalStateException(type + " is held in a long vector");
        };
    }

    public final DataType type() {
        return type;
    }

    public abstract int capacity();

    /** Grows the vector, keeping its rows, so that it holds at least {@code capacity} rows. */
    public final void ensureCapacity(int capacity) {
        if (capacity > capacity()) {
            if (nulls != null) {
                nulls = Arrays.copyOf(nulls, capacity);
            }
            growValues(capacity);
        }
    }

    /**
     * Grows the vector, keeping its rows, so that it holds at least {@code rows} rows, to the
     * next power of two ({@link ColumnarBatch#capacityFor}): for buffers reused from chunk to
     * chunk, which grow to the chunks they see and are reallocated only a few times.
     */
    public final void reserve(int rows) {
        if (rows > capacity()) {
            ensureCapacity(ColumnarBatch.capacityFor(rows));
        }
    }

    /** Replaces the value storage by one of {@code capacity} rows holding the same values. */
    protected abstract void growValues(int capacity);

    public final boolean hasNulls() {
        return hasNulls;
    }

    public final boolean isNull(int row) {
        return hasNulls && nulls[row];
    }

    public final void setNull(int row) {
        if (!hasNulls) {
            if (nulls == null || nulls.length < capacity()) {
                nulls = new boolean[capacity()];
            } else {
                Arrays.fill(nulls, false);
            }
            hasNulls = true;
        }
        nulls[row] = true;
    }

    /** Marks a row as holding a value; only needed when the vector already has nulls. */
    public final void setNotNull(int row) {
        if (hasNulls) {
            nulls[row] = false;
        }
    }

    /**
     * Forgets every null, ready for the next chunk; arrays and maps also drop their elements, so
     * every row must be written again before it is read.
     */
    public final void resetNulls() {
        hasNulls = false;
        resetValues();
    }

    /** Drops what a vector keeps besides its rows' own slots; fixed-width vectors keep nothing. */
    protected void resetValues() {
    }

    /**
     * The value of a row as an object: {@code Byte}, {@code Short}, {@code Integer}, {@code Long},
     * {@code Float}, {@code Double}, {@code java.math.BigDecimal} (of the type's scale),
     * {@code Boolean}, {@code String}, {@code byte[]} for binary (not copied: do not modify it),
     * {@code java.time.LocalDate} for dates, {@code java.time.Instant} for timestamps,
     * {@code java.time.Duration} for day-time intervals, a {@link Row} for structs, an unmodifiable
     * {@code java.util.List} for arrays, an unmodifiable insertion-ordered {@code java.util.Map}
     * for maps, or {@code null}. For sinks and tests, not for the per-row path.
     */
    public abstract Object getObject(int row);

    /** Sets a row from an object of the kind {@link #getObject} returns, or NULL. */
    public final void setObject(int row, Object value) {
        if (value == null) {
            setNull(row);
        } else {
            setNotNull(row);
            setValue(row, value);
        }
    }

    /** Stores a non-null object value; the null flag is already cleared. */
    protected abstract void setValue(int row, Object value);

    /** Copies row {@code from} of this vector, value or NULL, into row {@code to} of {@code target}. */
    public final void copyRow(int from, ColumnVector target, int to) {
        if (isNull(from)) {
            target.setNull(to);
        } else {
            target.setNotNull(to);
            copyValue(from, target, to);
        }
    }

    /**
     * Copies rows {@code rows[0..count)} of {@code source}, value or NULL, into rows {@code to},
     * {@code to + 1}, ... of this vector of the same type, which must hold them.
     */
    public void gather(ColumnVector source, int[] rows, int count, int to) {
        for (int i = 0; i < count; i++) {
            source.copyRow(rows[i], this, to + i);
        }
    }

    /**
     * Copies rows {@code [0, count)} of {@code source}, value or NULL, into rows {@code to},
     * {@code to + 1}, ... of this vector of the same type, which must hold them: {@link #gather}
     * of rows {@code 0, 1, ...}; a block copy where both keep their values in a flat array and
     * neither has NULLs.
     */
    public void copyFirst(ColumnVector source, int count, int to) {
        Object values = flatValues();
        if (values != null && !source.hasNulls() && !hasNulls()) {
            System.arraycopy(source.flatValues(), 0, values, to, count);
            return;
        }
        for (int i = 0; i < count; i++) {
            source.copyRow(i, this, to + i);
        }
    }

    /** The array holding one value a row, for {@link #copyFirst}'s block copy; null where values are not kept so. */
    protected Object flatValues() {
        return null;
    }

    /** Copies a non-null value to a vector of the same type; the target's null flag is already cleared. */
    protected abstract void copyValue(int from, ColumnVector target, int to);

    /**
     * Copies the rows of {@code source} whose {@code selected} flag is set into this vector's
     * first rows, packed; returns how many. Subclasses may do it faster.
     */
    public int compact(ColumnVector source, boolean[] selected, int size) {
        resetNulls();
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (selected[i]) {
                source.copyRow(i, this, kept++);
            }
        }
        return kept;
    }
}
