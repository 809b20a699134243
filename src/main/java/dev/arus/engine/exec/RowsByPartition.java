package dev.arus.engine.exec;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BoundExpression;
import java.util.Arrays;
import java.util.List;

/**
 * One task slot's input rows of a stateful operator in one batch, by state partition, Spark's
 * shuffle write: each row is copied, in arrival order, into the buffer of the partition its key
 * belongs to ({@link KeyHashes}: the same for every slot, side and run, so that equal keys meet).
 * Emptied after every batch; used by one thread at a time.
 */
public final class RowsByPartition implements SlotInput {

    /** The values of a chunk's keys, one vector per key part; used by one thread at a time. */
    @FunctionalInterface
    public interface Keys {
        ColumnVector[] of(ColumnarBatch chunk, BatchContext context);

        /** Keys that are the chunk's columns at {@code positions}. */
        static Keys columns(int[] positions) {
            ColumnVector[] columns = new ColumnVector[positions.length];
            return (chunk, context) -> {
                for (int k = 0; k < positions.length; k++) {
                    columns[k] = chunk.column(positions[k]);
                }
                return columns;
            };
        }

        /** Keys that are {@code expressions} evaluated over the chunk. */
        static Keys evaluated(List<BoundExpression> expressions) {
            return (chunk, context) -> {
                ColumnVector[] values = new ColumnVector[expressions.size()];
                for (int k = 0; k < values.length; k++) {
                    values[k] = expressions.get(k).evaluate(chunk, context.evaluation());
                }
                return values;
            };
        }
    }

    private final Keys keys;
    private final RowBuffer[] byPartition;
    private int[][] selections;
    private final int[] counts;

    public RowsByPartition(Schema schema, Keys keys, int partitions) {
        this.keys = keys;
        this.byPartition = new RowBuffer[partitions];
        for (int p = 0; p < partitions; p++) {
            byPartition[p] = new RowBuffer(schema);
        }
        this.selections = new int[partitions][ColumnarBatch.CHUNK_SIZE];
        this.counts = new int[partitions];
    }

    /** The rows of partition {@code partition} pushed since the last {@link #clear()}. */
    public RowBuffer rowsOf(int partition) {
        return byPartition[partition];
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        int size = chunk.size();
        if (selections[0].length < size) {
            selections = new int[byPartition.length][size];
        }
        Arrays.fill(counts, 0);
        // With one partition every row goes to it: the keys are not even looked at.
        ColumnVector[] values = byPartition.length > 1 ? keys.of(chunk, context) : null;
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

    @Override
    public void clear() {
        for (RowBuffer buffer : byPartition) {
            buffer.clear();
        }
    }
}
