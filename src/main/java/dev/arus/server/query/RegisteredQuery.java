package dev.arus.server.query;

import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.time.Clock;
import dev.arus.server.ShownPaths;
import dev.arus.server.query.restart.RestartStrategy;
import dev.arus.server.query.restart.RestartTimer;
import dev.arus.server.storage.StorageException;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One query of the service across its runs: its lasting id, its {@link Definition} (the spec as
 * submitted and its translation, replaced as a whole by an edit), the current run and the recent
 * outputs of all runs. It turns its runs' engine
 * events and outputs into the registry's {@link QueryListener} events. A checkpointed query is
 * saved with its desired state each time a user starts or stops it, under this object's lock,
 * before the run is started or stopped: an operation whose wish cannot be saved does not happen,
 * so what runs and what a restart brings back never disagree; shutting the service down changes
 * nothing saved. Once forgotten (its definition removed first) it can never start again nor be
 * saved, so a start racing a delete leaves no run and no definition behind. A run that fails
 * while its user wants the query active is restarted as its {@link QueryRestarts} decide: the
 * query is RESTARTING until the attempt, which starts a run as a start does but saves nothing (the
 * wish is already saved, and a full disk may be why it failed); a start, stop, delete or the
 * service's shutdown cancels a pending attempt. An edit ({@link #replace}) stops the current run,
 * then, under the lock, puts the new definition in place, saves it and starts it when the query
 * was wanted running; a start of the new definition that the engine refuses puts the old one back.
 * Thread-safe.
 */
final class RegisteredQuery implements RunEvents {

    private static final Logger log = LoggerFactory.getLogger(RegisteredQuery.class);

    private final UUID id;
    // Written under this object's lock (an edit replaces it whole); read without it.
    private volatile Definition definition;
    // The locations of a definition an edit is about to put in place, held from the registry's
    // checks until it is in place or refused, so that no query admitted meanwhile takes them.
    private volatile @Nullable QueryFiles claimedFiles;
    private final Shared shared;
    private final RecentBatches outputs;
    // The definition's materialized result (null in append mode); replaced with the definition,
    // and by each run of a query without a checkpoint.
    private volatile @Nullable MaterializedResult result;
    // Guarded by this object's lock, but for the views' reads.
    private final QueryRestarts restarts;

    // Written under this object's lock (the started event of a run comes inside start()); read without it.
    private volatile StreamingQuery run;
    private boolean forgotten;
    // Whether its user (or the restore of a query saved active) wants it running: a failure is restarted only then.
    private boolean runWanted;
    // What the saved definition says the user wants; null while none is saved.
    private QueryState savedWish;
    // The runs started and not ended yet, by run id: a run may end after the next one started.
    private final Map<UUID, StreamingQuery> unended = new ConcurrentHashMap<>();
    // The translation that started each run not ended yet, told when it ends.
    private final Map<UUID, TranslatedQuery> startedBy = new ConcurrentHashMap<>();
    // The last progress report as views show it, converted once (on the query's thread, for its listeners).
    private volatile ShownProgress shownProgress = ShownProgress.NONE;

    RegisteredQuery(UUID id, Definition definition, Shared shared) {
        this.id = id;
        this.definition = definition;
        this.shared = shared;
        this.outputs = new RecentBatches(shared.recentBatches());
        this.result = resultOf(definition);
        this.restarts = new QueryRestarts(definition.restartStrategy(), shared.restartTimer(), shared.clock());
        this.run = new UnstartedRun(id, definition.spec().name(), null);
    }

    /**
     * What a query is defined as: its spec as submitted (naming its engine), the spec as views
     * show it (secrets redacted, written to JSON once, as a definition never changes), its
     * translation, and its restart strategy.
     */
    record Definition(QuerySpec spec, Prewritten<QuerySpec> shownSpec, TranslatedQuery translated,
                      RestartStrategy restartStrategy) {

        static Definition of(QuerySpec spec, TranslatedQuery translated, RestartStrategy restartStrategy,
                             JsonMapper json) {
            return new Definition(spec, Prewritten.of(spec.redacted(), json), translated, restartStrategy);
        }
    }

    UUID id() {
        return id;
    }

    String name() {
        return definition.spec().name();
    }

    QuerySpec spec() {
        return definition.spec();
    }

    QueryFiles files() {
        return definition.translated().files();
    }

    /** The locations the query holds: its definition's, and while an edit is under way, the next one's. */
    List<QueryFiles> heldFiles() {
        QueryFiles claimed = claimedFiles;
        return claimed == null ? List.of(files()) : List.of(files(), claimed);
    }

    /** An edit is about to put a definition with {@code files} in place; the registry calls this under its lock. */
    void claim(QueryFiles files) {
        claimedFiles = files;
    }

    boolean writesMemoryTable() {
        return definition.translated().writesMemoryTable();
    }

    /** Its memory sink's table now; see {@link TranslatedQuery#memoryTable}. */
    List<Row> memoryTable() {
        return definition.translated().memoryTable(definition.spec().name());
    }

    /** The engine that runs it, as its spec names it. */
    String engine() {
        return definition.spec().engine();
    }

    /** Its definition now: replaced as a whole by an edit. */
    Definition definition() {
        return definition;
    }

    TranslatedQuery translated() {
        return definition.translated();
    }

    StreamingQuery run() {
        return run;
    }

    /** The processing-time interval of its trigger; zero for the default, once and availableNow triggers. */
    Duration triggerInterval() {
        return definition.translated().triggerInterval();
    }

    RecentBatches recentBatches() {
        return outputs;
    }

    /**
     * A page of its materialized result; see {@link MaterializedResult#view}.
     *
     * @throws ProblemException {@code 409 no-result} in append mode, or in update mode without a known key
     */
    ResultView result(List<KeyFilter> filters, int offset, int limit) {
        MaterializedResult kept = result;
        if (kept == null) {
            TranslatedQuery translated = definition.translated();
            throw MaterializedResult.refused(id, translated.outputMode(), translated.resultKey());
        }
        return kept.view(filters, offset, limit);
    }

    /** A new, empty result of {@code of}'s output; null when it keeps none. */
    private @Nullable MaterializedResult resultOf(Definition of) {
        return MaterializedResult.of(of.translated().outputMode(), of.translated().resultKey(), shared.resultMaxKeys());
    }

    QueryView view() {
        return view(run);
    }

    /** Its state, as {@link #view} shows it, without making the view. */
    QueryState state() {
        return QueryState.of(run, restarts.pending() != null);
    }

    /** {@code ofRun} as views show it; a restart pending belongs to the current run only. */
    private QueryView view(StreamingQuery ofRun) {
        StreamingQueryProgress last = ofRun.lastProgress();
        ShownProgress shown = shownProgress;
        if (shown.report() != last) {
            shown = new ShownProgress(last, last == null ? null : Prewritten.viewOf(last, report -> ProgressView.of(report, shared.shownPaths()), shared.json()));
            shownProgress = shown;
        }
        Definition current = definition;
        return QueryView.of(id, current.shownSpec(), ofRun, shown.view(), ofRun == run ? restarts.pending() : null,
                restarts.made(), current.translated().comparison(), shared.shownPaths());
    }

    /** A progress report and its view; races between threads converting the same report are harmless. */
    private record ShownProgress(@Nullable StreamingQueryProgress report, @Nullable Prewritten<ProgressView> view) {
        static final ShownProgress NONE = new ShownProgress(null, null);
    }

    /**
     * Saves the query as wanted active, then starts a new run under the same id; a start the
     * engine refuses puts back what was saved before. So a start that cannot be saved (a full or
     * read-only data directory) starts nothing, and writes no checkpoint. A restart pending is
     * cancelled, and the restart strategy counts afresh.
     *
     * @throws ProblemException when a run is active, the query was forgotten, or the engine
     *                          refuses to start (its checkpoint, for one)
     * @throws StorageException when the wish cannot be saved; nothing started
     */
    void start() {
        RuntimeException refused;
        synchronized (this) {
            QueryState before = savedWish;
            startSaving(true);
            boolean wasWanted = runWanted;
            boolean cancelled = restarts.cancel();
            restarts.reset();
            runWanted = true;
            try {
                run = startOf(definition);
                return;
            } catch (RuntimeException e) {
                putBack(before);
                runWanted = wasWanted;
                if (!cancelled) {
                    throw e;
                }
                refused = e;
            }
        }
        // It was RESTARTING and is FAILED now.
        shared.listeners().stateChanged(view());
        throw refused;
    }

    /** Checks that the query may start, and saves it as wanted active when {@code save}. */
    private void startSaving(boolean save) {
        if (forgotten) {
            throw new ProblemException(ProblemType.QUERY_NOT_FOUND, "No query with id " + id);
        }
        if (run.isActive()) {
            throw new ProblemException(ProblemType.QUERY_ACTIVE, "Query " + id + " is already active; stop it first");
        }
        if (save) {
            save(QueryState.ACTIVE);
        }
    }

    /** After a refused start: the saved wish as it was ({@code null}: none), as far as the disk lets. */
    private void putBack(QueryState before) {
        if (!files().checkpointed()) {
            return;
        }
        try {
            if (before == null) {
                shared.saved().delete(id);
                savedWish = null;
            } else {
                save(before);
            }
        } catch (StorageException stuck) {
            log.warn("Cannot put back the saved state of query {} (id {}) after a refused start: {}",
                    name(), id, stuck.getMessage());
        }
    }

    /**
     * Saves the query as wanted stopped, then stops the current run once its batch in flight is
     * done; idempotent. A stop that cannot be saved stops nothing.
     *
     * @throws StorageException when the wish cannot be saved; the run goes on
     */
    void stop() {
        StreamingQuery current;
        boolean cancelled;
        synchronized (this) {
            save(QueryState.STOPPED);
            runWanted = false;
            cancelled = restarts.cancel();
            current = run;
        }
        if (cancelled) {
            shared.listeners().stateChanged(view()); // it was RESTARTING and is FAILED now
        }
        definition.translated().stop(current);
    }

    /**
     * Replaces the query's definition with {@code next}, which the registry has checked (against
     * the checkpoint too), keeping the query's id; the query runs the new definition when it was
     * wanted running (created or started and not stopped since, or failed on its own), and waits
     * stopped with it otherwise. In this order:
     * <ol>
     *   <li>under the lock: whether a run is wanted is noted and a restart pending cancelled;
     *       without it, the current run stops after its batch in flight (its ended event is told
     *       before the stop returns);</li>
     *   <li>under the lock: {@code beforeStart} runs (it deletes a checkpoint to start afresh),
     *       the new definition is put in place and saved with the wish, and its run starts;</li>
     *   <li>a save or start that fails puts the old definition back (saved, and running again if
     *       it ran), and the failure is thrown.</li>
     * </ol>
     *
     * @throws ProblemException {@code QUERY_NOT_FOUND} once forgotten, {@code QUERY_ACTIVE} when a
     *                          start raced the edit, or the engine's refusal of the new definition
     * @throws StorageException when the new definition cannot be saved; the old one is back
     */
    void replace(Definition next, Runnable beforeStart) {
        StreamingQuery current;
        boolean wanted;
        synchronized (this) {
            try {
                startableUnlessForgotten();
            } catch (RuntimeException gone) {
                claimedFiles = null;
                throw gone;
            }
            wanted = runWanted;
            runWanted = false;
            restarts.cancel();
            current = run;
        }
        current.stop();
        synchronized (this) {
            try {
                replaceStopped(next, beforeStart, wanted);
            } finally {
                claimedFiles = null;
            }
            if (wanted) {
                return; // the new run's started event told the listeners
            }
        }
        shared.listeners().stateChanged(view());
    }

    /** Step 2 and 3 of {@link #replace}, under the lock, the old run stopped. */
    private void replaceStopped(Definition next, Runnable beforeStart, boolean wanted) {
        startableUnlessForgotten();
        if (run.isActive()) {
            throw new ProblemException(ProblemType.QUERY_ACTIVE, "Query " + id + " was started while its "
                    + "definition was being replaced; the old definition runs: stop it and save the new one again");
        }
        Definition before = definition;
        MaterializedResult resultBefore = result;
        QueryState wishBefore = savedWish;
        beforeStart.run();
        definition = next;
        result = resultOf(next);
        restarts.replaceStrategy(next.restartStrategy());
        try {
            save(wanted ? QueryState.ACTIVE : QueryState.STOPPED);
            if (wanted) {
                runWanted = true;
                run = startOf(next);
            }
        } catch (RuntimeException refused) {
            log.warn("Query {} (id {}) keeps its definition: the new one did not start: {}", name(), id,
                    refused.getMessage());
            definition = before;
            result = resultBefore;
            restarts.replaceStrategy(before.restartStrategy());
            runWanted = wanted;
            try {
                if (wishBefore == null) {
                    shared.saved().delete(id); // the new definition may have been the first with a checkpoint
                    savedWish = null;
                } else {
                    save(wishBefore);
                }
            } catch (StorageException stuck) {
                log.warn("Cannot put back the saved definition of query {} (id {}): {}", name(), id,
                        stuck.getMessage());
            }
            if (wanted) {
                startRun();
            }
            throw refused;
        }
    }

    /** Refuses a forgotten query as not found; called under the lock. */
    private void startableUnlessForgotten() {
        if (forgotten) {
            throw new ProblemException(ProblemType.QUERY_NOT_FOUND, "No query with id " + id);
        }
    }

    /**
     * Brings back a saved query as it was wanted: an active one starts (a start the engine
     * refuses leaves it FAILED with the engine's exception, still wanted active, or RESTARTING
     * when the failure may pass), a stopped one waits for a start. One that comes back without a
     * run is told as {@link QueryListener#restored}.
     */
    synchronized void restore(QueryState wanted) {
        savedWish = wanted;
        if (wanted == QueryState.ACTIVE) {
            runWanted = true;
            if (startRun()) {
                return;
            }
        }
        shared.listeners().restored(view());
    }

    /**
     * Starts a run without saving anything, for a restore or a restart; a start the engine refuses
     * leaves an unstarted failed run, restarted when its failure may pass. Returns whether it
     * started. Called under the lock.
     */
    private boolean startRun() {
        try {
            startSaving(false);
            run = startOf(definition);
            return true;
        } catch (RuntimeException refused) {
            UnstartedRun failed = UnstartedRun.failed(id, name(),
                    refused instanceof ProblemException && refused.getCause() != null ? refused.getCause() : refused);
            run = failed;
            restarts.failed(failed.failure(), this::attemptRestart);
            return false;
        }
    }

    /**
     * The restart attempt {@code due} is due, on the timer's thread: unless it was cancelled, a
     * new run starts, as after a start but saving nothing. An attempt the engine refuses is a
     * failure like a run's: the query is RESTARTING again, or FAILED once its strategy gives up.
     */
    private void attemptRestart(QueryRestarts.Pending due) {
        synchronized (this) {
            if (forgotten || !runWanted || run.isActive() || !restarts.take(due)) {
                return;
            }
            log.info("Restarting query {} (id {}), restart {}", name(), id, restarts.made());
            if (startRun()) {
                return;
            }
        }
        shared.listeners().stateChanged(view());
    }

    /**
     * Stops the current run for the service's shutdown, keeping what is saved, so that a restart
     * brings it back; a restart pending is cancelled.
     */
    void shutDown() {
        StreamingQuery current;
        synchronized (this) {
            runWanted = false;
            restarts.cancel();
            current = run;
        }
        definition.translated().stop(current);
    }

    /**
     * Removes the saved definition, then stops the current run and keeps any later
     * {@link #start()} from running or saving. A definition that cannot be removed leaves the
     * query as it was, so that a deleted query never comes back at the next start of the service.
     *
     * @throws StorageException when the definition cannot be removed; nothing changed
     */
    void forget() {
        synchronized (this) {
            if (!forgotten && files().checkpointed()) {
                shared.saved().delete(id);
            }
        }
        abandon();
    }

    /**
     * After a first start that failed: keeps any later {@link #start()} from running or saving,
     * and stops a run that may have started; what is saved was put back by the failed start.
     */
    void abandon() {
        StreamingQuery current;
        synchronized (this) {
            forgotten = true;
            runWanted = false;
            restarts.cancel();
            current = run;
        }
        definition.translated().stop(current);
    }

    /** The engine's started event of {@code started}: on the starting thread, inside {@link #start()}, before its first trigger. */
    @Override
    public void runStarted(StreamingQuery started, Instant at) {
        unended.put(started.runId(), started);
        run = started;
        if (!files().checkpointed()) {
            // A run without a checkpoint computes its result afresh, numbering its batches from 0.
            result = resultOf(definition);
        }
        shared.listeners().runStarted(view(started), at);
    }

    /** A batch of a run of this query ran; on the query's thread. */
    @Override
    public void progress(StreamingQueryProgress progress) {
        StreamingQuery ran = unended.get(progress.runId());
        if (ran != null) {
            shared.listeners().progress(view(ran), progress);
        }
    }

    /** Run {@code runId} made an idle report triggered {@code at}; on the query's thread. */
    @Override
    public void idle(UUID runId, Instant at) {
        StreamingQuery idle = unended.get(runId);
        if (idle != null) {
            shared.listeners().idle(view(idle), at);
        }
    }

    /**
     * Run {@code runId} has ended (the engine's terminated event); the current run's failure is
     * restarted as {@link QueryRestarts} decide while the query is wanted running, so that the
     * view its listeners get shows it RESTARTING.
     */
    @Override
    public void runEnded(UUID runId) {
        StreamingQuery ended = unended.remove(runId);
        // The translation that started the run: the current one, unless an edit has replaced it since.
        TranslatedQuery ran = startedBy.remove(runId);
        (ran != null ? ran : definition.translated()).runEnded(runId);
        if (ended == null) {
            return;
        }
        synchronized (this) {
            if (ended == run && runWanted && !forgotten && ended.exception().isPresent()) {
                restarts.failed(ended.exception().get(), this::attemptRestart);
            }
        }
        shared.listeners().runEnded(view(ended));
    }

    /** A query on both engines compared another batch, or has another engine's output to compare. */
    @Override
    public void compared(EngineComparison.Summary comparison) {
        shared.listeners().compared(id, comparison);
    }

    /** The observer of every run: a batch's output, converted once, kept and told. On the query's thread. */
    private void committed(ResultBatch batch, long batchId) {
        RecentBatch output = RecentBatch.of(batchId, Instant.ofEpochMilli(shared.clock().millis()), batch,
                shared.rowsPerBatch());
        outputs.add(output);
        MaterializedResult kept = result;
        if (kept != null) {
            kept.add(batch, batchId);
        }
        shared.listeners().batch(id, output);
    }

    private void save(QueryState wanted) {
        if (!forgotten && files().checkpointed()) {
            shared.saved().save(new SavedQuery(id, wanted, definition.spec()));
            savedWish = wanted;
        }
    }

    /** Starts a run of {@code of}; called under the lock. */
    private StreamingQuery startOf(Definition of) {
        // A result sees as many rows of a batch as it keeps keys; other outputs, the rows they show.
        int observed = of.translated().outputMode() == OutputMode.APPEND ? shared.rowsPerBatch()
                : Math.max(shared.rowsPerBatch(), shared.resultMaxKeys());
        StreamingQuery started = of.translated().start(of.spec().name(), id, this::committed, observed, this);
        if (started.runId() != null) {
            startedBy.put(started.runId(), of.translated());
        }
        return started;
    }

    /**
     * What every registered query shares.
     *
     * @param listeners     the registry's listeners, told of every run event and output
     * @param recentBatches the outputs kept per query
     * @param rowsPerBatch  the rows kept of one output
     * @param resultMaxKeys the keys a materialized result keeps
     * @param json          the service's JSON mapper, which writes each spec and progress report once
     * @param shownPaths    how views show the data directory's paths
     * @param restartTimer  runs every query's restart attempts
     */
    record Shared(Clock clock, SavedQueries saved, QueryListener listeners, int recentBatches, int rowsPerBatch,
                  int resultMaxKeys, JsonMapper json, ShownPaths shownPaths, RestartTimer restartTimer) {
    }
}
