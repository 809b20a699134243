package dev.arus.server.query.restart;

import dev.arus.engine.time.Clock;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The production {@link RestartTimer}: one daemon thread, {@code arus-restart}, that waits for
 * each attempt's time as the engine's clock counts it and runs attempts one after another. An
 * attempt only starts a run, which is quick; the run's batches go to the engine's trigger pool.
 * Closed with the service: attempts still waiting are dropped.
 */
final class ScheduledRestartTimer implements RestartTimer, AutoCloseable {

    private final Clock clock;
    private final ScheduledThreadPoolExecutor executor;

    ScheduledRestartTimer(Clock clock) {
        this.clock = clock;
        this.executor = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "arus-restart");
            thread.setDaemon(true);
            return thread;
        });
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    @Override
    public Timeout schedule(Runnable attempt, long dueMillis) {
        var future = executor.schedule(attempt, Math.max(0, dueMillis - clock.millis()), TimeUnit.MILLISECONDS);
        return () -> future.cancel(false);
    }

    @Override
    public void close() {
        executor.shutdown();
    }
}
