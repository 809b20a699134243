package dev.arus.engine.runtime;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.data.Row;
import dev.arus.engine.testing.QueryTestDriver;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When triggers fire under each {@link Trigger} policy, driven by the manual scheduler: every
 * trigger runs on the test thread at the manual clock's time.
 */
class StreamExecutionTriggerTest {

    private static final Instant START = Instant.ofEpochMilli(1_700_000_010_300L);

    @Test
    void processingTimeTriggerRunsFirstBatchAtOnceThenOnMultiplesOfTheInterval() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.start(microBatches(driver), w -> w.format("noop").trigger(Trigger.processingTime("1 second")));

            driver.runBatches(4);

            assertThat(triggerTimes(driver.progress())).as(driver.history())
                    .containsExactly(1_700_000_010_300L, 1_700_000_011_000L, 1_700_000_012_000L, 1_700_000_013_000L);
            assertThat(driver.nextTriggerMillis()).isEqualTo(1_700_000_014_000L);
        }
    }

    @Test
    void overrunningBatchIsFollowedByOneImmediateBatchWithoutCatchUp() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.ofEpochMilli(10_000))) {
            List<Boolean> nextScheduledDuringBatch = new ArrayList<>();
            driver.start(microBatches(driver), w -> w.trigger(Trigger.processingTime(1000))
                    .foreachBatch((batch, id) -> {
                        nextScheduledDuringBatch.add(driver.hasPendingTrigger());
                        if (id == 1) {
                            driver.clock().advanceMillis(2500); // batch 1 runs from 11.0 s to 13.5 s
                        }
                    }));

            driver.runBatches(4);

            assertThat(triggerTimes(driver.progress())).as(driver.history())
                    .containsExactly(10_000L, 11_000L, 13_500L, 14_000L);
            assertThat(nextScheduledDuringBatch).as("a trigger was waiting while a batch ran").containsOnly(false);
        }
    }

    @Test
    void defaultTriggerRunsBatchesBackToBack() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.start(microBatches(driver), w -> w.format("noop"));

            driver.runTrigger();
            driver.clock().advanceMillis(7); // the batch took 7 ms

            assertThat(driver.nextTriggerMillis()).isEqualTo(START.toEpochMilli());
            assertThat(driver.runTrigger().batchId()).isEqualTo(1);
            assertThat(driver.progress().get(1).timestamp()).isEqualTo(START.plusMillis(7));
        }
    }

    @Test
    void processingTimeUnderOneMillisecondActsAsTheDefaultTrigger() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamingQuery query = driver.start(microBatches(driver),
                    w -> w.format("noop").trigger(Trigger.processingTime("500 microseconds")));

            driver.runBatches(2);

            assertThat(query.isActive()).isTrue();
            assertThat(driver.nextTriggerMillis()).isEqualTo(START.toEpochMilli());
        }
    }

    @Test
    void defaultTriggerPollsEveryTenMillisecondsWhenIdleWithoutTakingBatchIds() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.ofEpochMilli(1_700_000_000_000L))) {
            driver.start(rate(driver), w -> w.format("noop"));
            assertThat(driver.runTrigger().batchId()).isZero();

            List<Long> idleTriggerTimes = new ArrayList<>();
            StreamingQueryProgress next;
            while (true) {
                long due = driver.nextTriggerMillis();
                next = driver.runTrigger();
                if (next != null) {
                    break;
                }
                idleTriggerTimes.add(due);
            }

            // The rate source's offset moves once a whole second has passed: 100 idle polls, 10 ms apart.
            assertThat(idleTriggerTimes).hasSize(100);
            assertThat(idleTriggerTimes.get(0)).isEqualTo(1_700_000_000_000L);
            assertThat(idleTriggerTimes.get(99)).isEqualTo(1_700_000_000_990L);
            assertThat(next.batchId()).as("idle triggers take no batch id").isEqualTo(1);
            assertThat(next.numInputRows()).isEqualTo(1);
        }
    }

    @Test
    void onceTriggerRunsOneBatchThenStops() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamingQuery query = driver.start(microBatches(driver),
                    w -> w.format("noop").trigger(Trigger.once()));

            StreamingQueryProgress only = driver.runTrigger();

            assertThat(only.batchId()).isZero();
            assertThat(only.numInputRows()).isEqualTo(5);
            assertThat(driver.hasPendingTrigger()).isFalse();
            assertThat(query.isActive()).isFalse();
            assertThat(query.status().message()).isEqualTo("Stopped");
            assertThat(query.exception()).isEmpty();
            assertThat(driver.session().streams().active()).isEmpty();
        }
    }

    /**
     * The {@code rate} source cannot fix an end, as Spark's {@code RateStreamMicroBatchStream} is no
     * {@code SupportsTriggerAvailableNow}: the run falls back to Spark's single batch of everything
     * available, and no no-data batch follows it even though the watermark would move.
     */
    @Test
    void availableNowOverASourceThatCannotFixAnEndRunsOneBatchOfEverythingThenStops() {
        long start = 1_700_000_000_000L;
        try (QueryTestDriver driver = new QueryTestDriver(Instant.ofEpochMilli(start))) {
            StreamFrame counts = driver.session().readStream().format("rate")
                    .option("rowsPerSecond", 10).option("numPartitions", 1).load()
                    .withWatermark("timestamp", "1 second")
                    .groupBy(window(col("timestamp"), "1 second")).count();
            StreamingQuery query = driver.startRecording(counts, w -> w.outputMode("append")
                    .trigger(Trigger.availableNow()));
            driver.clock().advanceMillis(3_500); // three whole seconds of rows before the first trigger

            driver.runTrigger();

            assertThat(driver.progress()).as(driver.history())
                    .extracting(StreamingQueryProgress::batchId, StreamingQueryProgress::numInputRows)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(0L, 30L));
            assertThat(driver.rowsOf(0)).as("batch 0's watermark closes no window").isEmpty();
            assertThat(driver.hasPendingTrigger()).isFalse();
            assertThat(query.isActive()).isFalse();
            assertThat(query.status().message()).isEqualTo("Stopped");
        }
    }

    /**
     * One source that cannot fix an end is enough, as in Spark: a join of {@code rate-micro-batch}
     * (which can) with {@code rate} (which cannot) runs one batch, in which each reads all it has:
     * one batch of {@code rowsPerBatch}, and every whole second elapsed.
     */
    @Test
    void availableNowOverTwoSourcesOfWhichOneCannotFixAnEndRunsOneBatchOfEverything() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.ofEpochMilli(1_700_000_000_000L))) {
            StreamFrame left = microBatches(driver).selectExpr("value AS id");
            StreamFrame right = driver.session().readStream().format("rate").option("rowsPerSecond", 10).load()
                    .selectExpr("value AS ref");
            StreamingQuery query = driver.startRecording(left.join(right, col("id").equalTo(col("ref"))),
                    w -> w.trigger(Trigger.availableNow()));
            driver.clock().advanceMillis(3_500);

            driver.runTrigger();

            assertThat(driver.progress()).as(driver.history()).hasSize(1);
            assertThat(driver.progress().get(0).sources()).extracting(s -> s.numInputRows())
                    .containsExactly(5L, 30L);
            assertThat(driver.rowsOf(0)).hasSize(5);
            assertThat(query.isActive()).isFalse();
        }
    }

    private static StreamFrame microBatches(QueryTestDriver driver) {
        return driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", 5).load();
    }

    private static StreamFrame rate(QueryTestDriver driver) {
        return driver.session().readStream().format("rate").option("rowsPerSecond", 1).load();
    }

    private static List<Long> triggerTimes(List<StreamingQueryProgress> progress) {
        return progress.stream().map(p -> p.timestamp().toEpochMilli()).toList();
    }
}
