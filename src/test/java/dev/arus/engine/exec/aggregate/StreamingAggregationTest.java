package dev.arus.engine.exec.aggregate;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.data.Row;
import dev.arus.engine.testing.QueryTestDriver;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The streaming aggregation's per-mode rules, driven batch by batch. The input: rate-micro-batch,
 * 10 rows per batch, batches 5 s apart from 13:30:00 (T); rows with value % 5 = 0 (two per batch)
 * are 30 s late. Watermark delay 10 s, 10 s windows, so wm(b) = T + 5b - 15 s from batch 1 on.
 * Expected figures follow Spark's StateStoreSaveExec (see /tmp/spark-notes.md sections 4-6).
 */
class StreamingAggregationTest {

    private static final Instant T = Instant.parse("2026-10-16T13:30:00Z");

    @Test
    void dropsGroupsWhoseWindowEndedByThePreviousBatchsWatermarkAndCountsThemOnce() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            driver.startRecording(lateEvery5th(driver), w -> w.outputMode("update"));

            driver.runBatches(3);

            // Batch 2: the late rows (13:29:40) fall in [13:29:40, 13:29:50), whose end is <= wm(1)
            // = 13:29:50: both rows are dropped, and Spark counts the one group they form.
            StateOperatorProgress batch2 = state(driver, 2);
            assertThat(batch2.numRowsDroppedByWatermark()).as(driver.history()).isEqualTo(1);
            assertThat(batch2.customMetrics()).containsEntry("numLateInputRows", 2L);
            assertThat(windowsOf(driver.rowsOf(2))).containsExactly("13:30:10-13:30:20=8");
            assertThat(state(driver, 1).numRowsDroppedByWatermark()).isZero();
        }
    }

    @Test
    void updateEmitsAChangedGroupThatThisBatchsWatermarkClosesThenEvictsIt() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            driver.startRecording(lateEvery5th(driver), w -> w.outputMode("update"));

            driver.runBatches(2);

            // Batch 1: the late rows (13:29:35) join [13:29:30, 13:29:40). It is not late by
            // wm(0) = 0, so Spark stores and emits it; wm(1) = 13:29:50 closes it, so it is removed
            // at the end of the batch (StateStoreSaveExec's update mode, removeKeysOlderThanWatermark).
            assertThat(windowsOf(driver.rowsOf(1))).as(driver.history())
                    .containsExactly("13:29:30-13:29:40=4", "13:30:00-13:30:10=16");
            StateOperatorProgress batch1 = state(driver, 1);
            assertThat(batch1.numRowsUpdated()).isEqualTo(2);
            assertThat(batch1.numRowsRemoved()).isEqualTo(1);
            assertThat(batch1.numRowsTotal()).isEqualTo(1);
        }
    }

    @Test
    void appendEmitsEachWindowOnceInTheBatchWhoseWatermarkPassesItsEnd() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            driver.startRecording(lateEvery5th(driver), w -> w.outputMode("append"));

            driver.runBatches(6);

            assertThat(windowsOf(driver.rowsOf(0))).as(driver.history()).isEmpty();
            assertThat(windowsOf(driver.rowsOf(1))).containsExactly("13:29:30-13:29:40=4");
            assertThat(windowsOf(driver.rowsOf(2))).isEmpty();
            assertThat(windowsOf(driver.rowsOf(3))).isEmpty();
            assertThat(windowsOf(driver.rowsOf(4))).isEmpty();
            // wm(5) = 13:30:10 reaches the end of [13:30:00, 13:30:10).
            assertThat(windowsOf(driver.rowsOf(5))).containsExactly("13:30:00-13:30:10=16");
            assertThat(driver.progress()).extracting(p -> p.stateOperators().get(0).numRowsRemoved())
                    .containsExactly(0L, 1L, 0L, 0L, 0L, 1L);
            assertThat(driver.progress()).extracting(p -> p.stateOperators().get(0).numRowsTotal())
                    .containsExactly(2L, 1L, 2L, 2L, 3L, 2L);
        }
    }

    @Test
    void completeEmitsEveryGroupEachBatchAndNeverEvictsOrDropsLateRows() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            driver.startRecording(lateEvery5th(driver), w -> w.outputMode("complete"));

            driver.runBatches(3);

            assertThat(windowsOf(driver.rowsOf(2))).as(driver.history()).containsExactly(
                    "13:29:30-13:29:40=4", "13:29:40-13:29:50=2", "13:30:00-13:30:10=16", "13:30:10-13:30:20=8");
            assertThat(driver.progress()).extracting(p -> p.stateOperators().get(0).numRowsTotal())
                    .containsExactly(2L, 2L, 4L);
            assertThat(driver.progress()).extracting(p -> p.stateOperators().get(0).numRowsRemoved())
                    .containsOnly(0L);
            assertThat(driver.progress()).extracting(p -> p.stateOperators().get(0).numRowsDroppedByWatermark())
                    .containsOnly(0L);
            // The watermark is still computed and reported.
            assertThat(driver.progress().get(2).eventTime()).containsEntry("watermark", "2026-10-16T13:29:55.000Z");
        }
    }

    @Test
    void slidingWindowsCountARowInEveryWindowThatContainsIt() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            StreamFrame counts = driver.session().readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 3).option("numPartitions", 1)
                    .option("startTimestamp", T.plusSeconds(7).toEpochMilli()).load()
                    .withWatermark("timestamp", "10 seconds")
                    .groupBy(window(col("timestamp"), "10 seconds", "5 seconds")).count();
            driver.startRecording(counts, w -> w.outputMode("update"));

            driver.runBatches(1);

            assertThat(windowsOf(driver.rowsOf(0))).as(driver.history())
                    .containsExactly("13:30:00-13:30:10=3", "13:30:05-13:30:15=3"); // 13:30:07 is in both
        }
    }

    /** Windows of 10 s over rows where every value % 5 = 0 is 30 s behind. */
    private static StreamFrame lateEvery5th(QueryTestDriver driver) {
        return driver.session().readStream().format("rate-micro-batch")
                .option("rowsPerBatch", 10).option("numPartitions", 2)
                .option("startTimestamp", T.toEpochMilli()).option("advanceMillisPerBatch", 5000).load()
                .withColumn("event_time",
                        expr("CASE WHEN value % 5 = 0 THEN timestamp - INTERVAL 30 SECONDS ELSE timestamp END"))
                .withWatermark("event_time", "10 seconds")
                .groupBy(window(col("event_time"), "10 seconds")).count();
    }

    private static StateOperatorProgress state(QueryTestDriver driver, long batchId) {
        StreamingQueryProgress progress = driver.progress().stream().filter(p -> p.batchId() == batchId)
                .findFirst().orElseThrow();
        return progress.stateOperators().get(0);
    }

    /** Each row as {@code start-end=count}, times of day in UTC. */
    private static List<String> windowsOf(List<Row> rows) {
        return rows.stream().map(row -> {
            Row window = (Row) row.get(0);
            return time(window.get(0)) + "-" + time(window.get(1)) + "=" + row.get(row.size() - 1);
        }).toList();
    }

    private static String time(Object instant) {
        return ((Instant) instant).toString().substring(11, 19);
    }
}
