package dev.arus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.checkpoint.ResumePoint;
import dev.arus.engine.plan.LogicalPlan;
import dev.arus.engine.plan.QueryPlanner;
import dev.arus.engine.sink.MemoryTables;
import dev.arus.engine.sink.NoopSink;
import dev.arus.engine.streaming.ConnectTimeout;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.RecentRowCounts;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryStatus;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.testing.QueryTestDriver;
import dev.arus.engine.time.ManualClock;
import dev.arus.engine.time.WatermarkTracker;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A query's status, listener events and progress history, trigger by trigger on the manual scheduler. */
class StreamExecutionLifecycleTest {

    private static final Instant START = Instant.ofEpochMilli(1_700_000_000_000L);

    @Test
    void statusFollowsSparksMessagesThroughARun() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            List<StreamingQueryStatus> duringBatch = new ArrayList<>();
            StreamingQuery[] query = new StreamingQuery[1];
            query[0] = driver.start(rate(driver),
                    w -> w.foreachBatch((batch, id) -> duringBatch.add(query[0].status())));

            assertThat(query[0].status()).isEqualTo(new StreamingQueryStatus("Initializing sources", false, false));
            driver.runTrigger();
            assertThat(duringBatch).containsExactly(new StreamingQueryStatus("Processing new data", true, true));
            assertThat(query[0].status().message()).isEqualTo("Waiting for next trigger");
            assertThat(query[0].status().isTriggerActive()).isFalse();

            assertThat(driver.runTrigger()).as("same second: no new data").isNull();
            assertThat(query[0].status())
                    .isEqualTo(new StreamingQueryStatus("Waiting for data to arrive", false, false));

            query[0].stop();
            assertThat(query[0].status()).isEqualTo(new StreamingQueryStatus("Stopped", false, false));
        }
    }

    @Test
    void listenersHearStartedThenProgressPerBatchThenTerminatedWithoutExceptionOnStop() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            RecordingListener listener = new RecordingListener();
            driver.session().streams().addListener(listener);
            StreamingQuery query = driver.start(microBatches(driver), w -> w.format("noop"));

            driver.runBatches(3);
            query.stop();
            query.stop();

            assertThat(listener.events).containsExactly("started", "progress 0", "progress 1", "progress 2",
                    "terminated");
            assertThat(listener.terminations.get(0).id()).isEqualTo(query.id());
            assertThat(listener.terminations.get(0).runId()).isEqualTo(query.runId());
            assertThat(listener.terminations.get(0).exception()).isNull();
            assertThat(driver.hasPendingTrigger()).as("a stopped query schedules nothing").isFalse();
            assertThat(driver.session().streams().active()).isEmpty();
        }
    }

    @Test
    void failingBatchEndsTheQueryWithSparksMessageAndTellsListeners() throws InterruptedException {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            RecordingListener listener = new RecordingListener();
            driver.session().streams().addListener(listener);
            StreamingQuery query = driver.start(
                    microBatches(driver).selectExpr("value / (value - value) AS ratio"), w -> w.format("noop"));

            driver.runTrigger();

            assertThat(query.isActive()).isFalse();
            StreamingQueryException failure = query.exception().orElseThrow();
            assertThat(failure.getMessage())
                    .startsWith("Query [id = " + query.id() + ", runId = " + query.runId()
                            + "] terminated with exception: ")
                    .contains("[DIVIDE_BY_ZERO] Division by zero.");
            assertThat(failure.queryId()).isEqualTo(query.id());
            assertThat(query.status()).isEqualTo(new StreamingQueryStatus(
                    "Terminated with exception: " + failure.getCause().getMessage(), false, false));
            assertThat(listener.events).containsExactly("started", "terminated");
            assertThat(listener.terminations.get(0).exception()).isEqualTo(failure.getMessage());
            assertThatThrownBy(query::awaitTermination).isSameAs(failure);
            assertThatThrownBy(() -> query.awaitTermination(Duration.ZERO)).isSameAs(failure);
            query.stop();
            assertThat(query.exception()).as("stop after a failure keeps it").contains(failure);
            assertThat(driver.session().streams().active()).isEmpty();
        }
    }

    @Test
    void listenerThatThrowsDoesNotStopTheQuery() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.session().streams().addListener(new dev.arus.engine.streaming.StreamingQueryListener() {
                @Override
                public void onQueryProgress(QueryProgressEvent event) {
                    throw new IllegalStateException("listener bug");
                }
            });
            StreamingQuery query = driver.start(microBatches(driver), w -> w.format("noop"));

            driver.runBatches(2);

            assertThat(query.isActive()).isTrue();
            assertThat(query.lastProgress().batchId()).isEqualTo(1);
        }
    }

    @Test
    void stopFromAListenerOrTheSinkEndsTheQueryAfterTheCurrentBatch() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamingQuery[] query = new StreamingQuery[1];
            query[0] = driver.start(microBatches(driver), w -> w.foreachBatch((batch, id) -> query[0].stop()));

            driver.runTrigger();

            assertThat(query[0].isActive()).isFalse();
            assertThat(query[0].lastProgress().batchId()).as("the batch in flight is reported").isZero();
            assertThat(query[0].status().message()).isEqualTo("Stopped");
            assertThat(driver.hasPendingTrigger()).isFalse();
        }
    }

    @Test
    void recentProgressKeepsTheConfiguredNumberOfReportsOldestFirst() {
        ManualClock clock = new ManualClock(START.toEpochMilli());
        ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
        try (ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler).recentProgress(3).build()) {
            StreamingQuery query = session.readStream().format("rate-micro-batch").option("rowsPerBatch", 1).load()
                    .writeStream().format("noop").start();
            assertThat(query.lastProgress()).isNull();
            assertThat(query.recentProgress()).isEmpty();

            for (int i = 0; i < 5; i++) {
                scheduler.runNext();
            }

            assertThat(query.recentProgress()).extracting(StreamingQueryProgress::batchId).containsExactly(2L, 3L, 4L);
            assertThat(query.lastProgress().batchId()).isEqualTo(4);
            assertRowCountsAreOfTheRecentReports(query);
        }
        assertThat(ArusSession.DEFAULT_RECENT_PROGRESS).isEqualTo(100);
    }

    @Test
    void idleEventComesOnlyAfterTenSecondsWithoutABatchThenEveryTenSeconds() {
        ManualClock clock = new ManualClock(START.toEpochMilli());
        ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
        HeldOffsetSource source = new HeldOffsetSource();
        RecordingListener listener = new RecordingListener();
        StreamExecution query = execution(clock, scheduler, source, Trigger.asFastAsPossible(), listener);
        query.start();

        runUntil(scheduler, clock, START.toEpochMilli() + 9_990);
        assertThat(listener.events).as("batch 0, then idle for less than 10 s")
                .containsExactly("started", "progress 0");

        runUntil(scheduler, clock, START.toEpochMilli() + 25_000);
        assertThat(listener.events).containsExactly("started", "progress 0",
                "idle " + (START.toEpochMilli() + 10_000), "idle " + (START.toEpochMilli() + 20_000));
        StreamingQueryProgress idle = query.lastProgress();
        assertThat(idle.batchId()).as("an idle report names the next batch").isEqualTo(1);
        assertThat(idle.numInputRows()).isZero();
        assertThat(idle.timestamp()).isEqualTo(START.plusMillis(20_000));
        assertThat(idle.durationMs()).containsOnlyKeys("latestOffset", "triggerExecution");
        assertThat(idle.sink().numOutputRows()).isZero();
        assertThat(query.recentProgress()).extracting(StreamingQueryProgress::batchId).containsExactly(0L, 1L, 1L);
        assertRowCountsAreOfTheRecentReports(query);

        source.advance();
        runUntil(scheduler, clock, START.toEpochMilli() + 34_000);
        assertThat(listener.events).as("a batch restarts the 10 s").containsExactly("started", "progress 0",
                "idle " + (START.toEpochMilli() + 10_000), "idle " + (START.toEpochMilli() + 20_000), "progress 1");
        query.stop();
        assertThat(source.closed).isTrue();
    }

    @Test
    void idleEventRuleHoldsForProcessingTimeTriggersToo() {
        ManualClock clock = new ManualClock(START.toEpochMilli());
        ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
        RecordingListener listener = new RecordingListener();
        StreamExecution query = execution(clock, scheduler, new HeldOffsetSource(), Trigger.processingTime(1000),
                listener);
        query.start();

        runUntil(scheduler, clock, START.toEpochMilli() + 15_000);

        assertThat(listener.events).containsExactly("started", "progress 0", "idle " + (START.toEpochMilli() + 10_000));
        query.stop();
    }

    private static void assertRowCountsAreOfTheRecentReports(StreamingQuery query) {
        RecentRowCounts counts = query.recentRowCounts();
        assertThat(IntStream.range(0, counts.size()).mapToObj(i -> List.of(counts.timestamp(i),
                counts.inputRows(i, 0), counts.outputRows(i))))
                .containsExactlyElementsOf(query.recentProgress().stream().map(report -> List.of(report.timestamp(),
                        report.sources().get(0).numInputRows(), report.sink().numOutputRows())).toList());
    }

    private static void runUntil(ManualTriggerScheduler scheduler, ManualClock clock, long endMillis) {
        while (scheduler.hasPending() && scheduler.nextDueMillis() <= endMillis) {
            scheduler.runNext();
        }
        clock.setMillis(Math.max(clock.millis(), endMillis));
    }

    private static StreamExecution execution(ManualClock clock, ManualTriggerScheduler scheduler,
            HeldOffsetSource source, Trigger trigger, RecordingListener listener) {
        QueryIdentity identity = new QueryIdentity(UUID.randomUUID(), UUID.randomUUID(), "held");
        LogicalPlan plan = new LogicalPlan.StreamSource("rate", Map.of(), source.schema());
        QueryEnvironment environment = new QueryEnvironment(clock, scheduler, new TaskSlots(1),
                QueryEnvironment.newCheckpointMaintenanceExecutor(), ZoneOffset.UTC,
                new MemoryTables(MemoryTables.UNLIMITED_ROWS), null, 100, Integer.MAX_VALUE, Long.MAX_VALUE, 1,
                ConnectTimeout.DEFAULT, Map.of());
        MicroBatchRunner runner = new MicroBatchRunner(identity,
                QueryPlanner.plan(plan, OutputMode.APPEND, List.of(source),
                        new QueryPlanner.Settings(1, 1, 1, 0, 0, ZoneOffset.UTC, WatermarkTracker.Policy.MIN)),
                new NoopSink(), environment, new Resumption(null, ResumePoint.fresh(1), Map.of(), () -> { }));
        return new StreamExecution(identity, runner, trigger, scheduler, clock, List.of(listener), 100, ended -> {
        });
    }

    private static dev.arus.engine.api.StreamFrame microBatches(QueryTestDriver driver) {
        return driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", 5).load();
    }

    private static dev.arus.engine.api.StreamFrame rate(QueryTestDriver driver) {
        return driver.session().readStream().format("rate").option("rowsPerSecond", 1).load();
    }
}
