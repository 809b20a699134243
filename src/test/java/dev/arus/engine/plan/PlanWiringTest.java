package dev.arus.engine.plan;

import static dev.arus.engine.api.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.testing.QueryTestDriver;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** How a run's operators are laid out: Spark's operator ids, and which source feeds which side. */
class PlanWiringTest {

    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");

    private static StreamFrame numbers(QueryTestDriver driver, String name) {
        return driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", 3)
                .option("startTimestamp", START.toEpochMilli()).option("advanceMillisPerBatch", 1000).load()
                .selectExpr("value AS " + name, "timestamp AS " + name + "_time");
    }

    @Test
    void statefulOperatorsAreNumberedFromTheSinkLeftBeforeRightAndEachSideReadsItsOwnSource() {
        try (QueryTestDriver driver = new QueryTestDriver(START, 2)) {
            StreamFrame left = numbers(driver, "l").dropDuplicates("l");
            StreamFrame right = numbers(driver, "r").withWatermark("r_time", "5 seconds")
                    .dropDuplicatesWithinWatermark("r");
            driver.startRecording(left.join(right, col("l").equalTo(col("r"))), w -> w.outputMode("append"));

            StreamingQueryProgress first = driver.runTrigger();

            assertThat(first.stateOperators()).extracting(StateOperatorProgress::operatorName)
                    .containsExactly("symmetricHashJoin", "dedupe", "dedupeWithinWatermark");
            assertThat(first.stateOperators()).extracting(StateOperatorProgress::numRowsTotal)
                    .containsExactly(6L, 3L, 3L);
            assertThat(first.sources()).hasSize(2).allSatisfy(source ->
                    assertThat(source.numInputRows()).isEqualTo(3));
            assertThat(driver.rowsOf(0)).hasSize(3);
        }
    }
}
