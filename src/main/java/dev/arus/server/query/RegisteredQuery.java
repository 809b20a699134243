package dev.arus.server.query;

import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One query of the service across its runs: its lasting id, the spec as submitted and its
 * translation, the current run and the recent outputs of all runs. It turns its runs' engine
 * events and outputs into the registry's {@link QueryListener} events. A checkpointed query is
 * saved with its desired state each time a user starts or stops it, under this object's lock,
 * so the saved state is the last one asked for; shutting the service down changes nothing
 * saved. Once forgotten it can never start again nor be saved, so a start racing a delete
 * leaves no run and no definition behind. Thread-safe.
 */
final class RegisteredQuery {

    private final UUID id;
    private final QuerySpec spec;
    private final TranslatedQuery translated;
    private final Shared shared;
    private final RecentBatches outputs;

    // Written under this object's lock (the started event of a run comes inside start()); read without it.
    private volatile StreamingQuery run;
    private boolean forgotten;
    // The runs started and not ended yet, by run id: a run may end after the next one started.
    private final Map<UUID, StreamingQuery> unended = new ConcurrentHashMap<>();

    RegisteredQuery(UUID id, QuerySpec spec, TranslatedQuery translated, Shared shared) {
        this.id = id;
        this.spec = spec;
        this.translated = translated;
        this.shared = shared;
        this.outputs = new RecentBatches(shared.recentBatches());
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

    boolean writesMemoryTable() {
        return translated.writesMemoryTable();
    }

    StreamingQuery run() {
        return run;
    }

    /** The processing-time interval of its trigger; zero for the default, once and availableNow triggers. */
    Duration triggerInterval() {
        return translated.trigger() instanceof Trigger.ProcessingTime every ? every.interval() : Duration.ZERO;
    }

    RecentBatches recentBatches() {
        return outputs;
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
        run = translated.start(spec.name(), id, this::committed, shared.rowsPerBatch());
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
     * waits for a start. One that comes back without a run is told as {@link QueryListener#restored}.
     */
    synchronized void restore(QueryState wanted) {
        if (wanted == QueryState.ACTIVE) {
            try {
                start();
                return;
            } catch (ProblemException refused) {
                run = UnstartedRun.failed(id, spec.name(), refused.getCause() != null ? refused.getCause() : refused);
            }
        }
        shared.listeners().restored(view());
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

    /** The engine's started event of {@code started}: on the starting thread, inside {@link #start()}, before its first trigger. */
    void runStarted(StreamingQuery started, Instant at) {
        unended.put(started.runId(), started);
        run = started;
        shared.listeners().runStarted(QueryView.of(id, spec, started), at);
    }

    /** A batch of a run of this query ran; on the query's thread. */
    void progress(StreamingQueryProgress progress) {
        StreamingQuery ran = unended.get(progress.runId());
        if (ran != null) {
            shared.listeners().progress(QueryView.of(id, spec, ran), progress);
        }
    }

    /** Run {@code runId} made an idle report triggered {@code at}; on the query's thread. */
    void idle(UUID runId, Instant at) {
        StreamingQuery idle = unended.get(runId);
        if (idle != null) {
            shared.listeners().idle(QueryView.of(id, spec, idle), at);
        }
    }

    /** Run {@code runId} has ended (the engine's terminated event). */
    void runEnded(UUID runId) {
        StreamingQuery ended = unended.remove(runId);
        if (ended != null) {
            shared.listeners().runEnded(QueryView.of(id, spec, ended));
        }
    }

    /** The observer of every run: a batch's output, converted once, kept and told. On the query's thread. */
    private void committed(ResultBatch batch, long batchId) {
        RecentBatch output = RecentBatch.of(batchId, Instant.ofEpochMilli(shared.clock().millis()), batch,
                shared.rowsPerBatch());
        outputs.add(output);
        shared.listeners().batch(id, output);
    }

    private void save(QueryState wanted) {
        if (!forgotten && translated.files().checkpointed()) {
            shared.saved().save(new SavedQuery(id, wanted, spec));
        }
    }

    /**
     * What every registered query shares.
     *
     * @param listeners     the registry's listeners, told of every run event and output
     * @param recentBatches the outputs kept per query
     * @param rowsPerBatch  the rows kept of one output
     */
    record Shared(Clock clock, SavedQueries saved, QueryListener listeners, int recentBatches, int rowsPerBatch) {
    }
}
