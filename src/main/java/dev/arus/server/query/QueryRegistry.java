package dev.arus.server.query;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamingQueryProgress;
import dev.arus.server.ArusProperties;
import dev.arus.server.live.RecentBatch;
import dev.arus.server.live.RecentBatches;
import jakarta.annotation.PreDestroy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The service's queries, by id, in the order they were created. A query is registered only
 * once its first run has started, and every check (spec, name, limit) comes before that start,
 * so a rejected request leaves nothing behind. Names are unique among registered queries,
 * whether active or not. Thread-safe: the map is guarded by its own lock, held while a query is
 * created (a start only schedules work) but never while one is stopped (which waits for a batch).
 */
@Component
public class QueryRegistry {

    private static final Logger log = LoggerFactory.getLogger(QueryRegistry.class);

    private final ArusSession session;
    private final QuerySpecTranslator translator;
    private final ArusProperties properties;
    private final Map<UUID, RegisteredQuery> queries = new LinkedHashMap<>();

    QueryRegistry(ArusSession session, QuerySpecTranslator translator, ArusProperties properties) {
        this.session = session;
        this.translator = translator;
        this.properties = properties;
    }

    /**
     * Checks {@code spec}, then creates and starts its query.
     *
     * @return the new query's id
     * @throws ProblemException for a bad spec, a name in use or too many queries; nothing is started
     */
    public UUID create(QuerySpec spec) {
        TranslatedQuery translated = translator.translate(spec);
        synchronized (queries) {
            if (queries.values().stream().anyMatch(query -> query.name().equals(spec.name()))) {
                throw ProblemException.at(ProblemType.DUPLICATE_NAME, "/name",
                        "A query named '" + spec.name() + "' already exists");
            }
            if (queries.size() >= properties.maxQueries()) {
                throw new ProblemException(ProblemType.TOO_MANY_QUERIES, "The service holds at most "
                        + properties.maxQueries() + " queries; delete one first",
                        Map.of("limit", properties.maxQueries()));
            }
            RegisteredQuery query = new RegisteredQuery(UUID.randomUUID(), spec, translated,
                    new RecentBatches(properties.live().recentBatches(), properties.live().rowsPerBatch()),
                    session.clock());
            query.start();
            queries.put(query.id(), query);
            log.info("Created query {} (id {})", spec.name(), query.id());
            return query.id();
        }
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

    /** Stops the query and forgets it. */
    void delete(UUID id) {
        RegisteredQuery query;
        synchronized (queries) {
            query = queries.remove(id);
        }
        if (query == null) {
            throw notFound(id);
        }
        query.forget();
        log.info("Deleted query {} (id {})", query.name(), id);
    }

    /** On shutdown, before the session closes: each batch in flight finishes, then its query stops. */
    @PreDestroy
    void stopAll() {
        List<RegisteredQuery> active = all().stream().filter(query -> query.run().isActive()).toList();
        log.info("Shutting down: stopping {} active queries after their batches in flight", active.size());
        for (RegisteredQuery query : active) {
            query.stop();
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
