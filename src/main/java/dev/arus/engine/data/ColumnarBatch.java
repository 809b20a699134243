package dev.arus.engine.data;

import java.util.ArrayList;
import java.util.List;

/**
 * A chunk of rows held column by column, one vector per column of {@link #schema()}. Operators
 * reuse their output batches from one chunk to the next: a consumer must copy what it keeps.
 */
public final class ColumnarBatch {

    /** Rows per chunk: small enough that a chunk's columns stay in the CPU cache. */
    public static final int CHUNK_SIZE = 4096;

    /** The capacity a buffer starts at, before its first chunk says how many rows it needs. */
    public static final int INITIAL_CAPACITY = 16;

    private final Schema schema;
    private final ColumnVector[] columns;
    private int size;

    public ColumnarBatch(Schema schema, ColumnVector[] columns, int size) {
        this.schema = schema;
        this.columns = columns;
        this.size = size;
    }

    /** An empty batch with freshly allocated vectors of {@code capacity} rows. */
    public static ColumnarBatch allocate(Schema schema, int capacity) {
        ColumnVector[] columns = new ColumnVector[schema.size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = ColumnVector.allocate(schema.field(i).type(), capacity);
        }
        return new ColumnarBatch(schema, columns, 0);
    }

    /**
     * The capacity to allocate, or grow to, for {@code rows} rows: the next power of two, at least
     * {@link #INITIAL_CAPACITY}. Buffers kept from one chunk to the next grow to the chunks they see
     * rather than starting at {@link #CHUNK_SIZE}: a query of a few rows a second then holds a few
     * hundred bytes, not tens of KiB, and a growing buffer is reallocated only a few times.
     */
    public static int capacityFor(int rows) {
        return rows <= INITIAL_CAPACITY ? INITIAL_CAPACITY : Integer.highestOneBit(rows - 1) << 1;
    }

    /** Grows every column as {@link ColumnVector#reserve} does, so that the batch holds at least {@code rows} rows. */
    public void ensureCapacity(int rows) {
        for (ColumnVector column : columns) {
            column.reserve(rows);
        }
    }

    public Schema schema() {
        return schema;
    }

    public ColumnVector column(int index) {
        return columns[index];
    }

    public void setColumn(int index, ColumnVector vector) {
        columns[index] = vector;
    }

    public int size() {
        return size;
    }

    public void setSize(int size) {
        this.size = size;
    }

    /**
     * Copies the first {@code count} rows of {@code source}, a batch of the same schema, after this
     * batch's rows, growing its vectors as {@link #ensureCapacity} does: what must outlive a chunk,
     * which its operator reuses.
     */
    public void append(ColumnarBatch source, int count) {
        ensureCapacity(size + count);
        for (int c = 0; c < columns.length; c++) {
            columns[c].copyFirst(source.columns[c], count, size);
        }
        size += count;
    }

    /** The rows as objects, for sinks and tests. */
    public List<Row> toRows() {
        return toRows(size);
    }

    /** The first {@code count} rows (at most the batch's size) as objects. */
    public List<Row> toRows(int count) {
        List<Row> rows = new ArrayList<>(count);
        for (int r = 0; r < count; r++) {
            Object[] values = new Object[columns.length];
            for (int c = 0; c < columns.length; c++) {
                values[c] = columns[c].getObject(r);
            }
            rows.add(new Row(schema, values));
        }
        return rows;
    }
}
