package dev.arus.engine.time;

import java.time.Duration;

/**
 * A clock for tests that moves only when told to. {@link #nanoTime()} moves with
 * {@link #millis()}, so durations measured with it are what the test advanced.
 */
public final class ManualClock implements Clock {

    private long millis;
    private long nanoOffset;

    public ManualClock() {
        this(0);
    }

    public ManualClock(long startMillis) {
        this.millis = startMillis;
    }

    @Override
    public synchronized long millis() {
        return millis;
    }

    @Override
    public synchronized long nanoTime() {
        return millis * 1_000_000L + nanoOffset;
    }

    public synchronized void setMillis(long millis) {
        this.millis = millis;
    }

    public synchronized void advanceMillis(long delta) {
        this.millis += delta;
    }

    public void advance(Duration delta) {
        advanceMillis(delta.toMillis());
    }

    /** Moves only the monotonic clock, to fake the time a step takes without moving wall time. */
    public synchronized void advanceNanos(long delta) {
        this.nanoOffset += delta;
    }
}
