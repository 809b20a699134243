package dev.arus.engine.runtime;

import dev.arus.engine.time.Clock;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The production scheduler: a fixed pool of daemon threads shared by all queries of a session,
 * sized to the machine by default so that many queries cannot make many threads. Its threads
 * are named {@code arus-trigger-<pool>-<n>}; there are never more than {@code threads} of them,
 * and after {@link #close()} they end once the triggers already running have finished.
 */
public final class ExecutorTriggerScheduler implements TriggerScheduler {

    private static final AtomicInteger POOLS = new AtomicInteger();

    private final Clock clock;
    private final ScheduledThreadPoolExecutor executor;

    public ExecutorTriggerScheduler(Clock clock, int threads) {
        this.clock = clock;
        this.executor = new ScheduledThreadPoolExecutor(threads, new DaemonThreads(POOLS.incrementAndGet()));
        this.executor.setRemoveOnCancelPolicy(true);
        // Triggers still waiting when the session closes belong to queries that have ended.
        this.executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.executor.setContinueExistingPeriodicTasksAfterShutdownPolicy(false);
    }

    public static int defaultThreads() {
        return Math.max(2, Runtime.getRuntime().availableProcessors());
    }

    /** @throws java.util.concurrent.RejectedExecutionException after {@link #close()} */
    @Override
    public ScheduledTrigger schedule(Runnable task, long dueMillis) {
        long delay = Math.max(0, dueMillis - clock.millis());
        // Whoever claims first, the task starting or a cancel, wins: a Future's cancel also
        // succeeds while its task runs, and a trigger cancelled then would overlap the next one.
        AtomicBoolean claimed = new AtomicBoolean();
        var future = executor.schedule(() -> {
            if (claimed.compareAndSet(false, true)) {
                task.run();
            }
        }, delay, TimeUnit.MILLISECONDS);
        return () -> {
            if (!claimed.compareAndSet(false, true)) {
                return false;
            }
            future.cancel(false);
            return true;
        };
    }

    @Override
    public void close() {
        executor.shutdown();
    }

    private static final class DaemonThreads implements ThreadFactory {
        private final int pool;
        private final AtomicInteger count = new AtomicInteger();

        DaemonThreads(int pool) {
            this.pool = pool;
        }

        @Override
        public Thread newThread(Runnable task) {
            Thread thread = new Thread(task, "arus-trigger-" + pool + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }
    }
}
