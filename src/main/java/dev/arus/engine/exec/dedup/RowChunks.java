package dev.arus.engine.exec.dedup;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows copied out of chunks, which do not outlive the call that hands them on, into full chunks
 * of their own, so that they go downstream later without another copy. The chunks are kept from
 * batch to batch; the first grows to the rows it holds, so a quiet stream holds a few rows, not a
 * full chunk. Used by one thread at a time.
 */
final class RowChunks {

    private final Schema schema;
    private final List<ColumnarBatch> chunks = new ArrayList<>();
    // The chunk being filled; those before it are full.
    private int current;
    // The selection's rows that go to the next chunk.
    private int[] tail = new int[ColumnarBatch.INITIAL_CAPACITY];

    RowChunks(Schema schema) {
        this.schema = schema;
    }

    /** Copies rows {@code selection[0..count)} of {@code chunk}, in that order. */
    void append(ColumnarBatch chunk, int[] selection, int count) {
        int room = ColumnarBatch.CHUNK_SIZE - filling().size();
        if (count <= room) {
            copy(chunk, selection, count);
            return;
        }
        copy(chunk, selection, room);
        if (tail.length < count - room) {
            tail = new int[ColumnarBatch.capacityFor(count - room)];
        }
        System.arraycopy(selection, room, tail, 0, count - room);
        current++;
        copy(chunk, tail, count - room);
    }

    private void copy(ColumnarBatch chunk, int[] selection, int count) {
        ColumnarBatch into = filling();
        int at = into.size();
        into.ensureCapacity(at + count);
        for (int c = 0; c < schema.size(); c++) {
            into.column(c).gather(chunk.column(c), selection, count, at);
        }
        into.setSize(at + count);
    }

    /** The chunk rows go to now: a kept one emptied for reuse, or a new one. */
    private ColumnarBatch filling() {
        if (current == chunks.size()) {
            chunks.add(ColumnarBatch.allocate(schema, ColumnarBatch.INITIAL_CAPACITY));
        }
        return chunks.get(current);
    }

    /** Pushes the rows appended since the last {@link #clear()} to {@code downstream}, a chunk at a time. */
    void pushTo(Operator downstream, BatchContext context) {
        for (int c = 0; c <= current && c < chunks.size(); c++) {
            if (chunks.get(c).size() > 0) {
                downstream.process(chunks.get(c), context);
            }
        }
    }

    /** Forgets the rows, keeping the chunks. */
    void clear() {
        for (int c = 0; c <= current && c < chunks.size(); c++) {
            ColumnarBatch chunk = chunks.get(c);
            chunk.setSize(0);
            for (int column = 0; column < schema.size(); column++) {
                chunk.column(column).resetNulls();
            }
        }
        current = 0;
    }
}
