package dev.arus.server.query;

import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.time.Clock;
import dev.arus.server.live.QueryTopic;
import dev.arus.server.live.RecentBatches;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * One query of the service across its runs: its lasting id, the spec as submitted and its
 * translation, the current run and its live feed, which keeps the recent outputs of all runs.
 * A checkpointed query is saved with its desired state each time a user starts or stops it,
 * under this object's lock, so the saved state is the last one asked for; shutting the service
 * down changes nothing saved. Once forgotten it can never start again nor be saved, so a start
 * racing a delete leaves no run and no definition behind. Thread-safe.
 */
final class RegisteredQuery {

    private final UUID id;
    private final QuerySpec spec;
    private final TranslatedQuery translated;
    private final QueryTopic topic;
    private final Clock clock;
    private final SavedQueries saved;

    // Written under this object's lock; read without it.
    private volatile StreamingQuery run;
    private boolean forgotten;

    RegisteredQuery(UUID id, QuerySpec spec, TranslatedQuery translated, QueryTopic topic, Clock clock,
                    SavedQueries saved) {
        this.id = id;
        this.spec = spec;
        this.translated = translated;
        this.topic = topic;
        this.clock = clock;
        this.saved = saved;
        this.run = new UnstartedRun(id, spec.name(), null);
    }

    UUID id() {
        return id;
    }

    String name() {
        return spec.name();
    }

    QueryFiles files() {
        return translated.files();
    }

    StreamingQuery run() {
        return run;
    }

    /** The processing-time interval of its trigger; zero for the default, once and availableNow triggers. */
    Duration triggerInterval() {
        return translated.trigger() instanceof Trigger.ProcessingTime every ? every.interval() : Duration.ZERO;
    }

    RecentBatches recentBatches() {
        return topic.recentBatches();
    }

    QueryView view() {
        return QueryView.of(id, spec, run);
    }

    /**
     * Starts a new run under the same id, then saves the query as wanted active.
     *
     * @throws ProblemException when a run is active, the query was forgotten, or the engine
     *                          refuses to start (its checkpoint, for one)
     */
    synchronized void start() {
        if (forgotten) {
            throw new ProblemException(ProblemType.QUERY_NOT_FOUND, "No query with id " + id);
        }
        if (run.isActive()) {
            throw new ProblemException(ProblemType.QUERY_ACTIVE, "Query " + id + " is already active; stop it first");
        }
        run = translated.start(spec.name(), id,
                (batch, batchId) -> topic.publishBatch(batchId, Instant.ofEpochMilli(clock.millis()), batch));
        save(QueryState.ACTIVE);
    }

    /** Saves the query as wanted stopped, then stops the current run once its batch in flight is done; idempotent. */
    void stop() {
        StreamingQuery current;
        synchronized (this) {
            save(QueryState.STOPPED);
            current = run;
        }
        current.stop();
    }

    /**
     * Brings back a saved query as it was wanted: an active one starts (a start the engine
     * refuses leaves it FAILED with the engine's exception, still wanted active), a stopped one
     * waits for a start.
     */
    synchronized void restore(QueryState wanted) {
        if (wanted == QueryState.ACTIVE) {
            try {
                start();
            } catch (ProblemException refused) {
                run = UnstartedRun.failed(id, spec.name(), refused.getCause() != null ? refused.getCause() : refused);
            }
        }
        if (!run.isActive()) {
            topic.runStarted(run);
        }
    }

    /** Stops the current run for the service's shutdown, keeping what is saved, so that a restart brings it back. */
    void shutDown() {
        run.stop();
    }

    /** Stops the current run and keeps any later {@link #start()} from running or saving. */
    void forget() {
        StreamingQuery current;
        synchronized (this) {
            forgotten = true;
            current = run;
        }
        current.stop();
    }

    private void save(QueryState wanted) {
        if (!forgotten && translated.files().checkpointed()) {
            saved.save(new SavedQuery(id, wanted, spec));
        }
    }
}
