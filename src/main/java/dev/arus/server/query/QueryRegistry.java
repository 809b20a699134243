package dev.arus.server.query;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.server.ArusProperties;
import dev.arus.server.live.LiveHub;
import dev.arus.server.live.QueryTopic;
import dev.arus.server.live.RecentBatch;
import dev.arus.server.live.RecentBatches;
import dev.arus.server.storage.DataDirectory;
import jakarta.annotation.PreDestroy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The service's queries, by id, in the order they were created. A query is registered only
 * once its first run has started, and every check (spec, name, limit, locations) comes before
 * that start, so a rejected request leaves nothing behind. Names are unique among registered
 * queries, whether active or not, and so are the locations they write in the data directory.
 * A checkpointed query keeps the id its checkpoint holds, so a query created again on the
 * checkpoint of a deleted one continues it. Thread-safe: the map is guarded by its own lock,
 * held while a query is created (a start only schedules work) but never while one is stopped
 * (which waits for a batch).
 */
@Component
public class QueryRegistry {

    private static final Logger log = LoggerFactory.getLogger(QueryRegistry.class);

    private final ArusSession session;
    private final QuerySpecTranslator translator;
    private final ArusProperties properties;
    private final LiveHub live;
    private final SavedQueries saved;
    private final DataDirectory dataDirectory;
    private final Map<UUID, RegisteredQuery> queries = new LinkedHashMap<>();
    private final List<DeletionListener> deletionListeners = new CopyOnWriteArrayList<>();

    QueryRegistry(ArusSession session, QuerySpecTranslator translator, ArusProperties properties, LiveHub live,
                  SavedQueries saved, DataDirectory dataDirectory) {
        this.session = session;
        this.translator = translator;
        this.properties = properties;
        this.live = live;
        this.saved = saved;
        this.dataDirectory = dataDirectory;
    }

    /**
     * Checks {@code spec}, then creates and starts its query.
     *
     * @return the new query's id
     * @throws ProblemException for a bad spec, a name or location in use, too many queries, or a
     *                          checkpoint the engine cannot start on; nothing is started or saved
     */
    public UUID create(QuerySpec spec) {
        TranslatedQuery translated = translator.translate(spec);
        synchronized (queries) {
            admit(spec, translated.files());
            UUID id = idFor(translated.files());
            RegisteredQuery query = register(id, spec, translated);
            try {
                query.start();
            } catch (RuntimeException notStarted) {
                query.forget();
                live.close(id);
                throw notStarted;
            }
            queries.put(id, query);
            log.info("Created query {} (id {})", spec.name(), id);
            return id;
        }
    }

    /**
     * Registers a saved query as it was wanted (see {@link RegisteredQuery#restore}); a saved
     * query that no longer passes the checks (the settings changed) is logged and left saved.
     */
    void restore(SavedQuery saved) {
        synchronized (queries) {
            RegisteredQuery query;
            try {
                TranslatedQuery translated = translator.translate(saved.spec());
                admit(saved.spec(), translated.files());
                requireUnused(saved.id());
                query = register(saved.id(), saved.spec(), translated);
            } catch (ProblemException refused) {
                log.error("Cannot restore query {} (id {}): {}", saved.spec().name(), saved.id(), refused.getMessage());
                return;
            }
            query.restore(saved.state());
            queries.put(saved.id(), query);
            log.info("Restored query {} (id {}) as {}", saved.spec().name(), saved.id(), query.view().state());
        }
    }

    /** The checks before a query is registered. Called under the map's lock. */
    private void admit(QuerySpec spec, QueryFiles files) {
        if (queries.values().stream().anyMatch(query -> query.name().equals(spec.name()))) {
            throw ProblemException.at(ProblemType.DUPLICATE_NAME, "/name",
                    "A query named '" + spec.name() + "' already exists");
        }
        if (queries.size() >= properties.maxQueries()) {
            throw new ProblemException(ProblemType.TOO_MANY_QUERIES, "The service holds at most "
                    + properties.maxQueries() + " queries; delete one first",
                    Map.of("limit", properties.maxQueries()));
        }
        for (RegisteredQuery other : queries.values()) {
            files.clash(other.files()).ifPresent(pointer -> {
                throw ProblemException.at(ProblemType.LOCATION_IN_USE, pointer,
                        "Query '" + other.name() + "' writes in the same place; give another location");
            });
        }
    }

    /** A new query's id: the one its checkpoint holds, if it has one, else a new one. Called under the map's lock. */
    private UUID idFor(QueryFiles files) {
        Optional<UUID> owner;
        try {
            owner = files.checkpointed() ? session.streams().checkpointQueryId(files.checkpoint()) : Optional.empty();
        } catch (CheckpointException damaged) {
            throw EngineProblems.ofCheckpoint(damaged);
        }
        UUID id = owner.orElseGet(UUID::randomUUID);
        requireUnused(id);
        return id;
    }

    /** A checkpoint copied from a registered query's is refused, so that no two queries share an id. */
    private void requireUnused(UUID id) {
        if (queries.containsKey(id)) {
            throw ProblemException.at(ProblemType.LOCATION_IN_USE, QueryFiles.CHECKPOINT_POINTER,
                    "The checkpoint belongs to query '" + queries.get(id).name() + "' (id " + id + ")");
        }
    }

    private RegisteredQuery register(UUID id, QuerySpec spec, TranslatedQuery translated) {
        // Opened before the first start, so that the live feed sees that run's every event.
        QueryTopic topic = live.open(id,
                new RecentBatches(properties.live().recentBatches(), properties.live().rowsPerBatch()),
                run -> QueryView.of(id, spec, run), ProgressView::of);
        return new RegisteredQuery(id, spec, translated, topic, session.clock(), saved);
    }

    QueryView view(UUID id) {
        return find(id).view();
    }

    List<QueryView> views() {
        return all().stream().map(RegisteredQuery::view).toList();
    }

    List<StreamingQueryProgress> recentProgress(UUID id, int limit) {
        List<StreamingQueryProgress> progress = find(id).run().recentProgress();
        return progress.subList(Math.max(0, progress.size() - limit), progress.size());
    }

    List<RecentBatch> recentBatches(UUID id, int limit) {
        return find(id).recentBatches().latest(limit);
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
     * Stops the query and forgets it, with its saved definition; {@code purge} also deletes its
     * checkpoint, once its run has ended. A file sink's output stays.
     */
    void delete(UUID id, boolean purge) {
        RegisteredQuery query;
        synchronized (queries) {
            query = queries.remove(id);
        }
        if (query == null) {
            throw notFound(id);
        }
        query.forget();
        live.close(id);
        QueryFiles files = query.files();
        if (files.checkpointed()) {
            saved.delete(id);
            if (purge) {
                dataDirectory.delete(files.checkpoint());
            }
        }
        log.info("Deleted query {} (id {}){}", query.name(), id, purge ? " and purged its checkpoint" : "");
        deletionListeners.forEach(listener -> listener.deleted(id, query.name()));
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

    /** {@code listener} hears of each deletion, on the deleting thread, once the query's run has ended. */
    public void addDeletionListener(DeletionListener listener) {
        deletionListeners.add(listener);
    }

    /** Told of a deleted query; must be quick, as the client's request waits for it. */
    @FunctionalInterface
    public interface DeletionListener {
        void deleted(UUID id, String name);
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

        /** The current run: the last one started, active or ended. */
        public StreamingQuery run() {
            return query.run();
        }

        /** The processing-time interval of its trigger; zero for the default, once and availableNow triggers. */
        public Duration triggerInterval() {
            return query.triggerInterval();
        }

        /** The query as {@code GET /api/queries/{id}} shows it. */
        public QueryView view() {
            return query.view();
        }
    }

    /** On shutdown, before the session closes: each batch in flight finishes, then its query stops. */
    @PreDestroy
    void stopAll() {
        List<RegisteredQuery> active = all().stream().filter(query -> query.run().isActive()).toList();
        log.info("Shutting down: stopping {} active queries after their batches in flight", active.size());
        for (RegisteredQuery query : active) {
            query.shutDown();
            log.info("Stopped query {} (id {})", query.name(), query.id());
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
