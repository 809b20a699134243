package dev.arus.engine.exec.dedup;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.SlotInput;
import java.util.function.LongConsumer;

/**
 * The input of a deduplication that one task slot feeds into its one state partition: it
 * deduplicates each chunk as it comes, while the chunk's rows are in cache, and keeps only the
 * rows whose keys are new, in chunks ({@link RowChunks}), until the partition's task pushes them
 * on ({@link #handOn}). The partition sees the slot's rows in the same order as from a buffer of
 * the whole batch, and eviction still waits for the partition's task, so the rows, their order and
 * the state are the same; what it spares is copying every row of the batch and reading their keys
 * back. Emptied after every batch; used by one thread at a time.
 */
final class DeduplicatingInput implements SlotInput {

    private final RowChunks newRows;
    private DeduplicationPartition partition;
    private LongConsumer keysAdded;

    DeduplicatingInput(Schema schema) {
        this.newRows = new RowChunks(schema);
    }

    /**
     * Feeds {@code partition}, reporting the keys each chunk adds to {@code keysAdded}; called once,
     * before the first batch.
     */
    void feed(DeduplicationPartition partition, LongConsumer keysAdded) {
        this.partition = partition;
        this.keysAdded = keysAdded;
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        keysAdded.accept(partition.process(chunk, context.batchId() + 1, context, newRows::append));
    }

    /** Pushes the batch's rows with new keys to {@code downstream}: the partition's task. */
    void handOn(BatchContext context, Operator downstream) {
        newRows.pushTo(downstream, context);
    }

    @Override
    public void clear() {
        newRows.clear();
    }
}
