package dev.arus.engine.runtime;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SourceProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.data.Row;
import dev.arus.engine.testing.QueryTestDriver;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One trigger at a time: which triggers run a batch, with which watermark, and what progress says. */
class MicroBatchRunnerTest {

    private static final Instant T = Instant.parse("2026-10-16T13:30:00Z");
    private static final String EPOCH = "1970-01-01T00:00:00.000Z";

    @Test
    void progressOfADataBatchCarriesSparksFigures() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            // Batch b's rows are stamped T + b s and shifted back value % 4 s; watermark delay 2 s.
            StreamFrame counts = driver.session().readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 4).option("numPartitions", 2)
                    .option("startTimestamp", T.toEpochMilli()).option("advanceMillisPerBatch", 1000).load()
                    .withColumn("event_time", expr("CAST(unix_timestamp(timestamp) - value % 4 AS TIMESTAMP)"))
                    .withWatermark("event_time", "2 seconds")
                    .groupBy(window(col("event_time"), "5 seconds")).count();
            driver.startRecording(counts, w -> w.outputMode("update"));

            StreamingQueryProgress first = driver.runTrigger();
            driver.clock().advanceMillis(2000);
            StreamingQueryProgress second = driver.runTrigger();

            assertThat(first.batchId()).isZero();
            assertThat(first.numInputRows()).isEqualTo(4);
            // Event times 13:30:00, :59, :58, :57; avg is the mean of whole ms, truncated.
            assertThat(first.eventTime()).containsExactly(
                    Map.entry("avg", "2026-10-16T13:29:58.500Z"), Map.entry("max", "2026-10-16T13:30:00.000Z"),
                    Map.entry("min", "2026-10-16T13:29:57.000Z"), Map.entry("watermark", EPOCH));
            assertThat(first.durationMs()).containsOnlyKeys("addBatch", "commitOffsets", "getBatch",
                    "latestOffset", "queryPlanning", "triggerExecution", "walCommit");
            SourceProgress source = first.sources().get(0);
            assertThat(source.startOffset()).as("null on the very first batch").isNull();
            assertThat(source.endOffset()).isEqualTo("{\"offset\":4,\"timestamp\":" + (T.toEpochMilli() + 1000) + "}");
            // Spark 4: the first trigger's input interval is +Infinity, so the rate is 0.0, not NaN.
            assertThat(first.inputRowsPerSecond()).isEqualTo(0.0);
            assertThat(first.sink().numOutputRows()).isEqualTo(2);
            StateOperatorProgress state = first.stateOperators().get(0);
            assertThat(state.operatorName()).isEqualTo("stateStoreSave");
            assertThat(state.numRowsTotal()).isEqualTo(2);
            assertThat(state.numRowsUpdated()).isEqualTo(2);
            assertThat(state.numRowsRemoved()).isZero();

            assertThat(second.batchId()).isEqualTo(1);
            assertThat(second.sources().get(0).startOffset()).isEqualTo(source.endOffset());
            assertThat(second.inputRowsPerSecond()).as("4 rows over the 2 s since the last trigger").isEqualTo(2.0);
            // wm(1) = max event time of batch 0 - 2 s.
            assertThat(second.eventTime()).containsEntry("watermark", "2026-10-16T13:29:58.000Z")
                    .containsEntry("avg", "2026-10-16T13:29:59.500Z");
            assertThat(rows(driver.rowsOf(1))).containsExactly("13:29:55-13:30:00=5", "13:30:00-13:30:05=3");
        }
    }

    @Test
    void watermarkComesFromRowsThatPassedTheFilterInEarlierBatches() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            StreamFrame counts = driver.session().readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 4).option("numPartitions", 1)
                    .option("startTimestamp", T.toEpochMilli()).option("advanceMillisPerBatch", 10_000).load()
                    .filter("value < 8")
                    .withWatermark("timestamp", "5 seconds")
                    .groupBy(window(col("timestamp"), "5 seconds")).count();
            driver.startRecording(counts, w -> w.outputMode("append"));

            driver.runBatches(4);

            // Batch 1's rows (13:30:10) set wm(2) = 13:30:05; batches 2 and 3 keep no rows after
            // the filter, so the watermark stays and their eventTime holds only the watermark.
            assertThat(driver.progress()).as(driver.history()).extracting(p -> p.eventTime().get("watermark"))
                    .containsExactly(EPOCH, "2026-10-16T13:29:55.000Z", "2026-10-16T13:30:05.000Z",
                            "2026-10-16T13:30:05.000Z");
            assertThat(driver.progress().get(2).eventTime()).containsOnlyKeys("watermark");
            assertThat(driver.progress().get(2).numInputRows()).isEqualTo(4);
            assertThat(rows(driver.rowsOf(2))).as("wm(2) reaches the end of batch 0's window")
                    .containsExactly("13:30:00-13:30:05=4");
        }
    }

    @Test
    void runsANoDataBatchWhenTheWatermarkWouldMoveInAppendMode() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            driver.startRecording(ratePerSecondWindows(driver), w -> w.outputMode("append"));

            driver.runTrigger(); // batch 0: offset 0, empty
            driver.clock().advanceMillis(1000);
            driver.runTrigger(); // batch 1: rows 13:30:00 and 13:30:00.5
            StreamingQueryProgress noData = driver.runTrigger();
            StreamingQueryProgress idle = driver.runTrigger();
            driver.clock().advanceMillis(2000);
            driver.runTrigger(); // batch 3: rows 13:30:01 to 13:30:02.5
            StreamingQueryProgress emitting = driver.runTrigger();

            assertThat(noData).as(driver.history()).isNotNull();
            assertThat(noData.batchId()).isEqualTo(2);
            assertThat(noData.numInputRows()).isZero();
            assertThat(noData.eventTime()).containsExactly(Map.entry("watermark", "2026-10-16T13:29:59.500Z"));
            assertThat(idle).as("the watermark no longer moves").isNull();
            assertThat(emitting.batchId()).isEqualTo(4);
            assertThat(emitting.numInputRows()).isZero();
            assertThat(emitting.eventTime()).containsEntry("watermark", "2026-10-16T13:30:01.500Z");
            assertThat(rows(driver.rowsOf(4))).containsExactly("13:30:00-13:30:01=2");
            assertThat(emitting.stateOperators().get(0).numRowsRemoved()).isEqualTo(1);
            assertThat(driver.runTrigger()).isNull();
        }
    }

    @Test
    void noDataBatchInUpdateModeEvictsWithoutEmitting() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            driver.startRecording(ratePerSecondWindows(driver), w -> w.outputMode("update"));

            driver.runTrigger();
            driver.clock().advanceMillis(3000);
            driver.runTrigger(); // batch 1: rows 13:30:00 to 13:30:02.5
            StreamingQueryProgress noData = driver.runTrigger();

            assertThat(noData.batchId()).as(driver.history()).isEqualTo(2);
            assertThat(driver.rowsOf(2)).isEmpty();
            // wm(2) = 13:30:01.5 closes [13:30:00, 13:30:01).
            assertThat(noData.stateOperators().get(0).numRowsRemoved()).isEqualTo(1);
            assertThat(noData.stateOperators().get(0).numRowsUpdated()).isZero();
            assertThat(noData.stateOperators().get(0).numRowsTotal()).isEqualTo(2);
        }
    }

    @Test
    void completeModeRunsNoNoDataBatches() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            driver.startRecording(ratePerSecondWindows(driver), w -> w.outputMode("complete"));

            driver.runTrigger();
            driver.clock().advanceMillis(1000);
            driver.runTrigger();
            StreamingQueryProgress afterData = driver.runTrigger();
            driver.clock().advanceMillis(1000);
            StreamingQueryProgress next = driver.runTrigger();

            assertThat(afterData).as(driver.history()).isNull();
            assertThat(next.batchId()).isEqualTo(2);
            assertThat(next.numInputRows()).isEqualTo(2);
        }
    }

    /** rate at 2 rows/s (row v at start + v * 500 ms), counted per 1 s window, watermark delay 1 s. */
    private static StreamFrame ratePerSecondWindows(QueryTestDriver driver) {
        return driver.session().readStream().format("rate")
                .option("rowsPerSecond", 2).option("numPartitions", 1).load()
                .withWatermark("timestamp", "1 second")
                .groupBy(window(col("timestamp"), "1 second")).count();
    }

    private static List<String> rows(List<Row> rows) {
        return rows.stream().map(row -> {
            Row window = (Row) row.get(0);
            return time(window.get(0)) + "-" + time(window.get(1)) + "=" + row.get(1);
        }).toList();
    }

    private static String time(Object instant) {
        return ((Instant) instant).toString().substring(11, 19);
    }
}
