package dev.arus.engine.api;

import dev.arus.engine.checkpoint.Checkpoint;
import dev.arus.engine.data.Row;
import dev.arus.engine.runtime.QueryDefinition;
import dev.arus.engine.runtime.QueryLauncher;
import dev.arus.engine.runtime.StreamExecution;
import dev.arus.engine.sink.MemoryTables;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.CommittedBatch;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The active queries of a session and the listeners that hear of every query, as Spark's
 * {@code StreamingQueryManager}; the runtime's {@link QueryLauncher} assembles each query.
 * Thread-safe.
 */
public final class StreamingQueryManager {

    /** The error class of a query started under a name another active query has. */
    public static final String QUERY_NAME_ALREADY_ACTIVE = "QUERY_NAME_ALREADY_ACTIVE";

    private final QueryLauncher launcher;
    private final MemoryTables memoryTables;
    private final Map<UUID, StreamExecution> active = new ConcurrentHashMap<>();
    private final List<StreamingQueryListener> listeners = new CopyOnWriteArrayList<>();

    StreamingQueryManager(QueryLauncher launcher, MemoryTables memoryTables) {
        this.launcher = launcher;
        this.memoryTables = memoryTables;
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
     * Arus's extension, Spark's {@code state-metadata} and {@code statestore} sources as an
     * object: a reader of the state that {@code frame}, written in {@code mode}, keeps in the
     * checkpoint at {@code checkpoint}, while a run of it is active or after. It reads the
     * committed files only, and never holds up a run.
     *
     * @param shufflePartitions the query's number of state partitions, as its writer has it
     *                          ({@code null}: the session's); the checkpoint's, once it keeps one
     */
    public QueryStateReader stateReader(StreamFrame frame, OutputMode mode, Path checkpoint,
                                        Integer shufflePartitions) {
        return launcher.stateReader(frame.plan(), mode, checkpoint, shufflePartitions);
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

    /**
     * Arus's extension: the last batch the checkpoint at {@code location} committed, empty when
     * it has committed none (or is no checkpoint). Reads only; safe while a query runs on it.
     */
    public Optional<CommittedBatch> lastCommittedBatch(Path location) {
        return Checkpoint.lastCommitted(location);
    }

    /**
     * The rows of the memory sink table named {@code name}, as Spark's {@code spark.table(name)}.
     *
     * @throws AnalysisException {@code TABLE_OR_VIEW_NOT_FOUND}
     */
    public List<Row> memoryTable(String name) {
        return memoryTables.rows(name);
    }

    /**
     * Forgets the memory sink table named {@code name}, as Spark's {@code dropTempView}; its rows
     * are freed once no query writes them. Returns whether there was one. Meant for a stopped
     * query: a running one goes on writing rows that nobody can read by name any more.
     */
    public boolean dropTempView(String name) {
        return memoryTables.drop(name);
    }

    void stopAll() {
        active.values().forEach(StreamExecution::stop);
    }

    /** Checks what {@link #start} checks before it opens a source or the checkpoint's logs; see {@link QueryLauncher#check}. */
    void check(QueryDefinition query) {
        launcher.check(query);
    }

    /**
     * Checks the whole query, then starts it; nothing is created when a check fails.
     *
     * @throws ArusException when a check fails; {@code SESSION_CLOSED} when the session is closed
     */
    synchronized StreamingQuery start(QueryDefinition query) {
        if (query.name() != null && active().stream().anyMatch(q -> query.name().equals(q.name()))) {
            throw new ArusException(QUERY_NAME_ALREADY_ACTIVE, "Cannot start query with name " + query.name()
                    + " as a query with that name is already active in this session");
        }
        StreamExecution execution = launcher.launch(query, active::containsKey, new ArrayList<>(listeners),
                ended -> active.remove(ended.id()));
        active.put(execution.id(), execution);
        execution.start();
        return execution;
    }
}
