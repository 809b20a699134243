package dev.arus.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A task slot's rows, copied into the buffer of the state partition their key belongs to. */
class RowsByPartitionTest {

    private static final Schema SCHEMA = new Schema(List.of(new Field("key", AtomicType.LONG, false),
            new Field("seq", AtomicType.LONG, false)));
    private static final BatchContext CONTEXT = new BatchContext(0, 0, 0, new EvaluationContext(0, ZoneOffset.UTC));

    /** A chunk of rows {@code (key, seq)}, {@code seq} counting from {@code firstSeq}. */
    private static ColumnarBatch chunk(int firstSeq, long... keys) {
        ColumnarBatch chunk = ColumnarBatch.allocate(SCHEMA, keys.length);
        for (int row = 0; row < keys.length; row++) {
            ((LongVector) chunk.column(0)).values()[row] = keys[row];
            ((LongVector) chunk.column(1)).values()[row] = firstSeq + row;
        }
        chunk.setSize(keys.length);
        return chunk;
    }

    /** The {@code column} values of partition {@code partition}'s rows, in their order. */
    private static List<Long> values(RowsByPartition rows, int partition, int column) {
        ColumnarBatch buffered = rows.rowsOf(partition).rows();
        List<Long> values = new ArrayList<>();
        for (int row = 0; row < buffered.size(); row++) {
            values.add(((LongVector) buffered.column(column)).values()[row]);
        }
        return values;
    }

    private static int partitionHolding(RowsByPartition rows, int partitions, long key) {
        return IntStream.range(0, partitions).filter(p -> values(rows, p, 0).contains(key)).findFirst().orElse(-1);
    }

    @Test
    void rowsOfOneKeyMeetInOnePartitionWhicheverSlotTakesThem() {
        RowsByPartition slot0 = new RowsByPartition(SCHEMA, RowsByPartition.Keys.columns(new int[] {0}), 4);
        RowsByPartition slot1 = new RowsByPartition(SCHEMA, RowsByPartition.Keys.columns(new int[] {0}), 4);

        slot0.process(chunk(0, 1, 2, 3, 4, 5, 6, 7, 8), CONTEXT);
        slot1.process(chunk(100, 8, 7, 6, 5, 4, 3, 2, 1), CONTEXT);

        for (long key = 1; key <= 8; key++) {
            assertThat(partitionHolding(slot1, 4, key)).as("key %d", key).isEqualTo(partitionHolding(slot0, 4, key))
                    .isNotNegative();
        }
        assertThat(IntStream.range(0, 4).map(p -> slot0.rowsOf(p).size()).sum()).isEqualTo(8);
    }

    @Test
    void aPartitionKeepsItsRowsInTheOrderTheyCameAcrossChunks() {
        RowsByPartition rows = new RowsByPartition(SCHEMA, RowsByPartition.Keys.columns(new int[] {0}), 3);

        rows.process(chunk(0, 5, 6, 5, 7), CONTEXT);
        rows.process(chunk(4, 6, 5, 7, 5), CONTEXT);

        int partition = partitionHolding(rows, 3, 5);
        List<Long> keys = values(rows, partition, 0);
        List<Long> sequence = values(rows, partition, 1);
        assertThat(sequence).isSorted();
        assertThat(IntStream.range(0, keys.size()).filter(i -> keys.get(i) == 5).mapToObj(sequence::get))
                .containsExactly(0L, 2L, 5L, 7L);
    }

    @Test
    void keysEvaluatedFromExpressionsPartitionAsTheColumnsTheyAre() {
        RowsByPartition byColumn = new RowsByPartition(SCHEMA, RowsByPartition.Keys.columns(new int[] {0}), 5);
        RowsByPartition byExpression = new RowsByPartition(SCHEMA, RowsByPartition.Keys.evaluated(
                List.of(ExpressionAnalyzer.bind(ExpressionParser.parse("key"), SCHEMA))), 5);

        byColumn.process(chunk(0, 10, 11, 12, 13, 14, 15), CONTEXT);
        byExpression.process(chunk(0, 10, 11, 12, 13, 14, 15), CONTEXT);

        for (int p = 0; p < 5; p++) {
            assertThat(values(byExpression, p, 0)).isEqualTo(values(byColumn, p, 0));
        }
    }

    @Test
    void withOnePartitionEveryRowGoesToItAndClearEmptiesIt() {
        RowsByPartition rows = new RowsByPartition(SCHEMA, (chunk, context) -> {
            throw new AssertionError("one partition needs no keys");
        }, 1);

        rows.process(chunk(0, 3, 1, 2), CONTEXT);
        assertThat(values(rows, 0, 0)).containsExactly(3L, 1L, 2L);

        rows.clear();
        assertThat(rows.rowsOf(0).size()).isZero();
    }
}
