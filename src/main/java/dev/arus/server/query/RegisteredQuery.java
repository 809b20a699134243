package dev.arus.server.query;

import dev.arus.engine.api.StreamingQuery;
import dev.arus.engine.time.Clock;
import dev.arus.server.live.QueryTopic;
import dev.arus.server.live.RecentBatches;
import java.time.Instant;
import java.util.UUID;

/**
 * One query of the service across its runs: its lasting id, the spec as submitted and its
 * translation, the current run and its live feed, which keeps the recent outputs of all runs.
 * Once forgotten it can never start again, so a start racing a delete leaves no run behind.
 * Thread-safe.
 */
final class RegisteredQuery {

    private final UUID id;
    private final QuerySpec spec;
    private final TranslatedQuery translated;
    private final QueryTopic topic;
    private final Clock clock;

    // Written under this object's lock; read without it.
    private volatile StreamingQuery run;
    private boolean forgotten;

    RegisteredQuery(UUID id, QuerySpec spec, TranslatedQuery translated, QueryTopic topic, Clock clock) {
        this.id = id;
        this.spec = spec;
        this.translated = translated;
        this.topic = topic;
        this.clock = clock;
    }

    UUID id() {
        return id;
    }

    String name() {
        return spec.name();
    }

    StreamingQuery run() {
        return run;
    }

    RecentBatches recentBatches() {
        return topic.recentBatches();
    }

    QueryView view() {
        return QueryView.of(id, spec, run);
    }

    /**
     * Starts a new run under the same id.
     *
     * @throws ProblemException when a run is active, or the query was forgotten
     */
    synchronized void start() {
        if (forgotten) {
            throw new ProblemException(ProblemType.QUERY_NOT_FOUND, "No query with id " + id);
        }
        if (run != null && run.isActive()) {
            throw new ProblemException(ProblemType.QUERY_ACTIVE, "Query " + id + " is already active; stop it first");
        }
        run = translated.start(spec.name(), id,
                (batch, batchId) -> topic.publishBatch(batchId, Instant.ofEpochMilli(clock.millis()), batch));
    }

    /** Stops the current run once its batch in flight is done; idempotent. */
    void stop() {
        run.stop();
    }

    /** Stops the current run and keeps any later {@link #start()} from running. */
    void forget() {
        synchronized (this) {
            forgotten = true;
        }
        stop();
    }
}
