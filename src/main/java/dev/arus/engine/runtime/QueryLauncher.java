package dev.arus.engine.runtime;

import dev.arus.engine.checkpoint.Checkpoint;
import dev.arus.engine.files.CheckpointMaintenance;
import dev.arus.engine.checkpoint.PlanDescription;
import dev.arus.engine.files.ProtocolProbe;
import dev.arus.engine.checkpoint.ResumePoint;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.plan.Analysis;
import dev.arus.engine.plan.LogicalPlan;
import dev.arus.engine.plan.PhysicalPlan;
import dev.arus.engine.plan.QueryPlanner;
import dev.arus.engine.plan.RealTimeModeRules;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.plan.RequiredColumns;
import dev.arus.engine.sink.ForeachBatchSinkProvider;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.sink.SinkContext;
import dev.arus.engine.sink.SinkProvider;
import dev.arus.engine.sink.SinkProviders;
import dev.arus.engine.sink.TeeSink;
import dev.arus.engine.source.Source;
import dev.arus.engine.source.SourceContext;
import dev.arus.engine.source.SourceProvider;
import dev.arus.engine.source.SourceProviders;
import dev.arus.engine.state.StateStore;
import dev.arus.engine.state.StateStores;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.time.WatermarkTracker;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The one place a query is assembled, in this order, so that every check comes before anything
 * is written or started:
 * <ol>
 *   <li>analyse the plan and check the output mode against it;</li>
 *   <li>open the checkpoint, if any, and find where the query goes on (reading only);</li>
 *   <li>refuse an id that an active query has;</li>
 *   <li>create the source through its provider, read the checkpoint's offsets with it and open
 *       it at the offsets the checkpoint committed, then create the sink through its provider;</li>
 *   <li>plan the operators, with the number of state partitions the checkpoint keeps;</li>
 *   <li>make the run, which restores state and watermark on its own thread before its first
 *       batch, and only then writes what a new checkpoint lacks.</li>
 * </ol>
 */
public final class QueryLauncher {

    private final QueryEnvironment environment;
    private final SourceProviders sources;
    private final SinkProviders sinks;

    public QueryLauncher(QueryEnvironment environment, SourceProviders sources, SinkProviders sinks) {
        this.environment = environment;
        this.sources = sources;
        this.sinks = sinks;
    }

    /**
     * A run of {@code query}, not started yet.
     *
     * @param active      whether an active query has this id
     * @param listeners   who hears of the run's events
     * @param onEnd       called once when the run ends, before listeners hear of it
     * @throws ArusException when a check fails; nothing was written or started
     */
    public StreamExecution launch(QueryDefinition query, Predicate<UUID> active,
                                  List<StreamingQueryListener> listeners, Consumer<StreamExecution> onEnd) {
        Analysis analysis = analyze(query);
        Checkpoint.Recovery recovery = query.checkpointLocation() == null ? null
                : Checkpoint.open(query.checkpointLocation(),
                        PlanDescription.of(query.plan(), query.outputMode(), analysis.schema()), query.requestedId(),
                        Checkpoint.DEFAULT_MIN_BATCHES_TO_RETAIN, query.plan().streamSources().size(),
                        new CheckpointMaintenance(environment.checkpointMaintenance()));
        UUID id = recovery != null ? recovery.queryId()
                : query.requestedId() != null ? query.requestedId() : UUID.randomUUID();
        if (active.test(id)) {
            throw new ArusException("CONCURRENT_QUERY", "Query " + id + " is already active"
                    + (recovery == null ? "" : " on checkpoint " + query.checkpointLocation()));
        }
        QueryIdentity identity = new QueryIdentity(id, UUID.randomUUID(), query.name());
        List<Source> created = new ArrayList<>();
        try {
            List<LogicalPlan.StreamSource> streams = query.plan().streamSources();
            for (int i = 0; i < streams.size(); i++) {
                created.add(createSource(streams.get(i), i, identity, recovery));
            }
            return launch(query, analysis, identity, created, recovery, listeners, onEnd);
        } catch (RuntimeException | Error failure) {
            created.forEach(Source::close);
            throw failure;
        }
    }

    /**
     * Step 1, and of step 2 the check of the checkpoint's query and plan alone, reading nothing
     * but its {@code metadata}: whether {@code query} may start as defined, without starting it
     * or touching a source or sink. It may run while another run of the query writes the
     * checkpoint, and what it refuses {@link #launch} would refuse the same way.
     *
     * @throws ArusException when a check fails; nothing was read but the checkpoint's metadata
     */
    public void check(QueryDefinition query) {
        Analysis analysis = analyze(query);
        if (query.checkpointLocation() != null) {
            Checkpoint.checkedIdentity(query.checkpointLocation(),
                    PlanDescription.of(query.plan(), query.outputMode(), analysis.schema()), query.requestedId());
        }
    }

    /** Step 1: the plan analysed, its output mode checked, and a checkpoint present where the sink needs one. */
    private Analysis analyze(QueryDefinition query) {
        Analysis analysis = QueryPlanner.analyze(query.plan());
        QueryPlanner.check(query.plan(), analysis, query.outputMode());
        if (query.trigger() instanceof Trigger.RealTime realTime) {
            RealTimeModeRules.check(query.plan(), query.outputMode(), query.sinkFormat(), realTime);
        }
        SinkProvider sinkProvider = sinks.of(query.sinkFormat());
        if (sinkProvider.requiresCheckpoint() && query.checkpointLocation() == null) {
            throw new AnalysisException("CHECKPOINT_LOCATION_NOT_SPECIFIED", "checkpointLocation must be specified "
                    + "either through option(\"checkpointLocation\", ...) or "
                    + "SparkSession.conf.set(\"spark.sql.streaming.checkpointLocation\", ...)");
        }
        return analysis;
    }

    private StreamExecution launch(QueryDefinition query, Analysis analysis, QueryIdentity identity,
                                   List<Source> sources, Checkpoint.Recovery recovery,
                                   List<StreamingQueryListener> listeners, Consumer<StreamExecution> onEnd) {
        ResumePoint point = recovery == null ? ResumePoint.fresh(sources.size()) : recovery.resume(sources);
        for (int i = 0; i < sources.size(); i++) {
            sources.get(i).open(point.committedOffsets().get(i));
        }
        SinkProviders providers = query.foreachBatch() == null ? sinks
                : sinks.with(new ForeachBatchSinkProvider(query.foreachBatch()));
        Sink sink = providers.create(query.sinkFormat(), new SinkContext(query.sinkOptions(), query.outputMode(),
                identity, recovery != null, analysis.schema(), environment.clock(), environment.timeZone(),
                query.partitionColumns(), environment.connectTimeout(), analysis.groupingColumns(),
                environment.conf()));
        try {
            if (query.observer() != null) {
                sink = new TeeSink(sink, query.observer(), query.observerRows());
            }
            int partitions = recovery != null && recovery.shufflePartitions().isPresent()
                    ? recovery.shufflePartitions().getAsInt()
                    : query.shufflePartitions() != null ? query.shufflePartitions() : environment.shufflePartitions();
            if (sources.size() == 1) {
                BitSet read = RequiredColumns.of(query.plan());
                if (read.cardinality() < sources.get(0).schema().size()) {
                    sources.get(0).readOnly(read);
                }
            }
            WatermarkTracker.Policy policy = recovery != null && recovery.watermarkPolicy().isPresent()
                    ? recovery.watermarkPolicy().get()
                    : query.watermarkPolicy() != null ? query.watermarkPolicy() : WatermarkTracker.Policy.MIN;
            PhysicalPlan plan = QueryPlanner.plan(query.plan(), query.outputMode(), sources,
                    new QueryPlanner.Settings(environment.taskSlots().parallelism(), partitions,
                            environment.maxStateRows(), sink.rowsNeeded(), environment.maxBatchOutputRows(),
                            environment.timeZone(), policy));
            if (partitions > 1 && recovery != null && !recovery.partitionsStateAsSpark()
                    && !plan.statefulOperatorsSinkFirst().isEmpty()) {
                throw CheckpointException.incompatible(recovery.checkpoint().root(), "The state in checkpoint "
                        + recovery.checkpoint().root() + " was written by an earlier version of Arus, which put keys"
                        + " in other state partitions than Spark does; this version would not find them. Start"
                        + " the query on a new checkpoint (or reset this one) to build its state again.");
            }
            Map<String, String> conf = new LinkedHashMap<>();
            conf.put(Checkpoint.SHUFFLE_PARTITIONS, Integer.toString(partitions));
            conf.put(Checkpoint.MULTIPLE_WATERMARK_POLICY, policy.sparkName());
            conf.put(Checkpoint.STRICT_DISTRIBUTION, "true");
            conf.putAll(Checkpoint.SPARK_NEW_QUERY_CONF);
            Resumption resumption = new Resumption(recovery == null ? null : recovery.checkpoint(), point, conf,
                    () -> restore(plan, point, recovery));
            MicroBatchRunner runner = new MicroBatchRunner(identity, plan, sink, environment, resumption);
            return new StreamExecution(identity, runner, query.trigger(), environment.scheduler(), environment.clock(),
                    listeners, environment.recentProgress(), onEnd);
        } catch (RuntimeException | Error failure) {
            sink.close(); // a sink may hold what it writes (a stream it is a writer of) until closed
            throw failure;
        }
    }

    /**
     * A reader of the state that runs of {@code plan} in {@code mode} commit to the checkpoint at
     * {@code checkpoint}, whether a run is active or not; it writes nothing.
     *
     * @param shufflePartitions the query's number of state partitions until its checkpoint keeps
     *                          one ({@code null}: the session's)
     * @throws ArusException when the plan does not allow the output mode
     */
    public QueryStateReader stateReader(LogicalPlan plan, OutputMode mode, Path checkpoint, Integer shufflePartitions) {
        QueryPlanner.check(plan, QueryPlanner.analyze(plan), mode);
        return new CheckpointStateReader(checkpoint, partitions -> QueryPlanner.statefulOperators(plan, mode,
                new QueryPlanner.Settings(1, partitions, Integer.MAX_VALUE, 0, Long.MAX_VALUE,
                        environment.timeZone(), WatermarkTracker.Policy.MIN)),
                shufflePartitions != null ? shufflePartitions : environment.shufflePartitions());
    }

    /**
     * A source given the metadata its checkpoint kept; metadata it cannot read is damage to that
     * file, and an option it refuses is marked as source {@code index}'s. Its columns must still
     * be those the query was analysed with.
     */
    private Source createSource(LogicalPlan.StreamSource node, int index, QueryIdentity identity,
                                Checkpoint.Recovery recovery) {
        SourceProvider provider = sources.of(node.format());
        String metadata = recovery == null || provider.keepsOwnLog() ? null : recovery.sourceMetadata(index);
        SourceContext context = new SourceContext(node.options(), environment.clock(), identity, metadata, provider.acceptsUserSchema() ? node.schema() : null,
                recovery == null ? null : Checkpoint.sourceDirectory(recovery.checkpoint().root(), index),
                environment.timeZone(), environment.connectTimeout());
        Source source;
        try {
            source = provider.create(context);
        } catch (InvalidOptionException invalid) {
            throw invalid.ofSource(index);
        } catch (IllegalArgumentException unreadable) {
            if (metadata == null) {
                throw unreadable;
            }
            throw CheckpointException.damaged(Checkpoint.sourceMetadataFile(recovery.checkpoint().root(), index),
                    unreadable.getMessage());
        }
        if (!source.schema().equals(node.schema())) {
            source.close();
            throw new AnalysisException("SOURCE_SCHEMA_CHANGED", "[SOURCE_SCHEMA_CHANGED] The source's columns "
                    + "changed since the query was defined: it was defined over " + node.schema()
                    + ", the source now gives " + source.schema() + ". Define the query again.");
        }
        return source;
    }

    /** Loads every operator's state and the watermark, then completes a new checkpoint. */
    private static void restore(PhysicalPlan plan, ResumePoint point, Checkpoint.Recovery recovery) {
        if (recovery != null) {
            ProtocolProbe.reached(ProtocolProbe.Step.STATE_LOADING, point.nextBatchId());
        }
        StateStores stores = recovery == null ? StateStores.inMemory()
                : (operatorId, partition) -> StateStore.onDisk(
                        recovery.checkpoint().stateDirectory(operatorId, partition),
                        StateStore.DEFAULT_MIN_DELTAS_FOR_SNAPSHOT, recovery.checkpoint().minBatchesToRetain(),
                        recovery.checkpoint().maintenance());
        for (StatefulOperator operator : plan.statefulOperators()) {
            operator.restore(stores, point.stateVersion());
        }
        if (plan.watermarkTracker() != null) {
            plan.watermarkTracker().restore(point.currentWatermarkMicros(), point.nextWatermarkMicros());
        }
        if (recovery != null) {
            recovery.begin(plan.sources().stream().map(Source::checkpointMetadata).toList());
        }
    }
}
