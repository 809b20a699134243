package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.Batches;
import dev.arus.engine.streaming.ResultBatch;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class RecentBatchTest {

    private static final Schema WINDOW_COUNTS = Schema.of(
            new Field("window", StructType.WINDOW, true), new Field("count", AtomicType.LONG, false));
    private static final Instant START = Instant.parse("2026-10-16T13:29:20Z");

    @Test
    void writesRowsAsObjectsWithWindowsAndMillisecondTimestamps() {
        RecentBatch batch = RecentBatch.of(5, START.plusMillis(7),
                new ResultBatch(WINDOW_COUNTS, List.of(windowCount(26))), 10);

        assertThat(batch.batchId()).isEqualTo(5);
        assertThat(batch.timestamp()).isEqualTo("2026-10-16T13:29:20.007Z");
        assertThat(batch.rows()).containsExactly(Map.of(
                "window", Map.of("start", "2026-10-16T13:29:20.000Z", "end", "2026-10-16T13:29:28.000Z"),
                "count", 26L));
        assertThat(batch.omittedRows()).isZero();
    }

    @Test
    void writesDecimalsAsNumbersAndDatesAndIntervalsAsIsoText() {
        Schema schema = Schema.of(new Field("price", new DecimalType(5, 2), true), new Field("day", AtomicType.DATE, true),
                new Field("wait", DayTimeIntervalType.DAY_TO_SECOND, true), new Field("ratio", AtomicType.FLOAT, true));
        Row row = new Row(schema, new Object[] {new BigDecimal("3.30"), LocalDate.parse("2026-12-01"),
                Duration.ofMinutes(90), 1.5f});

        RecentBatch batch = RecentBatch.of(0, START, new ResultBatch(schema, List.of(row)), 10);

        assertThat(batch.rows()).containsExactly(Map.of(
                "price", new BigDecimal("3.30"), "day", "2026-12-01", "wait", "PT1H30M", "ratio", 1.5f));
    }

    @Test
    void keepsAtMostTheGivenRowsButCountsThemAll() {
        RecentBatch batch = RecentBatch.of(0, START,
                new ResultBatch(WINDOW_COUNTS, List.of(windowCount(1), windowCount(2), windowCount(3))), 2);

        assertThat(batch.rows()).hasSize(2);
        assertThat(batch.numRows()).isEqualTo(3);
        assertThat(batch.omittedRows()).isEqualTo(1);
    }

    /** Rows as the maps they were: columns in order, shown and compared as maps; a name twice kept once. */
    @Test
    void writesEachRowAsItsColumnsInOrderAndARepeatedNameOnce() {
        Schema schema = Schema.of(new Field("value", AtomicType.LONG, true), new Field("name", AtomicType.STRING, true),
                new Field("at", AtomicType.TIMESTAMP, true));
        Schema repeated = Schema.of(new Field("value", AtomicType.LONG, true),
                new Field("name", AtomicType.STRING, true), new Field("value", AtomicType.LONG, true));

        Map<String, Object> row = RecentBatch.of(0, START, new ResultBatch(schema,
                List.of(new Row(schema, new Object[] {7L, null, START}))), 10).rows().get(0);
        Map<String, Object> twice = RecentBatch.of(0, START, new ResultBatch(repeated,
                List.of(new Row(repeated, new Object[] {1L, "a", 2L}))), 10).rows().get(0);

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("value", 7L);
        expected.put("name", null);
        expected.put("at", "2026-10-16T13:29:20.000Z");
        assertThat(row).isEqualTo(expected).hasSameHashCodeAs(expected).containsKey("name").doesNotContainKey("id");
        assertThat(row.toString()).isEqualTo(expected.toString());
        assertThat(row.keySet()).containsExactly("value", "name", "at");
        assertThat(twice.toString()).isEqualTo("{value=2, name=a}");
    }

    /** Kept rows convert when read, to what converting them at once gives, whatever their columns hold, handed as rows or columns. */
    @Test
    void readsTheRowsAsTheirConversion() {
        Schema schema = Schema.of(new Field("at", AtomicType.TIMESTAMP, true), new Field("maybe", AtomicType.TIMESTAMP, true),
                new Field("window", StructType.WINDOW, true), new Field("tags", new ArrayType(AtomicType.STRING, true), true),
                new Field("day", AtomicType.DATE, true), new Field("bytes", AtomicType.BINARY, true));
        Row window = new Row(new Schema(StructType.WINDOW.fields()), new Object[] {START, START.plusSeconds(8)});
        List<Row> rows = List.of(
                new Row(schema, new Object[] {START.plusNanos(1_234_567), null, window, List.of("a", "b"),
                    LocalDate.parse("2026-12-01"), new byte[] {1, 2}}),
                new Row(schema, new Object[] {START.minusNanos(1_500_000), START, null, null, null, null}));

        ResultBatch columns = ResultBatch.ofColumns(schema,
                Batches.of(schema, rows.stream().map(row -> row.values().toArray()).toArray(Object[][]::new)), 2);

        for (ResultBatch handed : List.of(new ResultBatch(schema, rows), columns)) {
            RecentBatch batch = RecentBatch.of(0, START, handed, 10);

            assertThat(batch.rows()).isEqualTo(JsonRows.of(rows, 10));
            assertThat(batch.rows().get(1)).containsEntry("at", "2026-10-16T13:29:19.998Z");
        }
        assertThat(RecentBatch.of(0, START, columns, 1).rows()).isEqualTo(JsonRows.of(rows, 1));
    }

    /** The rows are converted once: every reader, on any thread, gets the same objects. */
    @Test
    void convertsTheKeptRowsOnceForEveryReader() throws Exception {
        RecentBatch batch = RecentBatch.of(0, START,
                new ResultBatch(WINDOW_COUNTS, List.of(windowCount(1), windowCount(2))), 10);
        ExecutorService readers = Executors.newFixedThreadPool(4);
        try {
            List<Future<Map<String, Object>>> read = readers.invokeAll(
                    Collections.nCopies(8, () -> batch.rows().get(1)));

            for (Future<Map<String, Object>> row : read) {
                assertThat(row.get()).isSameAs(batch.rows().get(1)).containsEntry("count", 2L);
            }
        } finally {
            readers.shutdownNow();
        }
    }

    private static Row windowCount(long count) {
        Schema window = new Schema(StructType.WINDOW.fields());
        return new Row(WINDOW_COUNTS, new Object[] {
                new Row(window, new Object[] {START, START.plusSeconds(8)}), count});
    }
}
