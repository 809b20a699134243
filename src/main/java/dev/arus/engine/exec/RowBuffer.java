package dev.arus.engine.exec;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;

/**
 * Rows copied out of chunks, which do not outlive the call that hands them on, kept until the
 * next stage of the batch reads them: a stateful operator's input from one task slot. Grows as
 * needed and keeps its capacity from batch to batch; used by one thread at a time.
 */
public final class RowBuffer {

    private static final int INITIAL_CAPACITY = 256;

    private final ColumnarBatch rows;
    private int capacity = INITIAL_CAPACITY;
    private int size;

    public RowBuffer(Schema schema) {
        this.rows = ColumnarBatch.allocate(schema, INITIAL_CAPACITY);
    }

    /** Copies rows {@code selection[0..count)} of {@code chunk}, in that order. */
    public void append(ColumnarBatch chunk, int[] selection, int count) {
        int needed = size + count;
        if (needed > capacity) {
            capacity = Math.max(needed, capacity * 2);
            for (int c = 0; c < rows.schema().size(); c++) {
                rows.column(c).ensureCapacity(capacity);
            }
        }
        for (int c = 0; c < rows.schema().size(); c++) {
            rows.column(c).gather(chunk.column(c), selection, count, size);
        }
        size = needed;
    }

    public int size() {
        return size;
    }

    /** The rows appended since the last {@link #clear()}, valid until the next append or clear. */
    public ColumnarBatch rows() {
        rows.setSize(size);
        return rows;
    }

    public void clear() {
        size = 0;
        for (int c = 0; c < rows.schema().size(); c++) {
            rows.column(c).resetNulls();
        }
    }
}
