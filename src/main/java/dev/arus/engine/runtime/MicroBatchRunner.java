package dev.arus.engine.runtime;

import dev.arus.engine.checkpoint.Checkpoint;
import dev.arus.engine.files.ProtocolProbe;
import dev.arus.engine.checkpoint.ResumePoint;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.EventTimeStats;
import dev.arus.engine.exec.EventTimeWatermarkOperator;
import dev.arus.engine.exec.OutputCollector;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.plan.PhysicalPlan;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.source.InputPartition;
import dev.arus.engine.source.Offset;
import dev.arus.engine.source.ReadLimit;
import dev.arus.engine.source.Source;
import dev.arus.engine.source.SourceOffsets;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.streaming.SortedArrayMap;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.streaming.StreamingQueryStatus;
import dev.arus.engine.time.Clock;
import dev.arus.engine.time.WatermarkTracker;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs one trigger of one query run, on the caller's thread. A run's first trigger first restores
 * it (state and watermark, from its checkpoint). The steps of a trigger:
 * <ol>
 *   <li>ask each source for its latest offset within its read limit (its own, or everything under
 *       {@code once}; see {@link TriggerExecutor});</li>
 *   <li>run a batch if there is new data, or if the watermark would move and a stateful operator
 *       can then emit or evict (Spark's no-data batch); otherwise report idle and stop here;</li>
 *   <li>advance the watermark to the value computed from earlier batches: the previous value
 *       filters late rows, the new one decides emission and eviction;</li>
 *   <li>run the stages: read the source's partitions between the last batch's end offset and the
 *       new one through the operators, then each stateful operator's partitions, each committing
 *       its state;</li>
 *   <li>hand the output to the sink;</li>
 *   <li>record the batch's highest event time for the next watermark, take the new offset as
 *       committed, and report progress.</li>
 * </ol>
 * With a {@link Checkpoint}, the steps of {@link Checkpoint}'s protocol interleave: the offsets
 * entry is written between steps 3 and 4, the state is committed in step 4, and the commit entry
 * is written after 6. A run resumed from a checkpoint whose last batch was never committed
 * first re-runs that batch with its logged end offset, watermark and timestamp, without asking
 * the source or writing the offsets again.
 * Not thread-safe: one trigger at a time, which the scheduler guarantees; {@link #status()} may
 * be read from any thread.
 */
public final class MicroBatchRunner {

    // A trigger's statuses are shared, not made anew: with a thousand queries, each new one was an
    // old object's reference to a young one, which the collector scans on every young collection.
    private static final StreamingQueryStatus WAITING_FOR_DATA =
            new StreamingQueryStatus("Waiting for data to arrive", false, false);
    private static final StreamingQueryStatus PROCESSING_NEW_DATA =
            new StreamingQueryStatus("Processing new data", true, true);
    private static final StreamingQueryStatus CLEANING_UP_STATE =
            new StreamingQueryStatus("No new data but cleaning up state", false, true);
    // These two by whether the trigger found new data: [0] without, [1] with.
    private static final StreamingQueryStatus[] WRITING_OFFSETS = {
        new StreamingQueryStatus("Writing offsets to log", false, true),
        new StreamingQueryStatus("Writing offsets to log", true, true)};
    private static final StreamingQueryStatus[] WAITING_FOR_TRIGGER = {
        new StreamingQueryStatus("Waiting for next trigger", false, false),
        new StreamingQueryStatus("Waiting for next trigger", true, false)};

    private final QueryIdentity identity;
    private final PhysicalPlan plan;
    private final Sink sink;
    private final Clock clock;
    private final ZoneId timeZone;
    private final StageRunner stages;
    private final List<StatefulOperator> progressOrder;
    // A run's sources and sink describe themselves the same way every batch.
    private final List<String> sourceDescriptions;
    private final String sinkDescription;
    private final List<StreamingQueryStatus> gettingOffsets;
    private final Checkpoint checkpoint;
    private final Map<String, String> conf;

    private Runnable restore;
    private ResumePoint.Replay replay;
    private SourceOffsets committedOffsets;
    // committedOffsets as each source's JSON once a batch of this run committed them: the next
    // batch's progress starts from them, and writing them again was a few % of a small batch.
    private String[] committedJson;
    private long nextBatchId;
    private long previousTriggerStartMs = -1;
    private volatile StreamingQueryStatus status = new StreamingQueryStatus("Initializing sources", false, false);

    MicroBatchRunner(QueryIdentity identity, PhysicalPlan plan, Sink sink, QueryEnvironment environment,
                     Resumption resumption) {
        this.identity = identity;
        this.plan = plan;
        this.sink = sink;
        this.clock = environment.clock();
        this.timeZone = environment.timeZone();
        this.stages = new StageRunner(plan, environment.taskSlots());
        this.progressOrder = plan.statefulOperatorsSinkFirst();
        this.sourceDescriptions = plan.sources().stream().map(Source::description).toList();
        this.sinkDescription = sink.description();
        this.gettingOffsets = sourceDescriptions.stream()
                .map(description -> new StreamingQueryStatus("Getting offsets from " + description, false, true))
                .toList();
        this.checkpoint = resumption.checkpoint();
        this.conf = resumption.conf();
        this.restore = resumption.restore();
        this.nextBatchId = resumption.point().nextBatchId();
        this.committedOffsets = resumption.point().committedOffsets();
        this.replay = resumption.point().replay();
    }

    public StreamingQueryStatus status() {
        return status;
    }

    void setStatus(StreamingQueryStatus status) {
        this.status = status;
    }

    public List<Source> sources() {
        return plan.sources();
    }

    /** Settles the run's checkpoint as it ends ({@link Checkpoint#settle}); nothing without one. */
    public void settleFiles() {
        if (checkpoint != null) {
            checkpoint.settle();
        }
    }

    /** The sink the query writes to. */
    public Sink sink() {
        return sink;
    }

    /** Each source's end offset for the next batch, within its read limit of {@code limits}. */
    private SourceOffsets latestOffsets(List<ReadLimit> limits) {
        List<Offset> latest = new ArrayList<>();
        for (int i = 0; i < plan.sources().size(); i++) {
            status = gettingOffsets.get(i);
            latest.add(plan.sources().get(i).latestOffset(committedOffsets.get(i), limits.get(i)));
        }
        return new SourceOffsets(latest);
    }

    /** Whether some source has new data: an offset it did not have at the last committed batch. */
    private boolean hasNewData(SourceOffsets latest) {
        for (int i = 0; i < latest.size(); i++) {
            if (latest.get(i) != null && !latest.get(i).equals(committedOffsets.get(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs the next trigger, each source reading within its read limit of {@code limits} (in the
     * plan's order), in the steps of this class's protocol.
     */
    public BatchOutcome runTrigger(List<ReadLimit> limits) {
        restoreOnFirstTrigger();
        TriggerTimes times = new TriggerTimes(clock.millis(), clock.nanoTime());
        NextBatch batch = nextBatch(limits, times);
        if (batch == null) {
            return idle(times);
        }
        BatchContext context = startBatch(batch, times);
        BatchOutput output = runBatch(batch, context, times);
        EventTimeStats eventTimes = commitBatch(batch, times);
        List<ProgressBuilder.SourceMeasurements> sources = commitSources(batch.latest(), output.inputRows());
        committedOffsets = batch.latest();
        nextBatchId++;
        return ran(batch, context, output, eventTimes, sources, times);
    }

    /** Restores the run (state and watermark, from its checkpoint) before its first trigger. */
    private void restoreOnFirstTrigger() {
        if (restore != null) {
            restore.run();
            restore = null;
        }
    }

    /**
     * Steps 1 and 2: the batch this trigger runs, its offsets either the sources' latest or those
     * of the uncommitted batch it runs again; {@code null} when there is neither new data nor a
     * watermark that would move.
     */
    private NextBatch nextBatch(List<ReadLimit> limits, TriggerTimes times) {
        ResumePoint.Replay rerun = replay;
        SourceOffsets latest = rerun != null ? rerun.end() : latestOffsets(limits);
        times.latestOffsetNanos = clock.nanoTime() - times.startNanos;
        boolean newData = nextBatchId == 0 || hasNewData(latest);
        WatermarkTracker watermark = plan.watermarkTracker();
        // Whether the watermark would move matters only to a trigger without new data.
        if (rerun == null && !newData
                && (watermark == null || !plan.runsNoDataBatches(watermark.currentMicros(), watermark.nextMicros()))) {
            return null;
        }
        return new NextBatch(nextBatchId, latest, newData, rerun != null,
                rerun != null ? rerun.batchTimestampMs() : times.startMs, watermark);
    }

    /** A trigger without a batch. */
    private BatchOutcome idle(TriggerTimes times) {
        // Spark's lastTriggerStartTimestamp counts idle triggers too (the next rate's interval).
        previousTriggerStartMs = times.startMs;
        status = WAITING_FOR_DATA;
        return new BatchOutcome.Idle();
    }

    /**
     * Step 3, then the offsets entry: the batch's context, its watermark advanced, and (with a
     * checkpoint, unless the batch runs again) its end offsets logged before anything runs.
     */
    private BatchContext startBatch(NextBatch batch, TriggerTimes times) {
        StreamingQueryStatus processing = batch.newData() ? PROCESSING_NEW_DATA : CLEANING_UP_STATE;
        status = processing;
        BatchContext context = batchContext(batch.batchId(), batch.watermark(), batch.batchTimestampMs());
        if (checkpoint != null && !batch.rerun()) {
            status = WRITING_OFFSETS[batch.newData() ? 1 : 0];
            times.walCommitNanos = timed(() -> checkpoint.writeOffsets(batch.batchId(), batch.latest(),
                    context.watermarkMicros(), batch.batchTimestampMs(), conf));
            status = processing;
        }
        replay = null;
        return context;
    }

    /** Steps 4 and 5: the batch's stages, then its output handed to the sink. */
    private BatchOutput runBatch(NextBatch batch, BatchContext context, TriggerTimes times) {
        long addBatchStart = clock.nanoTime();
        long[] inputRows = runStages(batch.latest(), context);
        long outputRows = OutputCollector.count(plan.collectors());
        sink.addBatch(batch.batchId(), OutputCollector.gather(plan.collectors(), plan.outputSchema(), outputRows));
        if (checkpoint != null) {
            ProtocolProbe.reached(ProtocolProbe.Step.SINK_WRITTEN, batch.batchId());
        }
        times.addBatchNanos = clock.nanoTime() - addBatchStart;
        return new BatchOutput(inputRows, outputRows);
    }

    /**
     * Step 6, first half: the batch's event times observed for the next watermark, then (with a
     * checkpoint) the commit entry written; returns the event times progress shows ({@code null}
     * without a watermark).
     */
    private EventTimeStats commitBatch(NextBatch batch, TriggerTimes times) {
        WatermarkTracker watermark = batch.watermark();
        EventTimeStats eventTimes = watermark == null ? null : observeEventTimes(watermark);
        times.commitNanos = checkpoint == null ? 0
                : timed(() -> checkpoint.writeCommit(batch.batchId(), watermark == null ? 0 : watermark.nextMicros()));
        return eventTimes;
    }

    /** Step 6, last: the progress of the batch that ran. */
    private BatchOutcome ran(NextBatch batch, BatchContext context, BatchOutput output, EventTimeStats eventTimes,
                             List<ProgressBuilder.SourceMeasurements> sources, TriggerTimes times) {
        long triggerExecutionNanos = clock.nanoTime() - times.startNanos;
        var measurements = new ProgressBuilder.BatchMeasurements(batch.batchId(), times.startMs,
                previousTriggerStartMs, times.durations(triggerExecutionNanos), sources, sinkDescription,
                output.outputRows(), sink.metrics(), eventTimes,
                batch.watermark() == null ? null : context.watermarkMicros(),
                stateProgress());
        previousTriggerStartMs = times.startMs;
        // Spark keeps isDataAvailable from this trigger until the next one starts.
        status = WAITING_FOR_TRIGGER[batch.newData() ? 1 : 0];
        return new BatchOutcome.Ran(ProgressBuilder.build(identity, measurements, triggerExecutionNanos));
    }

    /**
     * Each stateful operator's progress, in progress's order, as a list that progress keeps as it
     * is (a stream's list allows nulls, so the report copied it again).
     */
    private List<StateOperatorProgress> stateProgress() {
        StateOperatorProgress[] states = new StateOperatorProgress[progressOrder.size()];
        for (int i = 0; i < states.length; i++) {
            states[i] = progressOrder.get(i).progress();
        }
        return List.of(states);
    }

    /**
     * The context of batch {@code batchId}: the watermark moves to what the last batch saw, the
     * previous one deciding which rows are late and the new one what is evicted.
     */
    private BatchContext batchContext(long batchId, WatermarkTracker watermark, long batchTimestampMs) {
        long lateBefore = watermark == null ? 0 : watermark.currentMicros();
        if (watermark != null) {
            watermark.advance();
        }
        long evictBefore = watermark == null ? 0 : watermark.currentMicros();
        return new BatchContext(batchId, lateBefore, evictBefore, plan.watermarks(),
                new EvaluationContext(batchTimestampMs * 1000, timeZone));
    }

    /** Runs the batch's stages over what each source read since its committed offset; returns each source's rows. */
    private long[] runStages(SourceOffsets latest, BatchContext context) {
        try {
            List<List<InputPartition>> inputs = new ArrayList<>();
            for (int i = 0; i < latest.size(); i++) {
                Offset end = latest.get(i);
                boolean moved = end != null && (nextBatchId == 0 || !end.equals(committedOffsets.get(i)));
                inputs.add(moved ? plan.sources().get(i).planInputPartitions(committedOffsets.get(i), end) : List.of());
            }
            return stages.run(inputs, context);
        } catch (RuntimeException | Error failure) {
            stages.abort();
            throw failure;
        }
    }

    /**
     * Hands {@code watermark} the latest event time each watermark's observers saw; progress shows
     * the event times of the first watermark operator that saw rows, as Spark's does.
     */
    private EventTimeStats observeEventTimes(WatermarkTracker watermark) {
        EventTimeStats eventTimes = null;
        for (int w = 0; w < plan.watermarkObservers().size(); w++) {
            EventTimeStats seen = new EventTimeStats();
            for (EventTimeWatermarkOperator observer : plan.watermarkObservers().get(w)) {
                observer.takeStatsInto(seen);
            }
            if (seen.count() > 0) {
                watermark.observe(w, seen.maxMicros());
                eventTimes = eventTimes == null ? seen : eventTimes;
            }
        }
        return eventTimes == null ? new EventTimeStats() : eventTimes;
    }

    /** Tells each source the batch committed its offsets, and measures it for progress. */
    private List<ProgressBuilder.SourceMeasurements> commitSources(SourceOffsets latest, long[] inputRows) {
        List<ProgressBuilder.SourceMeasurements> measurements = new ArrayList<>();
        String[] ends = new String[latest.size()];
        for (int i = 0; i < latest.size(); i++) {
            Source source = plan.sources().get(i);
            if (latest.get(i) != null) {
                source.commit(latest.get(i));
            }
            Offset available = source.reportLatestOffset();
            ends[i] = latest.json(i);
            measurements.add(new ProgressBuilder.SourceMeasurements(sourceDescriptions.get(i),
                    committedJson == null ? committedOffsets.json(i) : committedJson[i], ends[i],
                    available == null ? ends[i] : available.json(),
                    inputRows[i], latest.get(i) == null ? Map.of() : source.metrics(latest.get(i))));
        }
        committedJson = ends;
        return measurements;
    }

    /** How long {@code step} took, in nanoseconds of the injected clock. */
    private long timed(Runnable step) {
        long start = clock.nanoTime();
        step.run();
        return clock.nanoTime() - start;
    }

    /**
     * The batch a trigger runs: its id, its end offsets, whether any source has new data, whether
     * it is the uncommitted batch of an earlier run run again, its timestamp and the run's watermark
     * ({@code null}: none).
     */
    private record NextBatch(long batchId, SourceOffsets latest, boolean newData, boolean rerun,
                             long batchTimestampMs, WatermarkTracker watermark) {
    }

    /** What a batch read from each source, in rows, and handed to the sink. */
    private record BatchOutput(long[] inputRows, long outputRows) {
    }

    /** When a trigger started, and how long each of its phases took, in nanoseconds of the injected clock. */
    private static final class TriggerTimes {
        private static final String[] DURATIONS = {"addBatch", "commitOffsets", "getBatch", "latestOffset",
            "queryPlanning", "triggerExecution", "walCommit"};

        final long startMs;
        final long startNanos;
        long latestOffsetNanos;
        long walCommitNanos;
        long addBatchNanos;
        long commitNanos;

        TriggerTimes(long startMs, long startNanos) {
            this.startMs = startMs;
            this.startNanos = startNanos;
        }

        /** Spark's {@code durationMs} of a batch, in milliseconds, made in key order without a map to sort. */
        Map<String, Long> durations(long triggerExecutionNanos) {
            return SortedArrayMap.ofSorted(DURATIONS, new Long[] {addBatchNanos / 1_000_000, commitNanos / 1_000_000,
                    0L, latestOffsetNanos / 1_000_000, 0L, triggerExecutionNanos / 1_000_000, walCommitNanos / 1_000_000});
        }
    }
}
