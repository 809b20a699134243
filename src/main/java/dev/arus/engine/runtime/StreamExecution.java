package dev.arus.engine.runtime;

import dev.arus.engine.api.StreamingQuery;
import dev.arus.engine.api.StreamingQueryException;
import dev.arus.engine.api.StreamingQueryListener;
import dev.arus.engine.api.StreamingQueryListener.QueryIdleEvent;
import dev.arus.engine.api.StreamingQueryListener.QueryProgressEvent;
import dev.arus.engine.api.StreamingQueryListener.QueryStartedEvent;
import dev.arus.engine.api.StreamingQueryListener.QueryTerminatedEvent;
import dev.arus.engine.api.StreamingQueryProgress;
import dev.arus.engine.api.StreamingQueryStatus;
import dev.arus.engine.api.Trigger;
import dev.arus.engine.source.Offset;
import dev.arus.engine.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One run of a query: schedules its triggers by its {@link Trigger} policy, reports progress to
 * listeners, and ends by {@link #stop()}, by failing, or by running out of work
 * ({@code once}, {@code availableNow}). A processing-time trigger fires at the multiples of its
 * interval since the epoch, as Spark's; the next one is scheduled only after the current one
 * ended, so a slow batch delays the next and none overlap. With the default trigger, an idle
 * query polls every {@link #POLLING_DELAY_MS} ms, as Spark's {@code pollingDelay}.
 */
public final class StreamExecution implements StreamingQuery {

    static final long POLLING_DELAY_MS = 10;

    private final QueryIdentity identity;
    private final MicroBatchRunner runner;
    private final Trigger trigger;
    private final TriggerScheduler scheduler;
    private final Clock clock;
    private final List<StreamingQueryListener> listeners;
    private final int progressCapacity;
    private final Consumer<StreamExecution> onTermination;

    private final Object lock = new Object();
    private final ArrayDeque<StreamingQueryProgress> recentProgress = new ArrayDeque<>();
    private final CountDownLatch terminated = new CountDownLatch(1);
    private TriggerScheduler.ScheduledTrigger pending;
    private Thread triggerThread;
    private boolean stopRequested;
    private boolean ended;
    private volatile StreamingQueryStatus finalStatus;
    private volatile StreamingQueryException exception;
    private Offset availableNowLimit;

    public StreamExecution(QueryIdentity identity, MicroBatchRunner runner, Trigger trigger, TriggerScheduler scheduler,
                           Clock clock, List<StreamingQueryListener> listeners, int progressCapacity,
                           Consumer<StreamExecution> onTermination) {
        this.identity = identity;
        this.runner = runner;
        this.trigger = trigger;
        this.scheduler = scheduler;
        this.clock = clock;
        this.listeners = List.copyOf(listeners);
        this.progressCapacity = progressCapacity;
        this.onTermination = onTermination;
    }

    /** Announces the run and schedules its first trigger, which runs at once. */
    public void start() {
        Instant now = Instant.ofEpochMilli(clock.millis());
        listeners.forEach(l -> l.onQueryStarted(new QueryStartedEvent(identity.id(), identity.runId(),
                identity.name(), now)));
        synchronized (lock) {
            pending = scheduler.schedule(this::runTrigger, clock.millis());
        }
    }

    private void runTrigger() {
        synchronized (lock) {
            if (stopRequested || ended) {
                return;
            }
            triggerThread = Thread.currentThread();
        }
        long triggerStartMs = clock.millis();
        BatchOutcome outcome;
        try {
            outcome = runner.runTrigger(limitForThisTrigger());
            report(outcome);
        } catch (RuntimeException | Error failure) {
            fail(failure);
            return;
        } finally {
            synchronized (lock) {
                triggerThread = null;
            }
        }
        scheduleNext(triggerStartMs, outcome);
    }

    private Offset limitForThisTrigger() {
        if (trigger instanceof Trigger.AvailableNow) {
            if (availableNowLimit == null) {
                availableNowLimit = runner.latestOffset();
            }
            return availableNowLimit;
        }
        return trigger instanceof Trigger.Once ? runner.latestOffset() : null;
    }

    private void report(BatchOutcome outcome) {
        if (outcome instanceof BatchOutcome.Ran ran) {
            synchronized (recentProgress) {
                if (recentProgress.size() == progressCapacity) {
                    recentProgress.removeFirst();
                }
                recentProgress.addLast(ran.progress());
            }
            listeners.forEach(l -> l.onQueryProgress(new QueryProgressEvent(ran.progress())));
        } else {
            QueryIdleEvent idle = new QueryIdleEvent(identity.id(), identity.runId(), Instant.ofEpochMilli(clock.millis()));
            listeners.forEach(l -> l.onQueryIdle(idle));
        }
    }

    private void scheduleNext(long triggerStartMs, BatchOutcome outcome) {
        boolean finished = trigger instanceof Trigger.Once
                || (trigger instanceof Trigger.AvailableNow && outcome instanceof BatchOutcome.Idle);
        synchronized (lock) {
            if (stopRequested || finished) {
                end(null);
                return;
            }
            pending = scheduler.schedule(this::runTrigger, nextTriggerTime(triggerStartMs, outcome));
        }
    }

    private long nextTriggerTime(long triggerStartMs, BatchOutcome outcome) {
        if (trigger instanceof Trigger.ProcessingTime processingTime && !processingTime.interval().isZero()) {
            long interval = processingTime.interval().toMillis();
            return triggerStartMs - Math.floorMod(triggerStartMs, interval) + interval;
        }
        return outcome instanceof BatchOutcome.Idle ? clock.millis() + POLLING_DELAY_MS : clock.millis();
    }

    private void fail(Throwable failure) {
        StreamingQueryException wrapped = new StreamingQueryException(
                "Query " + describe() + " terminated with exception: " + failure.getMessage(), failure,
                identity.id(), identity.runId());
        synchronized (lock) {
            exception = wrapped;
            end(wrapped);
        }
    }

    /** Ends the run; called with {@link #lock} held, at most once. */
    private void end(StreamingQueryException failure) {
        if (ended) {
            return;
        }
        ended = true;
        if (pending != null) {
            pending.cancel();
        }
        finalStatus = new StreamingQueryStatus(failure == null ? "Stopped"
                : "Terminated with exception: " + failure.getCause().getMessage(), false, false);
        runner.setStatus(finalStatus);
        try {
            runner.source().close();
        } finally {
            terminated.countDown();
            QueryTerminatedEvent event = new QueryTerminatedEvent(identity.id(), identity.runId(),
                    failure == null ? null : failure.getMessage());
            listeners.forEach(l -> l.onQueryTerminated(event));
            onTermination.accept(this);
        }
    }

    private String describe() {
        return "[id = " + identity.id() + ", runId = " + identity.runId() + "]";
    }

    @Override
    public java.util.UUID id() {
        return identity.id();
    }

    @Override
    public java.util.UUID runId() {
        return identity.runId();
    }

    @Override
    public String name() {
        return identity.name();
    }

    @Override
    public boolean isActive() {
        return terminated.getCount() > 0;
    }

    @Override
    public StreamingQueryStatus status() {
        StreamingQueryStatus last = finalStatus;
        return last != null ? last : runner.status();
    }

    @Override
    public StreamingQueryProgress lastProgress() {
        synchronized (recentProgress) {
            return recentProgress.peekLast();
        }
    }

    @Override
    public List<StreamingQueryProgress> recentProgress() {
        synchronized (recentProgress) {
            return List.copyOf(recentProgress);
        }
    }

    @Override
    public Optional<StreamingQueryException> exception() {
        return Optional.ofNullable(exception);
    }

    @Override
    public void awaitTermination() throws InterruptedException {
        terminated.await();
        rethrowFailure();
    }

    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        boolean done = terminated.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        rethrowFailure();
        return done;
    }

    private void rethrowFailure() {
        if (exception != null) {
            throw exception;
        }
    }

    /**
     * Stops the run: a trigger in flight finishes first; a waiting one never starts. Called from
     * the query's own thread (a listener or a sink), it only requests the stop.
     */
    @Override
    public void stop() {
        synchronized (lock) {
            stopRequested = true;
            if (triggerThread == null) {
                end(null);
                return;
            }
            if (triggerThread == Thread.currentThread()) {
                return;
            }
        }
        try {
            terminated.await();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
