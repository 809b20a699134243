package dev.arus.engine.exec.dedup;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.RowBuffer;
import java.util.Arrays;

/**
 * One task slot's input to a deduplication in one batch, Spark's shuffle write: each row is
 * copied into the buffer of the state partition its key belongs to, in arrival order. Emptied
 * after every batch; used by one thread at a time.
 */
final class DeduplicationInput implements Operator {

    private final KeyPartitioner partitioner;
    private final RowBuffer[] byPartition;
    private int[][] selections;
    private int[] counts;

    DeduplicationInput(Schema schema, KeyPartitioner partitioner) {
        this.partitioner = partitioner;
        this.byPartition = new RowBuffer[partitioner.partitions()];
        for (int p = 0; p < byPartition.length; p++) {
            byPartition[p] = new RowBuffer(schema);
        }
        this.selections = new int[byPartition.length][ColumnarBatch.CHUNK_SIZE];
        this.counts = new int[byPartition.length];
    }

    RowBuffer rowsOf(int partition) {
        return byPartition[partition];
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        int size = chunk.size();
        if (selections[0].length < size) {
            selections = new int[byPartition.length][size];
        }
        Arrays.fill(counts, 0);
        for (int row = 0; row < size; row++) {
            int partition = partitioner.partitionOf(chunk, row);
            selections[partition][counts[partition]++] = row;
        }
        for (int p = 0; p < byPartition.length; p++) {
            if (counts[p] > 0) {
                byPartition[p].append(chunk, selections[p], counts[p]);
            }
        }
    }

    void clear() {
        for (RowBuffer buffer : byPartition) {
            buffer.clear();
        }
    }
}
