package dev.arus.engine.api;

import dev.arus.engine.data.Row;
import dev.arus.engine.plan.LogicalPlan;
import dev.arus.engine.plan.OutputModeRules;
import dev.arus.engine.plan.PhysicalPlan;
import dev.arus.engine.plan.QueryPlanner;
import dev.arus.engine.runtime.MicroBatchRunner;
import dev.arus.engine.runtime.QueryIdentity;
import dev.arus.engine.runtime.StreamExecution;
import dev.arus.engine.sink.MemorySink;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.sink.Sinks;
import dev.arus.engine.sink.TeeSink;
import dev.arus.engine.source.Source;
import dev.arus.engine.source.Sources;
import java.util.ArrayList;
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

    /** The rows of the memory sink table named {@code name}, as Spark's {@code spark.table(name)}. */
    public List<Row> memoryTable(String name) {
        MemorySink sink = memoryTables.get(name);
        if (sink == null) {
            throw new AnalysisException("Table or view not found: " + name);
        }
        return sink.rows();
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
            throw new IllegalArgumentException("Cannot start query with name " + spec.name()
                    + " as a query with that name is already active in this session");
        }
        OutputModeRules.check(QueryPlanner.analyze(spec.plan()), spec.outputMode());
        Sink chosen = Sinks.create(spec.format(), spec.options(), spec.outputMode(), spec.name(), session.timeZone(),
                session.console(), spec.foreachBatch());
        Sink sink = spec.observer() == null ? chosen : new TeeSink(chosen, spec.observer());
        LogicalPlan.StreamSource sourceNode = spec.plan().streamSource();
        Source source = Sources.create(sourceNode.format(), sourceNode.options(), session.clock());
        PhysicalPlan plan = QueryPlanner.plan(spec.plan(), spec.outputMode(), source, sink.needsRows());
        if (spec.queryId() != null && active.containsKey(spec.queryId())) {
            throw new IllegalStateException("Query " + spec.queryId() + " is already active");
        }
        UUID id = spec.queryId() != null ? spec.queryId() : UUID.randomUUID();
        QueryIdentity identity = new QueryIdentity(id, UUID.randomUUID(), spec.name());
        MicroBatchRunner runner = new MicroBatchRunner(identity, plan, sink, session.clock(), session.timeZone());
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
