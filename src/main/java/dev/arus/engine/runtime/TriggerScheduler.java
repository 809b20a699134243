package dev.arus.engine.runtime;

/**
 * Runs a query's next trigger at a given clock time. Every query of a session shares one
 * scheduler; a query schedules its next trigger only after the previous one ended, so triggers
 * of one query never overlap.
 */
public interface TriggerScheduler extends AutoCloseable {

    /** Runs {@code task} once the clock reaches {@code dueMillis} (at once if it already has). */
    ScheduledTrigger schedule(Runnable task, long dueMillis);

    /** Stops accepting work; tasks already running finish. */
    @Override
    void close();

    /** A trigger waiting to run. */
    interface ScheduledTrigger {
        /** Prevents the task from starting; returns whether it had not started. */
        boolean cancel();
    }
}
