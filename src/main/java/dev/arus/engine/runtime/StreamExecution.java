package dev.arus.engine.runtime;

import dev.arus.engine.source.SignalsNewData;
import dev.arus.engine.source.Source;
import dev.arus.engine.source.ReadLimit;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.RecentRowCounts;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.streaming.StreamingQueryListener.QueryIdleEvent;
import dev.arus.engine.streaming.StreamingQueryListener.QueryProgressEvent;
import dev.arus.engine.streaming.StreamingQueryListener.QueryStartedEvent;
import dev.arus.engine.streaming.StreamingQueryListener.QueryTerminatedEvent;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryStatus;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One run of a query: schedules its triggers by its {@link Trigger} policy, reports progress to
 * listeners, and ends by {@link #stop()}, by failing, or by running out of work
 * ({@code once}, {@code availableNow}; see {@link TriggerExecutor} for how many triggers those
 * run and how much each reads). A processing-time trigger fires at the multiples of its
 * interval since the epoch, as Spark's; the next one is scheduled only after the current one
 * ended, so a slow batch is followed by one immediate trigger (no catch-up) and none overlap.
 * With the default trigger, an idle query polls every {@link #POLLING_DELAY_MS} ms, as Spark's
 * {@code pollingDelay}; a source that {@linkplain SignalsNewData signals new data} (the event
 * log's) ends that wait at once, so the next batch starts as soon as the previous one ended and
 * new data is available, which is what the default trigger promises, without the poll's delay.
 * A processing-time trigger keeps its interval.
 *
 * <p>The end of a run, whatever its cause, takes these steps, in this order, exactly once:
 * <ol>
 *   <li>the final status is set ("Stopped" or "Terminated with exception: ...") and
 *       {@link #isActive()} turns false; a waiting trigger is cancelled;</li>
 *   <li>the run's checkpoint files are settled ({@link MicroBatchRunner#settleFiles}); the
 *       source and sink are closed;</li>
 *   <li>the query leaves its session's active queries;</li>
 *   <li>listeners get the terminated event;</li>
 *   <li>{@link #awaitTermination()} and {@link #stop()} return.</li>
 * </ol>
 * Listeners are called on the query's thread without any lock held; an exception a listener
 * throws is logged and does not affect the query, as with Spark's listener bus.
 */
public final class StreamExecution implements StreamingQuery {

    static final long POLLING_DELAY_MS = 10;

    private static final System.Logger LOG = System.getLogger(StreamExecution.class.getName());

    private final QueryIdentity identity;
    private final MicroBatchRunner runner;
    private final Trigger trigger;
    private final TriggerScheduler scheduler;
    private final Clock clock;
    private final List<StreamingQueryListener> listeners;
    private final Consumer<StreamExecution> onTermination;

    private final Object lock = new Object();
    private final ProgressHistory progress;
    private final CountDownLatch terminated = new CountDownLatch(1);

    // Guarded by lock.
    private TriggerScheduler.ScheduledTrigger pending;
    private Thread triggerThread;
    private Thread endingThread;
    private boolean stopRequested;
    // A source signalled new data since the current trigger started.
    private boolean newData;
    // The pending trigger is a poll of an idle default trigger, which new data may bring forward.
    private boolean polling;

    private volatile StreamingQueryStatus finalStatus;
    private volatile StreamingQueryException exception;

    private final TriggerExecutor executor;
    // Touched by the trigger in flight only; triggers never overlap. Null until the first trigger.
    private List<ReadLimit> readLimits;

    public StreamExecution(QueryIdentity identity, MicroBatchRunner runner, Trigger trigger, TriggerScheduler scheduler,
                           Clock clock, List<StreamingQueryListener> listeners, int progressCapacity,
                           Consumer<StreamExecution> onTermination) {
        this.identity = identity;
        this.runner = runner;
        this.trigger = trigger;
        this.scheduler = scheduler;
        this.clock = clock;
        this.listeners = List.copyOf(listeners);
        this.progress = new ProgressHistory(identity, progressCapacity);
        this.onTermination = onTermination;
        this.executor = TriggerExecutor.of(trigger, runner.sources());
    }

    /**
     * Announces the run and schedules its first trigger, which runs at once.
     *
     * @throws IllegalStateException when the scheduler no longer accepts work (its session was
     *         closed); the run has then ended
     */
    public void start() {
        for (Source source : runner.sources()) {
            if (source instanceof SignalsNewData signalling) {
                signalling.signalNewData(this::newDataArrived);
            }
        }
        QueryStartedEvent started = new QueryStartedEvent(identity.id(), identity.runId(), identity.name(),
                Instant.ofEpochMilli(clock.millis()));
        post(l -> l.onQueryStarted(started));
        RuntimeException rejected = null;
        synchronized (lock) {
            if (finalStatus != null) {
                return; // stopped by a listener of the started event
            }
            try {
                pending = scheduler.schedule(this::runTrigger, clock.millis());
            } catch (RuntimeException e) {
                rejected = e;
            }
        }
        if (rejected != null) {
            failWith(new IllegalStateException("Cannot schedule the query's triggers: " + rejected.getMessage(),
                    rejected));
            throw new ArusException("SESSION_CLOSED", "Cannot start query " + describe() + ": its session is closed",
                    rejected);
        }
    }

    private void runTrigger() {
        synchronized (lock) {
            if (stopRequested || finalStatus != null) {
                return;
            }
            triggerThread = Thread.currentThread();
            pending = null;
            polling = false;
            newData = false;
        }
        long triggerStartMs = clock.millis();
        long startNanos = clock.nanoTime();
        BatchOutcome outcome;
        try {
            if (readLimits == null) {
                readLimits = executor.prepare(runner.sources());
            }
            outcome = runner.runTrigger(readLimits);
            report(outcome, triggerStartMs, startNanos);
        } catch (RuntimeException | Error failure) {
            failWith(failure);
            return;
        }
        scheduleNextOrEnd(triggerStartMs, outcome);
    }

    private void report(BatchOutcome outcome, long triggerStartMs, long startNanos) {
        if (outcome instanceof BatchOutcome.Ran ran) {
            progress.addBatch(ran.progress(), clock.millis());
            post(l -> l.onQueryProgress(new QueryProgressEvent(ran.progress())));
        } else {
            long executionMs = (clock.nanoTime() - startNanos) / 1_000_000;
            if (progress.addIdleTrigger(triggerStartMs, clock.millis(), executionMs)) {
                QueryIdleEvent idle = new QueryIdleEvent(identity.id(), identity.runId(),
                        Instant.ofEpochMilli(triggerStartMs));
                post(l -> l.onQueryIdle(idle));
            }
        }
    }

    private void scheduleNextOrEnd(long triggerStartMs, BatchOutcome outcome) {
        boolean finished = executor.endsAfter(outcome);
        boolean endNow;
        RuntimeException rejected = null;
        synchronized (lock) {
            triggerThread = null;
            endNow = (stopRequested || finished) && claimEnd(null);
            if (!endNow && finalStatus == null) {
                try {
                    pending = scheduler.schedule(this::runTrigger, nextTriggerTime(triggerStartMs, outcome));
                } catch (RuntimeException e) {
                    rejected = e;
                }
            }
        }
        if (endNow) {
            finish(null);
        } else if (rejected != null) {
            failWith(new IllegalStateException("Cannot schedule the query's next trigger: " + rejected.getMessage(),
                    rejected));
        }
    }

    /** Called with {@link #lock} held. */
    private long nextTriggerTime(long triggerStartMs, BatchOutcome outcome) {
        long interval = trigger.interval().toMillis();
        if (interval > 0) {
            return triggerStartMs - Math.floorMod(triggerStartMs, interval) + interval;
        }
        polling = outcome instanceof BatchOutcome.Idle && !newData;
        return polling ? clock.millis() + POLLING_DELAY_MS : clock.millis();
    }

    /**
     * A source has new data: a trigger in flight is followed by the next at once, and a waiting
     * poll of the default trigger is brought forward to now. Called on the source's thread.
     */
    private void newDataArrived() {
        synchronized (lock) {
            newData = true;
            if (!polling || pending == null || stopRequested || finalStatus != null || !pending.cancel()) {
                return;
            }
            polling = false;
            try {
                pending = scheduler.schedule(this::runTrigger, clock.millis());
            } catch (RuntimeException closed) {
                pending = null; // the session is closing; its end stops this run
            }
        }
    }

    /** Ends the run with {@code failure}, Spark's {@code STREAM_FAILED}; called on the query's thread. */
    private void failWith(Throwable failure) {
        String reason = failure.getMessage() == null ? "" : failure.getMessage();
        StreamingQueryException wrapped = new StreamingQueryException(
                "Query " + describe() + " terminated with exception: " + reason, failure, identity.id(),
                identity.runId());
        boolean claimed;
        synchronized (lock) {
            triggerThread = null;
            claimed = claimEnd(wrapped);
        }
        if (claimed) {
            finish(wrapped);
        }
    }

    /**
     * Step 1 of the end; called with {@link #lock} held. Returns whether this call claimed the
     * end, in which case the caller must then call {@link #finish} without the lock.
     */
    private boolean claimEnd(StreamingQueryException failure) {
        if (finalStatus != null) {
            return false;
        }
        endingThread = Thread.currentThread();
        if (pending != null) {
            pending.cancel();
            pending = null;
        }
        exception = failure;
        String reason = failure == null ? null : failure.getCause().getMessage();
        finalStatus = new StreamingQueryStatus(failure == null ? "Stopped"
                : "Terminated with exception: " + (reason == null ? "" : reason), false, false);
        runner.setStatus(finalStatus);
        return true;
    }

    /** Steps 2 to 5 of the end, on the thread that claimed it, without the lock. */
    private void finish(StreamingQueryException failure) {
        try {
            runner.settleFiles();
            runner.sources().forEach(Source::close);
            runner.sink().close();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "Closing the source or sink of query " + describe() + " failed", e);
        } finally {
            try {
                onTermination.accept(this);
                QueryTerminatedEvent event = new QueryTerminatedEvent(identity.id(), identity.runId(),
                        failure == null ? null : failure.getMessage(),
                        failure == null ? null : failure.causeErrorClass());
                post(l -> l.onQueryTerminated(event));
            } finally {
                terminated.countDown();
            }
        }
    }

    private void post(Consumer<StreamingQueryListener> event) {
        for (StreamingQueryListener listener : listeners) {
            try {
                event.accept(listener);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "A listener of query " + describe() + " failed", e);
            }
        }
    }

    private String describe() {
        return "[id = " + identity.id() + ", runId = " + identity.runId() + "]";
    }

    @Override
    public UUID id() {
        return identity.id();
    }

    @Override
    public UUID runId() {
        return identity.runId();
    }

    @Override
    public String name() {
        return identity.name();
    }

    /** False from the moment the run's end is decided (step 1 above). */
    @Override
    public boolean isActive() {
        return finalStatus == null;
    }

    @Override
    public StreamingQueryStatus status() {
        StreamingQueryStatus last = finalStatus;
        return last != null ? last : runner.status();
    }

    /** The last progress: of the last batch, or of an idle report made after it. */
    @Override
    public StreamingQueryProgress lastProgress() {
        return progress.last();
    }

    @Override
    public List<StreamingQueryProgress> recentProgress() {
        return progress.recent();
    }

    @Override
    public RecentRowCounts recentRowCounts() {
        return progress.recentRowCounts();
    }

    @Override
    public Optional<StreamingQueryException> exception() {
        return Optional.ofNullable(exception);
    }

    /**
     * Waits for step 5 of the end. Called by a listener during the end itself (on the ending
     * thread), it returns at once instead of waiting for itself.
     */
    @Override
    public void awaitTermination() throws InterruptedException {
        if (!isEndingThread()) {
            terminated.await();
        }
        rethrowFailure();
    }

    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        boolean done = isEndingThread() || terminated.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        rethrowFailure();
        return done;
    }

    private boolean isEndingThread() {
        synchronized (lock) {
            return endingThread == Thread.currentThread();
        }
    }

    private void rethrowFailure() {
        StreamingQueryException failure = exception;
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Stops the run: a trigger in flight finishes first (its batch is committed and reported);
     * a waiting one never starts. Returns once the run has ended. Called on the query's own
     * thread (from its sink or a listener), it only requests the stop, which takes effect when
     * the trigger in flight ends. Idempotent; a failed run stays failed.
     */
    @Override
    public void stop() {
        boolean claimed;
        synchronized (lock) {
            stopRequested = true;
            if (triggerThread == Thread.currentThread() || endingThread == Thread.currentThread()) {
                return;
            }
            claimed = triggerThread == null && claimEnd(null);
        }
        if (claimed) {
            finish(null);
            return;
        }
        try {
            terminated.await();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
