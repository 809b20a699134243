package dev.arus.engine.exec.dedup;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.testing.StreamCase.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.testing.QueryTestDriver;
import dev.arus.engine.testing.StreamCase;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Spark's streaming deduplication batch by batch, on Spark's own golden cases (its
 * {@code StreamingDeduplicationSuite} and {@code StreamingDeduplicationWithinWatermarkSuite}):
 * the rows out of each batch, the no-data batches a moving watermark runs, and the state figures.
 * Rows come from a stream of the event log, a batch's worth appended before each trigger; each
 * case runs straight through without a checkpoint (its state in memory, evicted without files to
 * write) and with one, and restarted from its checkpoint after every batch.
 */
class DeduplicationTest {

    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");

    @TempDir
    Path directory;

    private final List<AutoCloseable> cases = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable run : cases) {
            run.close();
        }
    }

    /**
     * Each case straight through without and with a checkpoint, and restarted after every batch,
     * on one task slot (which deduplicates each chunk as it comes) and on two (whose rows are
     * buffered by partition).
     */
    static Stream<Arguments> runs() {
        return Stream.of(StreamCase.Checkpoint.values())
                .flatMap(checkpoint -> Stream.of(Arguments.of(checkpoint, 1), Arguments.of(checkpoint, 2)));
    }

    /**
     * A case of its own directory, its state kept as {@code checkpoint} says, on {@code slots}
     * task slots; closed after the test.
     */
    private StreamCase query(String schema, StreamCase.Checkpoint checkpoint, int slots,
                             Function<StreamFrame, StreamFrame> query) {
        StreamCase run = new StreamCase(directory.resolve("case-" + cases.size()), List.of(schema), checkpoint, slots,
                inputs -> query.apply(inputs.get(0)), w -> w.outputMode("append"));
        cases.add(run);
        return run;
    }

    /** {@code dropDuplicatesWithinWatermark("k")} over {@code (k, t)}, {@code t} in seconds, watermark 2 s. */
    private StreamCase withinWatermarkByK(StreamCase.Checkpoint checkpoint, int slots) {
        return query("k STRING, t BIGINT", checkpoint, slots, in -> in
                .withColumn("eventTime", expr("timestamp_seconds(t)"))
                .withWatermark("eventTime", "2 seconds")
                .dropDuplicatesWithinWatermark("k")
                .select(col("k"), expr("CAST(eventTime AS BIGINT) AS t")));
    }

    private static StateOperatorProgress state(StreamCase.Batch batch) {
        return batch.progress().stateOperators().get(0);
    }

    private static Object[][] times(long... values) {
        Object[][] rows = new Object[values.length][];
        for (int i = 0; i < values.length; i++) {
            rows[i] = row(values[i]);
        }
        return rows;
    }

    /** SDS "deduplicate with watermark": the event time is a key, so keys are evicted once the watermark passes them. */
    private List<StreamCase.Batch> withWatermark(StreamCase.Checkpoint checkpoint, int slots) {
        long[] fives = new long[30];
        for (int i = 0; i < 30; i++) {
            fives[i] = 10 + i / 5;
        }
        return query("value BIGINT", checkpoint, slots, in -> in.select("value")
                .withColumn("eventTime", expr("timestamp_seconds(value)"))
                .withWatermark("eventTime", "10 seconds")
                .dropDuplicates()
                .select(expr("CAST(eventTime AS BIGINT) AS t")))
                .feed(times(fives)).feed(times(25)).feed(times(10)).feed(times(45)).batches();
    }

    @ParameterizedTest(name = "checkpoint: {0}, task slots: {1}")
    @MethodSource("runs")
    void dropDuplicatesWithAnEventTimeKeyEvictsKeysBehindTheWatermark(StreamCase.Checkpoint checkpoint, int slots) {
        List<StreamCase.Batch> batches = withWatermark(checkpoint, slots);
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[10]", "[11]", "[12]", "[13]", "[14]", "[15]"), List.of(),
                List.of("[25]"), List.of(),
                List.of(),
                List.of("[45]"), List.of());
        assertThat(batches).extracting(b -> state(b).operatorName()).containsOnly("dedupe");
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).containsExactly(6L, 6L, 7L, 1L, 1L, 2L, 1L);
        assertThat(batches).extracting(b -> state(b).numRowsUpdated()).containsExactly(6L, 0L, 1L, 0L, 0L, 1L, 0L);
        assertThat(batches).extracting(b -> state(b).numRowsRemoved()).containsExactly(0L, 0L, 0L, 6L, 0L, 0L, 1L);
        assertThat(batches).extracting(b -> state(b).numRowsDroppedByWatermark())
                .containsExactly(0L, 0L, 0L, 0L, 1L, 0L, 0L);
        assertThat(state(batches.get(0)).customMetrics()).containsEntry("numDroppedDuplicateRows", 24L);
    }

    @Test
    void dropDuplicatesWithoutAWatermarkKeepsTheFirstRowOfEachKeyForEver() {
        List<StreamCase.Batch> batches = query("k STRING, v INT", StreamCase.Checkpoint.KEPT, 1,
                        in -> in.dropDuplicates("k").select("k", "v"))
                .feed(row("a", 1))
                .feed(row("a", 2), row("b", 3))
                .feed(row("a", 5), row("b", 2), row("c", 9)).batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(List.of("[a,1]"), List.of("[b,3]"),
                List.of("[c,9]"));
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).containsExactly(1L, 2L, 3L);
    }

    /** SDWS "deduplicate with subset of columns which event time column is not in subset". */
    @ParameterizedTest(name = "checkpoint: {0}, task slots: {1}")
    @MethodSource("runs")
    void dropDuplicatesWithinWatermarkForgetsAKeyAtItsFirstEventTimePlusTheDelay(StreamCase.Checkpoint checkpoint,
                                                                                 int slots) {
        List<StreamCase.Batch> batches = withinWatermarkByK(checkpoint, slots)
                .feed(row("a", 17L))
                .feed(row("a", 16L))
                .feed(row("a", 13L))
                .feed(row("b", 22L), row("c", 21L))
                .feed(row("a", 21L))
                .feed(row("d", 25L)).batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[a,17]"), List.of(),
                List.of(),
                List.of(),
                List.of("[b,22]", "[c,21]"), List.of(),
                List.of("[a,21]"),
                List.of("[d,25]"), List.of());
        assertThat(batches).extracting(b -> state(b).operatorName()).containsOnly("dedupeWithinWatermark");
        assertThat(batches).extracting(b -> state(b).numRowsTotal())
                .containsExactly(1L, 1L, 1L, 1L, 3L, 2L, 3L, 4L, 2L);
        assertThat(batches).extracting(b -> state(b).numRowsDroppedByWatermark())
                .containsExactly(0L, 0L, 0L, 1L, 0L, 0L, 0L, 0L, 0L);
        assertThat(state(batches.get(2)).customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    }

    /**
     * A late row is dropped before its key is looked at, so the row after it with the same key
     * but a later time is that key's first row: within the watermark the time is not in the key.
     */
    @ParameterizedTest(name = "checkpoint: {0}, task slots: {1}")
    @MethodSource("runs")
    void aRowAfterALateRowOfItsKeyIsNewWithinTheWatermark(StreamCase.Checkpoint checkpoint, int slots) {
        List<StreamCase.Batch> batches = withinWatermarkByK(checkpoint, slots)
                .feed(row("a", 20L))
                .feed(row("b", 10L), row("b", 21L), row("b", 22L)).batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[a,20]"), List.of(),
                List.of("[b,21]"), List.of());
        assertThat(state(batches.get(2)).numRowsDroppedByWatermark()).isEqualTo(1L);
        assertThat(state(batches.get(2)).customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    }

    /**
     * Thousands of rows a batch, keyed on a nullable number, a double and a string, with duplicates
     * near and far: each row comes out when no earlier row had its key, NULLs equal to NULLs,
     * {@code -0.0} to {@code 0.0} and every NaN to NaN, as Spark groups them.
     */
    @ParameterizedTest(name = "checkpoint: {0}, task slots: {1}")
    @MethodSource("runs")
    void keepsTheFirstRowOfEachKeyWhateverItsTypesAndNulls(StreamCase.Checkpoint checkpoint, int slots) {
        Random random = new Random(36);
        Double[] doubles = {0.0, -0.0, Double.NaN, 1.5, null};
        String[] strings = {"a", "b", "ä", null};
        StreamCase run = query("k BIGINT, d DOUBLE, s STRING, v INT", checkpoint, slots,
                in -> in.dropDuplicates("k", "d", "s").select("v"));
        Set<List<Object>> seen = new HashSet<>();
        int v = 0;
        for (int batch = 0; batch < 4; batch++) {
            Object[][] rows = new Object[3_000][];
            List<String> expected = new ArrayList<>();
            for (int r = 0; r < rows.length; r++, v++) {
                Long k = random.nextInt(20) == 0 ? null : (long) random.nextInt(200);
                Double d = doubles[random.nextInt(doubles.length)];
                rows[r] = row(k, d, strings[random.nextInt(strings.length)], v);
                // Boxed doubles compare by their bits: 0.0 normalised, every NaN the same.
                if (seen.add(Arrays.asList(k, d == null ? null : d + 0.0, rows[r][2]))) {
                    expected.add("[" + v + "]");
                }
            }
            List<StreamCase.Batch> batches = run.feed(rows).batches();
            StreamCase.Batch last = batches.get(batches.size() - 1);
            assertThat(last.rows()).as("batch %d", batch).isEqualTo(expected);
            assertThat(state(last).numRowsTotal()).isEqualTo(seen.size());
        }
    }

    /**
     * Rows keyed on a number and their event time, some behind the watermark and some repeating
     * the row before, over batches whose watermark moves: a row at or before the watermark is late
     * and dropped, another comes out when no live key equals its key, and keys the watermark passes
     * are forgotten.
     */
    @ParameterizedTest(name = "checkpoint: {0}, task slots: {1}")
    @MethodSource("runs")
    void dropsLateRowsAndDuplicatesOfLiveKeysAsTheWatermarkMoves(StreamCase.Checkpoint checkpoint, int slots) {
        Random random = new Random(37);
        StreamCase run = query("k BIGINT, t BIGINT, v INT", checkpoint, slots, in -> in
                .withColumn("eventTime", expr("timestamp_seconds(t)"))
                .withWatermark("eventTime", "5 seconds")
                .dropDuplicates("k", "eventTime")
                .select("v"));
        Map<List<Long>, Long> live = new HashMap<>();
        long watermark = 0;
        long latest = Long.MIN_VALUE;
        int v = 0;
        for (int batch = 0; batch < 6; batch++) {
            // More new keys a batch than a chunk holds, so that the output comes in several chunks.
            Object[][] rows = new Object[12_000][];
            List<String> expected = new ArrayList<>();
            long late = 0;
            for (int r = 0; r < rows.length; r++, v++) {
                // One row in three repeats the row before, as a retry sends it: runs of equal keys.
                boolean retry = r > 0 && random.nextInt(3) == 0;
                long k = retry ? (long) rows[r - 1][0] : random.nextInt(10_000);
                long t = retry ? (long) rows[r - 1][1] : 1_000 + 3L * batch - 8 + random.nextInt(11);
                rows[r] = row(k, t, v);
                latest = Math.max(latest, t);
                if (t * 1_000_000 <= watermark) {
                    late++;
                } else if (live.putIfAbsent(List.of(k, t), t) == null) {
                    expected.add("[" + v + "]");
                }
            }
            int before = run.batches().size();
            List<StreamCase.Batch> batches = run.feed(rows).batches();
            watermark = Math.max(watermark, (latest - 5) * 1_000_000);
            long closed = watermark;
            live.values().removeIf(t -> t * 1_000_000 <= closed);
            List<String> out = batches.stream().skip(before).flatMap(b -> b.rows().stream()).toList();
            assertThat(out).as("batch %d", batch).isEqualTo(expected);
            StateOperatorProgress data = state(batches.get(before));
            assertThat(data.numRowsDroppedByWatermark()).isEqualTo(late);
            assertThat(data.customMetrics()).containsEntry("numDroppedDuplicateRows", rows.length - late - expected.size());
            assertThat(state(batches.get(batches.size() - 1)).numRowsTotal()).isEqualTo(live.size());
        }
    }

    @Test
    void mistakesAreRefusedWithSparksWords() {
        QueryTestDriver driver = new QueryTestDriver(START);
        cases.add(driver);
        StreamFrame rate = driver.session().readStream().format("rate").load();
        assertThatThrownBy(() -> rate.dropDuplicates("nope"))
                .isInstanceOf(AnalysisException.class)
                .hasMessage("Cannot resolve column name \"nope\" among (timestamp, value).");
        assertThatThrownBy(() -> rate.dropDuplicatesWithinWatermark("value"))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                        .isEqualTo("_LEGACY_ERROR_TEMP_3102"))
                .hasMessage("dropDuplicatesWithinWatermark is not supported on streaming DataFrames/DataSets "
                        + "without watermark");
        assertThat(rate.dropDuplicates("VALUE").columns()).containsExactly("timestamp", "value");
    }
}
