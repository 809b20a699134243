package dev.arus.server.query;

import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.time.Clock;
import dev.arus.server.query.restart.RestartStrategy;
import dev.arus.server.query.restart.RestartTimer;
import dev.arus.server.query.restart.TransientFailures;
import java.time.Instant;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;

/**
 * One query's restarts: its strategy's schedule since its user last started it, the attempt
 * pending on the timer, and the attempts made. A failure that may pass ({@link TransientFailures})
 * and that the strategy grants a restart becomes the pending attempt; cancelling it, or a newer
 * one, keeps its timer's run from doing anything, since an attempt runs only while it is the one
 * pending. Every call but the views' ({@link #pending()}, {@link #made()}) is made under the
 * query's lock.
 */
final class QueryRestarts {

    private RestartStrategy strategy;
    private final RestartTimer timer;
    private final Clock clock;
    private final SplittableRandom random = new SplittableRandom();

    private RestartStrategy.Schedule schedule;
    // Written under the query's lock, read by views without it.
    private volatile @Nullable Pending pending;
    private volatile long made;

    QueryRestarts(RestartStrategy strategy, RestartTimer timer, Clock clock) {
        this.strategy = strategy;
        this.timer = timer;
        this.clock = clock;
        this.schedule = strategy.schedule(random);
    }

    /** The user starts the query: no attempt pending, and a schedule that has seen no failure. */
    void reset() {
        cancel();
        schedule = strategy.schedule(random);
    }

    /**
     * The query's definition changed to one with {@code next} as its strategy: no attempt
     * pending, and a schedule of the new strategy that has seen no failure; the attempts made
     * still count.
     */
    void replaceStrategy(RestartStrategy next) {
        cancel();
        strategy = next;
        schedule = next.schedule(random);
    }

    /**
     * A run failed with {@code failure}: when it may pass and the strategy grants a restart, the
     * attempt is pending and {@code attempt} runs with it once due; returns whether it is.
     */
    boolean failed(StreamingQueryException failure, AttemptRunner attempt) {
        cancel();
        if (!TransientFailures.mayPass(failure.causeErrorClass())) {
            return false;
        }
        long now = clock.millis();
        return schedule.failed(now).map(restart -> {
            long due = now + restart.delay().toMillis();
            Pending granted = new Pending(new QueryView.PendingRestart(strategy.name(), restart.attempt(),
                    restart.maxAttempts(), Timestamps.format(Instant.ofEpochMilli(due))));
            pending = granted;
            granted.timeout = timer.schedule(() -> attempt.run(granted), due);
            return true;
        }).orElse(false);
    }

    /** Cancels the pending attempt; returns whether there was one. */
    boolean cancel() {
        Pending cancelled = pending;
        pending = null;
        if (cancelled != null && cancelled.timeout != null) {
            cancelled.timeout.cancel();
        }
        return cancelled != null;
    }

    /** The timer runs {@code due}: whether it is still the pending attempt, which it then stops being, and counts. */
    boolean take(Pending due) {
        if (pending != due) {
            return false;
        }
        pending = null;
        made++;
        return true;
    }

    /** The attempt pending, as views show it; {@code null} when none is. */
    QueryView.@Nullable PendingRestart pending() {
        Pending current = pending;
        return current == null ? null : current.shown;
    }

    /** The attempts made since the service started. */
    long made() {
        return made;
    }

    /** An attempt the strategy granted, until it runs or is cancelled. */
    static final class Pending {
        private final QueryView.PendingRestart shown;
        private RestartTimer.Timeout timeout;

        private Pending(QueryView.PendingRestart shown) {
            this.shown = shown;
        }
    }

    /** What runs a pending attempt when the timer says it is due; on the timer's thread. */
    interface AttemptRunner {
        void run(Pending due);
    }
}
