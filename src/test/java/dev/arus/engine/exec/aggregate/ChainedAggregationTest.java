package dev.arus.engine.exec.aggregate;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.testing.QueryTestDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second aggregation over the first one's output, as Spark 3.4+ allows it in append mode: 4 s
 * window counts, then 8 s windows over {@code window_time(window)} summing them. Input:
 * rate-micro-batch, 4 rows per batch, batch b at T + 2b s; watermark delay 2 s, so wm(b) = T + 2b
 * - 4 s from batch 2 on. Both operators filter late rows by wm(b-1) and evict by wm(b) (Spark's
 * WatermarkPropagator gives every operator the global watermark), so agg1's window [T+4, T+8),
 * emitted in batch 6 (wm = T+8), reaches agg2 in the same batch and closes [T, T+8) there too.
 */
class ChainedAggregationTest {

    private static final Instant T = Instant.parse("2026-10-16T13:30:00Z");

    @TempDir
    Path checkpoint;

    @Test
    void aWindowOfWindowsIsEmittedInTheBatchThatClosesItsLastInnerWindow() {
        try (QueryTestDriver driver = new QueryTestDriver(T).restartAfterEachBatch()) {
            driver.startRecording(windowsOfWindows(driver), w -> w.outputMode("append")
                    .option("checkpointLocation", checkpoint.toString()));

            driver.runBatches(8);

            for (long batch = 0; batch < 8; batch++) {
                assertThat(driver.rowsOf(batch)).as(driver.history()).hasSize(batch == 6 ? 1 : 0);
            }
            Row total = driver.rowsOf(6).get(0);
            assertThat(((Row) total.get("window")).values()).containsExactly(T, T.plusSeconds(8));
            assertThat(total.get("total")).isEqualTo(16L);
            assertThat(driver.restarts()).isEqualTo(8);
        }
    }

    @Test
    void progressReportsBothOperatorsSinkFirst() {
        try (QueryTestDriver driver = new QueryTestDriver(T).restartAfterEachBatch()) {
            driver.startRecording(windowsOfWindows(driver), w -> w.outputMode("append")
                    .option("checkpointLocation", checkpoint.toString()));

            driver.runBatches(7);

            List<StreamingQueryProgress> progress = driver.progress();
            assertThat(progress).allSatisfy(p -> assertThat(p.stateOperators())
                    .extracting(StateOperatorProgress::operatorName).containsExactly("stateStoreSave", "stateStoreSave"));
            // [0] is the 8 s windows (operator 0, nearest the sink), [1] the 4 s windows.
            assertThat(progress).extracting(p -> p.stateOperators().get(1).numRowsTotal())
                    .as(driver.history()).containsExactly(1L, 1L, 2L, 2L, 2L, 2L, 2L);
            assertThat(progress).extracting(p -> p.stateOperators().get(1).numRowsRemoved())
                    .containsExactly(0L, 0L, 0L, 0L, 1L, 0L, 1L);
            assertThat(progress).extracting(p -> p.stateOperators().get(0).numRowsTotal())
                    .containsExactly(0L, 0L, 0L, 0L, 1L, 1L, 0L);
            assertThat(progress).extracting(p -> p.stateOperators().get(0).numRowsUpdated())
                    .containsExactly(0L, 0L, 0L, 0L, 1L, 0L, 1L);
            assertThat(Files.isDirectory(checkpoint.resolve("state/0/0"))).isTrue();
            assertThat(Files.isDirectory(checkpoint.resolve("state/1/0"))).isTrue();
        }
    }

    @Test
    void stepsAfterAnAggregationRunOnItsOutput() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            StreamFrame wide = rows(driver).groupBy(window(col("event_time"), "4 seconds")).count()
                    .filter("count >= 8")
                    .withColumn("tens", expr("count * 10"))
                    .select(col("window.start").as("start"), col("tens"), col("count"))
                    .selectExpr("start", "tens");
            driver.startRecording(wide, w -> w.outputMode("update"));

            driver.runBatches(4);

            assertThat(driver.rowsOf(0)).as(driver.history()).isEmpty();
            assertThat(driver.rowsOf(1)).extracting(row -> row.get("tens")).containsExactly(80L);
            assertThat(driver.rowsOf(3)).extracting(row -> row.get("start")).containsExactly(T.plusSeconds(4));
            assertThat(driver.query().lastProgress().stateOperators()).hasSize(1);
        }
    }

    @Test
    void refusesAChainOutsideAppendModeWithSparksReason() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            assertThatThrownBy(() -> driver.startRecording(windowsOfWindows(driver), w -> w.outputMode("update")))
                    .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                            .isEqualTo(AnalysisException.UNSUPPORTED_STREAMING_OPERATION))
                    .hasMessageStartingWith("Detected pattern of possible 'correctness' issue due to global"
                            + " watermark.");
        }
    }

    @Test
    void refusesAChainWhoseSecondAggregationHasNoWatermarkKeyInAppendMode() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            StreamFrame unbounded = rows(driver).groupBy(window(col("event_time"), "4 seconds")).count()
                    .groupBy(col("count")).count();
            assertThatThrownBy(() -> driver.startRecording(unbounded, w -> w.outputMode("append")))
                    .isInstanceOf(AnalysisException.class)
                    .hasMessageContaining("not supported for streaming aggregations without watermark");
        }
    }

    private static StreamFrame windowsOfWindows(QueryTestDriver driver) {
        return rows(driver)
                .groupBy(window(col("event_time"), "4 seconds")).count()
                .groupBy(window(expr("window_time(window)"), "8 seconds")).agg("sum(count) AS total");
    }

    private static StreamFrame rows(QueryTestDriver driver) {
        return driver.session().readStream().format("rate-micro-batch")
                .option("rowsPerBatch", 4).option("startTimestamp", T.toEpochMilli())
                .option("advanceMillisPerBatch", 2000).load()
                .selectExpr("timestamp AS event_time", "value")
                .withWatermark("event_time", "2 seconds");
    }
}
