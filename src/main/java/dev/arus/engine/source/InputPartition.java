package dev.arus.engine.source;

import dev.arus.engine.data.ColumnarBatch;
import java.util.function.Consumer;

/**
 * One partition's share of a batch's rows, as Spark's {@code InputPartition} and its reader in
 * one: a batch's partitions are read on the task threads in parallel, each by one task. Reading
 * the same partition twice yields the same rows.
 */
public interface InputPartition {

    /**
     * Pushes the partition's rows to {@code consumer} in chunks of at most
     * {@link ColumnarBatch#CHUNK_SIZE} rows. {@code chunk} is a batch of the source's schema that
     * the calling task owns and reuses: a reader may fill it and hand it on, growing it first
     * ({@link ColumnarBatch#ensureCapacity}) as it may hold fewer rows than a full chunk, or hand
     * on chunks of its own. A chunk handed on is valid only during the call.
     */
    void read(ColumnarBatch chunk, Consumer<ColumnarBatch> consumer);
}
