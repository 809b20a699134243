package dev.arus.server.query;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.RecentRowCounts;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.server.ArusProperties;
import dev.arus.server.PrintableText;
import dev.arus.server.ShownPaths;
import dev.arus.server.query.restart.RestartStrategies;
import dev.arus.server.query.restart.RestartTimer;
import dev.arus.server.storage.DataDirectory;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import jakarta.annotation.PreDestroy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The service's queries, by id, in the order they were created. A query holds its name, id and
 * locations (its name and id unique among the held ones, its locations clashing with none of
 * theirs: see {@link QueryFiles}) from its admission until its run has ended on deletion, and is listed only once its first run has started, after every check, so a
 * rejected request leaves nothing behind. The registry is the one subscriber to the engine's
 * events of its queries and tells them, typed, to its {@link QueryListener}s. Thread-safe: one
 * lock guards the maps, held to admit, list, find or remove a query, never while a run starts
 * or stops.
 */
@Component
public class QueryRegistry {

    private static final Logger log = LoggerFactory.getLogger(QueryRegistry.class);

    private final ArusSession session;
    private final QuerySpecTranslator translator;
    private final RestartStrategies restartStrategies;
    private final ArusProperties properties;
    private final DataDirectory dataDirectory;
    private final QueryListeners listeners = new QueryListeners();
    private final EngineEvents engineEvents;
    private final RegisteredQuery.Shared shared;

    // Guarded by queries: the listed queries, and those that hold their name, id and locations
    // while their first run starts or their last one ends.
    private final Map<UUID, RegisteredQuery> queries = new LinkedHashMap<>();
    private final Map<UUID, RegisteredQuery> reserved = new HashMap<>();

    QueryRegistry(ArusSession session, QuerySpecTranslator translator, RestartStrategies restartStrategies,
                  ArusProperties properties, SavedQueries saved, DataDirectory dataDirectory, JsonMapper json,
                  ShownPaths shownPaths, RestartTimer restartTimer) {
        this.session = session;
        this.translator = translator;
        this.restartStrategies = restartStrategies;
        this.properties = properties;
        this.dataDirectory = dataDirectory;
        this.engineEvents = new EngineEvents(session.streams());
        this.shared = new RegisteredQuery.Shared(session.clock(), saved, listeners,
                properties.live().recentBatches(), properties.live().rowsPerBatch(),
                properties.live().resultMaxKeys(), json, shownPaths, restartTimer);
    }

    /**
     * Adds {@code listener}, which hears of every query from now on. Features add theirs when
     * they are created, before the registry holds any query: restored and demo queries come once
     * every bean exists.
     */
    public void addListener(QueryListener listener) {
        listeners.add(listener);
    }

    /**
     * Checks {@code submitted}, then creates and starts its query, whose spec names its engine
     * ({@code arus.engine.default} if {@code submitted} names none).
     *
     * @return the new query's id
     * @throws ProblemException for a bad spec, a name or location in use, too many queries, or a
     *                          checkpoint the engine cannot start on; nothing is started or saved
     */
    public UUID create(QuerySpec submitted) {
        QuerySpec spec = translator.namingItsEngine(submitted);
        TranslatedQuery translated = translator.translate(spec);
        RegisteredQuery query = new RegisteredQuery(idFor(translated.files()), definition(spec, translated), shared);
        enter(query, RegisteredQuery::start);
        log.info("Created query {} (id {})", spec.name(), query.id());
        return query.id();
    }

    /**
     * Registers a saved query as it was wanted (see {@link RegisteredQuery#restore}); a saved
     * query that no longer passes the checks (the settings changed) is logged and left saved.
     */
    void restore(SavedQuery saved) {
        RegisteredQuery query;
        try {
            // A query saved before specs named their engine runs on the default, and is kept naming it.
            QuerySpec spec = translator.namingItsEngine(saved.spec());
            query = new RegisteredQuery(saved.id(), definition(spec, translator.translate(spec)), shared);
            enter(query, restored -> restored.restore(saved.state()));
        } catch (ProblemException refused) {
            log.error("Cannot restore query {} (id {}): {}", PrintableText.escape(saved.spec().name()), saved.id(),
                    PrintableText.escape(refused.getMessage()));
            return;
        }
        log.info("Restored query {} (id {}) as {}", saved.spec().name(), saved.id(), query.view().state());
    }

    /**
     * Checks {@code query}'s locations against the checkpoints on disk, then admits it, holding
     * its name, id and locations, then starts it without the lock and lists it; if {@code start}
     * throws, the query's run is stopped and it is removed. The disk is read before the lock is
     * taken: only a query being admitted writes a new checkpoint, and the check under the lock
     * sees its locations.
     */
    private void enter(RegisteredQuery query, Consumer<RegisteredQuery> start) {
        query.files().checkCheckpointsOnDisk(dataDirectory);
        synchronized (queries) {
            admit(query);
            reserved.put(query.id(), query);
        }
        engineEvents.hear(query);
        try {
            start.accept(query);
        } catch (RuntimeException notStarted) {
            query.abandon();
            release(query);
            throw notStarted;
        }
        synchronized (queries) {
            reserved.remove(query.id());
            queries.put(query.id(), query);
        }
    }

    /** The checks before a query is admitted, against every query that holds a name, id and locations. Called under the lock. */
    private void admit(RegisteredQuery query) {
        List<RegisteredQuery> holding = Stream.concat(queries.values().stream(), reserved.values().stream()).toList();
        if (holding.stream().anyMatch(other -> other.name().equals(query.name()))) {
            throw ProblemException.at(ProblemType.DUPLICATE_NAME, "/name",
                    "A query named '" + query.name() + "' already exists");
        }
        if (holding.size() >= properties.maxQueries()) {
            throw new ProblemException(ProblemType.TOO_MANY_QUERIES, "The service holds at most "
                    + properties.maxQueries() + " queries; delete one first",
                    Map.of("limit", properties.maxQueries()));
        }
        for (RegisteredQuery other : holding) {
            other.heldFiles().forEach(held -> query.files().checkAgainst(held, other.name()));
        }
        // A checkpoint copied from another query's is refused, so that no two queries share an id.
        holding.stream().filter(other -> other.id().equals(query.id())).findFirst().ifPresent(other -> {
            throw ProblemException.at(ProblemType.LOCATION_IN_USE, QueryFiles.CHECKPOINT_POINTER,
                    "The checkpoint belongs to query '" + other.name() + "' (id " + other.id() + ")");
        });
    }

    /**
     * Refuses {@code files}, the locations of something that is no query (a preview), where they
     * clash with those of a query the registry holds, as {@link #create} refuses a query's.
     */
    void checkAgainstHeld(QueryFiles files) {
        synchronized (queries) {
            Stream.concat(queries.values().stream(), reserved.values().stream())
                    .forEach(other -> other.heldFiles().forEach(held -> files.checkAgainst(held, other.name())));
        }
    }

    private RegisteredQuery.Definition definition(QuerySpec spec, TranslatedQuery translated) {
        return RegisteredQuery.Definition.of(spec, translated, restartStrategies.of(spec.restart()), shared.json());
    }

    /**
     * Replaces query {@code id}'s definition with {@code submitted} and runs it as the query ran
     * (see {@link RegisteredQuery#replace}), keeping its id, name and checkpoint. Everything is
     * checked before the old run stops: the spec as {@link #create} checks it, what an edit may
     * change ({@link DefinitionChange}), its locations against every other query's and the
     * checkpoints on disk, and, unless {@code resetCheckpoint}, that the engine may restart the
     * new definition from the query's checkpoint ({@link TranslatedQuery#checkRestart}). With
     * {@code resetCheckpoint} the checkpoint is deleted once the old run has stopped, and the
     * new definition starts afresh on it, under the same id.
     *
     * @throws ProblemException as {@link #create} does, {@code 409 checkpoint-incompatible} naming
     *                          what the checkpoint does not allow to change
     */
    QueryView replace(UUID id, QuerySpec submitted, boolean resetCheckpoint) {
        RegisteredQuery query = find(id);
        QuerySpec spec = translator.namingItsEngine(submitted);
        TranslatedQuery translated = translator.translate(spec);
        QueryFiles files = translated.files();
        DefinitionChange.check(query.spec(), query.files(), spec, files, resetCheckpoint);
        RegisteredQuery.Definition next = definition(spec, translated);
        files.checkCheckpointsOnDisk(dataDirectory);
        boolean reset = resetCheckpoint && files.checkpointed();
        if (reset) {
            dataDirectory.checkDeletable(files.checkpoint());
        } else if (files.checkpointed()) {
            translated.checkRestart(id);
        }
        synchronized (queries) {
            Stream.concat(queries.values().stream(), reserved.values().stream()).filter(other -> other != query)
                    .forEach(other -> other.heldFiles().forEach(held -> files.checkAgainst(held, other.name())));
            query.claim(files);
        }
        query.replace(next, reset ? () -> dataDirectory.delete(files.checkpoint()) : () -> { });
        log.info("Replaced the definition of query {} (id {}){}", query.name(), id,
                reset ? ", starting afresh on its checkpoint" : "");
        return query.view();
    }

    /**
     * Where query {@code id} keeps its checkpoint, as its spec names it, and the last batch the
     * checkpoint committed, read from disk: what a query restored after a restart of the service
     * goes on from, before its next batch runs.
     *
     * @throws ProblemException when the query keeps no checkpoint, or its logs are damaged
     */
    CheckpointView checkpoint(UUID id) {
        RegisteredQuery query = find(id);
        QueryFiles files = query.files();
        if (!files.checkpointed()) {
            throw new ProblemException(ProblemType.NO_CHECKPOINT, "Query " + id + " keeps no checkpoint: its spec "
                    + "names no checkpointLocation");
        }
        try {
            return CheckpointView.of(query.spec().checkpointLocation(),
                    session.streams().lastCommittedBatch(files.checkpoint()).orElse(null));
        } catch (CheckpointException damaged) {
            throw EngineProblems.ofCheckpoint(damaged);
        }
    }

    /**
     * A new query's id: the one its checkpoint holds, if it has one, else a new one; so a query
     * created again on the checkpoint of a deleted one continues it. Read before the query is
     * admitted, without the lock: a checkpoint's metadata is written once, atomically.
     */
    private UUID idFor(QueryFiles files) {
        try {
            return (files.checkpointed() ? session.streams().checkpointQueryId(files.checkpoint()) : Optional.<UUID>empty())
                    .orElseGet(UUID::randomUUID);
        } catch (CheckpointException damaged) {
            throw EngineProblems.ofCheckpoint(damaged);
        }
    }

    QueryView view(UUID id) {
        return find(id).view();
    }

    List<QueryView> views() {
        return all().stream().map(RegisteredQuery::view).toList();
    }

    /**
     * The current run's last {@code limit} progress reports of batches below {@code beforeBatchId},
     * oldest first, as views show them.
     */
    List<ProgressView> recentProgress(UUID id, long beforeBatchId, int limit) {
        List<StreamingQueryProgress> progress = find(id).run().recentProgress().stream()
                .filter(report -> report.batchId() < beforeBatchId).toList();
        return progress.subList(Math.max(0, progress.size() - limit), progress.size()).stream()
                .map(report -> ProgressView.of(report, shared.shownPaths())).toList();
    }

    /**
     * The rows {@code [offset, offset + limit)} of the query's memory sink table, and how many it has.
     *
     * @throws ProblemException when the query writes no memory table
     */
    MemoryTableView memoryTable(UUID id, int offset, int limit) {
        RegisteredQuery query = find(id);
        if (!query.writesMemoryTable()) {
            throw new ProblemException(ProblemType.NO_MEMORY_TABLE, "Query " + id + " writes no memory table: its "
                    + "sink is not memory");
        }
        List<Row> rows = query.memoryTable();
        List<Row> page = rows.subList(Math.min(offset, rows.size()), rows.size());
        return new MemoryTableView(rows.size(), JsonRows.of(page, limit));
    }

    /**
     * The page {@code [offset, offset + limit)} of the query's materialized result matching {@code filters}.
     *
     * @throws ProblemException {@code 409 no-result} when the query keeps none (append mode)
     */
    ResultView result(UUID id, List<KeyFilter> filters, int offset, int limit) {
        return find(id).result(filters, offset, limit);
    }

    /** The translation of the query with this id, whose state reader views read. */
    TranslatedQuery translated(UUID id) {
        return find(id).translated();
    }

    /** The last {@code limit} outputs kept of batches below {@code beforeBatchId}, oldest first. */
    List<RecentBatch> recentBatches(UUID id, long beforeBatchId, int limit) {
        return find(id).recentBatches().latestBefore(beforeBatchId, limit);
    }

    /** Stops the query's run after its batch in flight; stopping a stopped query changes nothing. */
    void stop(UUID id) {
        find(id).stop();
    }

    /** Starts a stopped or failed query again: same id, new run id. */
    void start(UUID id) {
        find(id).start();
    }

    /**
     * Stops the query and forgets it, with its saved definition and its memory sink's table;
     * {@code purge} also deletes its checkpoint. Its name and locations stay taken until then.
     * A file sink's output stays. The saved definition is removed first, and a checkpoint to purge
     * is checked for deletion before anything changes, so a data directory that cannot be written
     * refuses the deletion and leaves the query as it was.
     *
     * @throws dev.arus.server.storage.StorageException when the data directory cannot be written
     */
    void delete(UUID id, boolean purge) {
        RegisteredQuery query = find(id);
        QueryFiles files = query.files();
        if (purge && files.checkpointed()) {
            dataDirectory.checkDeletable(files.checkpoint());
        }
        query.forget();
        synchronized (queries) {
            if (queries.remove(id) == null) {
                throw notFound(id); // deleted meanwhile
            }
            reserved.put(id, query);
        }
        session.streams().dropTempView(query.name());
        try {
            if (purge && files.checkpointed()) {
                dataDirectory.delete(files.checkpoint());
            }
        } finally {
            release(query);
        }
        log.info("Deleted query {} (id {}){}", query.name(), id, purge ? " and purged its checkpoint" : "");
    }

    /**
     * The last step of a query whose run has ended: its events are no longer heard, the
     * listeners forget it, and only then are its name, id and locations free for another.
     */
    private void release(RegisteredQuery query) {
        engineEvents.ignore(query.id());
        listeners.deleted(query.id(), query.name());
        synchronized (queries) {
            reserved.remove(query.id());
        }
    }

    /**
     * Every query, in the order they were created, as operations code (health, metrics, the
     * actuator endpoint) reads it.
     */
    public List<QueryHandle> handles() {
        return all().stream().map(QueryHandle::new).toList();
    }

    /** The query with this id, if it is registered. */
    public Optional<QueryHandle> handle(UUID id) {
        synchronized (queries) {
            return Optional.ofNullable(queries.get(id)).map(QueryHandle::new);
        }
    }

    /** A read-only look at one registered query. Thread-safe. */
    public static final class QueryHandle {

        private final RegisteredQuery query;

        private QueryHandle(RegisteredQuery query) {
            this.query = query;
        }

        public UUID id() {
            return query.id();
        }

        public String name() {
            return query.name();
        }

        /** The processing-time interval of its trigger; zero for the default, once and availableNow triggers. */
        public Duration triggerInterval() {
            return query.triggerInterval();
        }

        /** The query as {@code GET /api/queries/{id}} shows it. */
        public QueryView view() {
            return query.view();
        }

        /** The engine that runs it: arus, spark or both. */
        public String engine() {
            return query.engine();
        }

        /** The streams it reads, in the order its progress lists its sources. */
        public List<QueryEndpoint> inputs() {
            return query.translated().inputs();
        }

        /** Where it writes. */
        public QueryEndpoint output() {
            return query.translated().output();
        }

        /** The row counts of the current run's recent progress reports, oldest first. */
        public RecentRowCounts recentRowCounts() {
            return query.run().recentRowCounts();
        }
    }

    /**
     * On shutdown, before the session closes: each batch in flight finishes, then its query stops;
     * no restart pending runs.
     */
    @PreDestroy
    void stopAll() {
        List<RegisteredQuery> all = all();
        List<RegisteredQuery> active = all.stream().filter(query -> query.run().isActive()).toList();
        log.info("Shutting down: stopping {} active queries after their batches in flight", active.size());
        for (RegisteredQuery query : all) {
            query.shutDown();
            if (active.contains(query)) {
                log.info("Stopped query {} (id {})", query.name(), query.id());
            }
        }
        log.info("All queries stopped");
    }

    private List<RegisteredQuery> all() {
        synchronized (queries) {
            return new ArrayList<>(queries.values());
        }
    }

    private RegisteredQuery find(UUID id) {
        synchronized (queries) {
            RegisteredQuery query = queries.get(id);
            if (query == null) {
                throw notFound(id);
            }
            return query;
        }
    }

    private static ProblemException notFound(UUID id) {
        return new ProblemException(ProblemType.QUERY_NOT_FOUND, "No query with id " + id);
    }
}
