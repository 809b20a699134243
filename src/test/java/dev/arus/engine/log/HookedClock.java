package dev.arus.engine.log;

import dev.arus.engine.time.Clock;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A test clock over another that runs, once, what its hook holds when next asked the nanoTime:
 * a group of appends reads it just before its sync, so a test can act between a group's write
 * and its sync (interrupt the writing thread, throw, append meanwhile).
 */
final class HookedClock implements Clock {

    private final Clock clock;
    private final AtomicReference<Runnable> beforeNanoTime = new AtomicReference<>();

    HookedClock(Clock clock) {
        this.clock = clock;
    }

    /** Runs {@code action} (once) at the next read of the nanoTime. */
    void beforeNextNanoTime(Runnable action) {
        beforeNanoTime.set(action);
    }

    /** The action not yet run, or null once it has been. */
    Runnable pendingAction() {
        return beforeNanoTime.get();
    }

    @Override
    public long millis() {
        return clock.millis();
    }

    @Override
    public long nanoTime() {
        Runnable action = beforeNanoTime.getAndSet(null);
        if (action != null) {
            action.run();
        }
        return clock.nanoTime();
    }
}
