package dev.arus.engine.time;

/**
 * The engine's only source of time. Production uses {@link SystemClock}; tests use a manual
 * clock and drive triggers by hand, so no engine class reads the wall clock itself.
 */
public interface Clock {

    /** Wall-clock time in milliseconds since the epoch: trigger times, batch timestamps, offsets. */
    long millis();

    /** A monotonic reading in nanoseconds, for measuring durations only. */
    long nanoTime();
}
