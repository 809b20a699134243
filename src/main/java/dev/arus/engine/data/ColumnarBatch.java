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

    /** The rows as objects, for sinks and tests. */
    public List<Row> toRows() {
        List<Row> rows = new ArrayList<>(size);
        for (int r = 0; r < size; r++) {
            Object[] values = new Object[columns.length];
            for (int c = 0; c < columns.length; c++) {
                values[c] = columns[c].getObject(r);
            }
            rows.add(new Row(schema, values));
        }
        return rows;
    }
}
