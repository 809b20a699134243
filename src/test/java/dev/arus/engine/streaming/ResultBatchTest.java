package dev.arus.engine.streaming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.Batches;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A batch handed over as columns shows the rows those columns hold, made once, and its first rows alone. */
class ResultBatchTest {

    private static final Schema WINDOW_COUNTS = Schema.of(
            new Field("window", StructType.WINDOW, true), new Field("count", AtomicType.LONG, true));
    private static final Instant START = Instant.parse("2026-10-16T13:29:20Z");

    @Test
    void showsTheRowsItsColumnsHoldAndMakesThemOnce() {
        List<Row> rows = List.of(windowCount(0, 26L), windowCount(8, null), windowCount(16, 3L));
        ResultBatch batch = ResultBatch.ofColumns(WINDOW_COUNTS, columns(rows), 10);

        assertThat(batch.size()).isEqualTo(3);
        assertThat(batch.count()).isEqualTo(10);
        assertThat(batch.value(0, 0)).isEqualTo(rows.get(0).get(0));
        assertThat(batch.value(1, 1)).isNull();
        assertThat(batch.rows()).isEqualTo(rows).isSameAs(batch.rows());
        assertThatThrownBy(() -> batch.value(3, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void keepsItsFirstRowsAloneAndItsCount() {
        List<Row> rows = List.of(windowCount(0, 1L), windowCount(8, 2L), windowCount(16, 3L));

        for (ResultBatch batch : List.of(ResultBatch.ofColumns(WINDOW_COUNTS, columns(rows), 5),
                new ResultBatch(WINDOW_COUNTS, rows, 5))) {
            ResultBatch first = batch.first(2);

            assertThat(first.size()).isEqualTo(2);
            assertThat(first.count()).isEqualTo(5);
            assertThat(first.rows()).isEqualTo(rows.subList(0, 2));
            assertThat(first.value(1, 1)).isEqualTo(2L);
            assertThat(batch.first(4).rows()).isEqualTo(rows);
        }
    }

    @Test
    void copiesAColumnIntoAVectorItsReaderMayWriteWideningItForAWiderType() {
        List<Row> rows = List.of(windowCount(0, 1L), windowCount(8, null));

        for (ResultBatch batch : List.of(ResultBatch.ofColumns(WINDOW_COUNTS, columns(rows), 5),
                new ResultBatch(WINDOW_COUNTS, rows, 5))) {
            ColumnVector windows = ColumnVector.allocate(StructType.WINDOW, 2);
            batch.copyColumn(0, windows);
            ColumnVector counts = ColumnVector.allocate(AtomicType.LONG, 2);
            batch.copyColumn(1, counts);
            ColumnVector widened = ColumnVector.allocate(AtomicType.DOUBLE, 2);
            batch.copyColumn(1, widened);

            assertThat(windows.getObject(1)).isEqualTo(rows.get(1).get(0));
            assertThat(counts.getObject(0)).isEqualTo(1L);
            assertThat(counts.isNull(1)).isTrue();
            assertThat(widened.getObject(0)).isEqualTo(1.0);
            assertThat(widened.isNull(1)).isTrue();
            counts.setObject(1, 7L);
            assertThat(batch.value(1, 1)).isNull();
            assertThat(batch.rows()).isEqualTo(rows);
        }
    }

    private static ColumnarBatch columns(List<Row> rows) {
        return Batches.of(WINDOW_COUNTS, rows.stream().map(row -> row.values().toArray()).toArray(Object[][]::new));
    }

    private static Row windowCount(long startSeconds, Long count) {
        Schema window = new Schema(StructType.WINDOW.fields());
        return new Row(WINDOW_COUNTS, new Object[] {
                new Row(window, new Object[] {START.plusSeconds(startSeconds), START.plusSeconds(startSeconds + 8)}), count});
    }
}
