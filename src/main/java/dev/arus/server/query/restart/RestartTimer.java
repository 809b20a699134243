package dev.arus.server.query.restart;

/**
 * Runs the service's restart attempts at their time on the engine's clock, so that a test moves
 * the clock and runs what is due instead of waiting. One timer serves every query.
 */
public interface RestartTimer {

    /**
     * Runs {@code attempt} once the clock reaches {@code dueMillis} (at once if it has), on the
     * timer's thread. Thread-safe.
     */
    Timeout schedule(Runnable attempt, long dueMillis);

    /** An attempt waiting for its time. */
    interface Timeout {
        /** Keeps the attempt from running, if it has not started. */
        void cancel();
    }
}
