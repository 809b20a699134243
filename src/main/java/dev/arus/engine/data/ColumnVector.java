package dev.arus.engine.data;

import java.util.Arrays;

/**
 * One column of a {@link ColumnarBatch}: a primitive array plus an optional null mask. Vectors
 * are reused from one chunk to the next, so the null mask is cleared in O(1) by
 * {@link #resetNulls()} and only filled when the first null of a chunk is written.
 */
public abstract sealed class ColumnVector
        permits LongVector, DoubleVector, BooleanVector, StringVector, StructVector {

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
            return new StructVector(struct, children);
        }
        return switch ((AtomicType) type) {
            case INT, LONG, TIMESTAMP -> new LongVector(type, capacity);
            case DOUBLE -> new DoubleVector(capacity);
            case BOOLEAN -> new BooleanVector(capacity);
            case STRING, NULL -> new StringVector(type, capacity);
        };
    }

    public final DataType type() {
        return type;
    }

    public abstract int capacity();

    /** Grows the vector, keeping its first {@code size} rows, so that it holds {@code capacity}. */
    public abstract void ensureCapacity(int capacity, int size);

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

    /** Forgets every null, ready for the next chunk. */
    public final void resetNulls() {
        hasNulls = false;
    }

    /** Copies the null flags of {@code source}'s rows {@code [0, size)}. */
    protected final void copyNullsFrom(ColumnVector source, int size) {
        resetNulls();
        if (source.hasNulls) {
            for (int i = 0; i < size; i++) {
                if (source.nulls[i]) {
                    setNull(i);
                }
            }
        }
    }

    protected final void growNulls(int capacity) {
        if (nulls != null) {
            nulls = Arrays.copyOf(nulls, capacity);
        }
    }

    /**
     * The value of a row as an object: {@code Integer}, {@code Long}, {@code Double},
     * {@code Boolean}, {@code String}, {@code java.time.Instant} for timestamps, a {@link Row}
     * for structs, or {@code null}. For sinks and tests, not for the per-row path.
     */
    public abstract Object getObject(int row);

    /** Sets a row from an object of the kind {@link #getObject} returns. */
    public abstract void setObject(int row, Object value);

    /** Copies row {@code from} of this vector into row {@code to} of {@code target}. */
    public abstract void copyRow(int from, ColumnVector target, int to);

    /** Copies the rows of {@code source} whose {@code selected} flag is set, packed; returns how many. */
    public abstract int compact(ColumnVector source, boolean[] selected, int size);
}
