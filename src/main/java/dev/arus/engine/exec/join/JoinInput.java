package dev.arus.engine.exec.join;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.KeyHashes;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.RowBuffer;
import dev.arus.engine.expr.BoundExpression;
import java.util.Arrays;
import java.util.List;

/**
 * One task slot's rows of one side of a stream-stream join in one batch, Spark's shuffle write:
 * each row is copied into the buffer of the state partition its key's values hash to, the same
 * for both sides, every slot and every run. Emptied after every batch; used by one thread at a
 * time.
 */
final class JoinInput implements Operator {

    private final List<BoundExpression> keys;
    private final RowBuffer[] byPartition;
    private int[][] selections;
    private final int[] counts;

    JoinInput(Schema schema, List<BoundExpression> keys, int partitions) {
        this.keys = keys;
        this.byPartition = new RowBuffer[partitions];
        for (int p = 0; p < partitions; p++) {
            byPartition[p] = new RowBuffer(schema);
        }
        this.selections = new int[partitions][ColumnarBatch.CHUNK_SIZE];
        this.counts = new int[partitions];
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
        ColumnVector[] values = new ColumnVector[keys.size()];
        if (byPartition.length > 1) {
            for (int k = 0; k < values.length; k++) {
                values[k] = keys.get(k).evaluate(chunk, context.evaluation());
            }
        }
        for (int row = 0; row < size; row++) {
            int partition = KeyHashes.partitionOf(values, row, byPartition.length);
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
