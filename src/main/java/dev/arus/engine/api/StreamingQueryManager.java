package dev.arus.engine.api;

import dev.arus.engine.checkpoint.Checkpoint;
import dev.arus.engine.checkpoint.PlanDescription;
import dev.arus.engine.checkpoint.ResumePoint;
import dev.arus.engine.data.Row;
import dev.arus.engine.plan.Analysis;
import dev.arus.engine.plan.LogicalPlan;
import dev.arus.engine.plan.OutputModeRules;
import dev.arus.engine.plan.PhysicalPlan;
import dev.arus.engine.plan.QueryPlanner;
import dev.arus.engine.runtime.MicroBatchRunner;
import dev.arus.engine.runtime.QueryIdentity;
import dev.arus.engine.runtime.StreamExecution;
import dev.arus.engine.sink.FileSink;
import dev.arus.engine.sink.MemorySink;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.sink.Sinks;
import dev.arus.engine.sink.TeeSink;
import dev.arus.engine.source.RateSource;
import dev.arus.engine.source.Source;
import dev.arus.engine.source.Sources;
import dev.arus.engine.state.StateStore;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The active queries of a session and the listeners that hear of every query, as Spark's
 * {@code StreamingQueryManager}. Thread-safe.
 */
public final class StreamingQueryManager {

    /** The error class of a query started under a name another active query has. */
    public static final String QUERY_NAME_ALREADY_ACTIVE = "QUERY_NAME_ALREADY_ACTIVE";

    private final ArusSession session;
    private final Map<UUID, StreamExecution> active = new ConcurrentHashMap<>();
    private final List<StreamingQueryListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, MemorySink> memoryTables = new ConcurrentHashMap<>();

    StreamingQueryManager(ArusSession session) {
        this.session = session;
    }

    public void addListener(StreamingQueryListener listener) {
        listeners.add(listener);
    }

    public void removeListener(StreamingQueryListener listener) {
        listeners.remove(listener);
    }

    /** The queries that have not ended; a query leaves as soon as its end is decided. */
    public List<StreamingQuery> active() {
        return active.values().stream().filter(StreamExecution::isActive).map(StreamingQuery.class::cast).toList();
    }

    /** The active query with this id, if any. */
    public Optional<StreamingQuery> get(UUID id) {
        return Optional.<StreamingQuery>ofNullable(active.get(id)).filter(StreamingQuery::isActive);
    }

    /**
     * Arus's extension: the id of the query whose checkpoint is at {@code location}, empty for a
     * new checkpoint. A query started there keeps that id (as in Spark), so a caller that names
     * its queries' ids passes this one to {@link DataStreamWriter#queryId}.
     *
     * @throws CheckpointException when the checkpoint's {@code metadata} is damaged
     */
    public Optional<UUID> checkpointQueryId(Path location) {
        return Checkpoint.queryIdAt(location);
    }

    /** The rows of the memory sink table named {@code name}, as Spark's {@code spark.table(name)}. */
    public List<Row> memoryTable(String name) {
        MemorySink sink = memoryTables.get(name);
        if (sink == null) {
            throw new AnalysisException("TABLE_OR_VIEW_NOT_FOUND", "Table or view not found: " + name);
        }
        return sink.rows();
    }

    /**
     * Forgets the memory sink table named {@code name}, as Spark's {@code dropTempView}; its rows
     * are freed once no query writes them. Returns whether there was one. Meant for a stopped
     * query: a running one goes on writing rows that nobody can read by name any more.
     */
    public boolean dropTempView(String name) {
        return memoryTables.remove(name) != null;
    }

    /** The writer option that names the checkpoint directory, taken out of the sink's options. */
    static final String CHECKPOINT_LOCATION = "checkpointLocation";

    private static String removeIgnoringCase(Map<String, String> options, String key) {
        for (String name : List.copyOf(options.keySet())) {
            if (name.equalsIgnoreCase(key)) {
                return options.remove(name);
            }
        }
        return null;
    }

    void stopAll() {
        active.values().forEach(StreamExecution::stop);
    }

    /**
     * Checks the whole query, then starts it; nothing is created when a check fails.
     *
     * @throws IllegalStateException when the session is closed
     */
    synchronized StreamingQuery start(DataStreamWriter.QuerySpec spec) {
        if (spec.name() != null && active().stream().anyMatch(q -> spec.name().equals(q.name()))) {
            throw new ArusException(QUERY_NAME_ALREADY_ACTIVE, "Cannot start query with name " + spec.name()
                    + " as a query with that name is already active in this session");
        }
        Analysis analysis = QueryPlanner.analyze(spec.plan());
        OutputModeRules.check(analysis, spec.outputMode());
        Map<String, String> sinkOptions = new LinkedHashMap<>(spec.options());
        String checkpointLocation = removeIgnoringCase(sinkOptions, CHECKPOINT_LOCATION);
        Sink chosen = Sinks.create(spec.format(), sinkOptions, spec.outputMode(), spec.name(), session.timeZone(),
                session.console(), spec.foreachBatch(), analysis.schema());
        if (chosen instanceof FileSink && checkpointLocation == null) {
            throw new AnalysisException("CHECKPOINT_LOCATION_NOT_SPECIFIED", "checkpointLocation must be specified either through "
                    + "option(\"checkpointLocation\", ...) or "
                    + "SparkSession.conf.set(\"spark.sql.streaming.checkpointLocation\", ...)");
        }
        Sink sink = spec.observer() == null ? chosen : new TeeSink(chosen, spec.observer());
        LogicalPlan.StreamSource sourceNode = spec.plan().streamSource();
        Checkpoint.Recovery recovery = checkpointLocation == null ? null
                : Checkpoint.open(Path.of(checkpointLocation),
                        PlanDescription.of(spec.plan(), spec.outputMode(), analysis.schema()), spec.queryId(),
                        Checkpoint.DEFAULT_MIN_BATCHES_TO_RETAIN);
        Source source = Sources.create(sourceNode.format(), sourceNode.options(), session.clock(),
                recovery == null ? null : recovery.sourceCreationTimeMs());
        PhysicalPlan plan = QueryPlanner.plan(spec.plan(), spec.outputMode(), source, sink.needsRows());
        if (plan.aggregation() != null) {
            plan.aggregation().limitStateRows(session.maxStateRows());
        }
        UUID id = recovery != null ? recovery.queryId() : spec.queryId() != null ? spec.queryId() : UUID.randomUUID();
        if (active.containsKey(id)) {
            throw new ArusException("CONCURRENT_QUERY", "Query " + id + " is already active"
                    + (recovery == null ? "" : " on checkpoint " + checkpointLocation));
        }
        QueryIdentity identity = new QueryIdentity(id, UUID.randomUUID(), spec.name());
        MicroBatchRunner runner;
        if (recovery == null) {
            runner = new MicroBatchRunner(identity, plan, sink, session.clock(), session.timeZone());
        } else {
            ResumePoint resume = recovery.resume(source);
            Checkpoint checkpoint = recovery.checkpoint();
            if (plan.aggregation() != null) {
                plan.aggregation().useStore(StateStore.onDisk(checkpoint.stateDirectory(0, 0),
                        StateStore.DEFAULT_MIN_DELTAS_FOR_SNAPSHOT, checkpoint.minBatchesToRetain()));
                plan.aggregation().loadState(resume.stateVersion());
            }
            if (plan.watermarkTracker() != null) {
                plan.watermarkTracker().restore(resume.currentWatermarkMicros(), resume.nextWatermarkMicros());
            }
            recovery.begin(source instanceof RateSource rate ? rate.creationTimeMs() : null);
            runner = new MicroBatchRunner(identity, plan, sink, session.clock(), session.timeZone(), checkpoint,
                    resume);
        }
        StreamExecution execution = new StreamExecution(identity, runner, spec.trigger(), session.scheduler(),
                session.clock(), new ArrayList<>(listeners), session.recentProgress(),
                ended -> active.remove(ended.id()));
        active.put(identity.id(), execution);
        if (chosen instanceof MemorySink memory) {
            memoryTables.put(spec.name(), memory);
        }
        execution.start();
        return execution;
    }
}
