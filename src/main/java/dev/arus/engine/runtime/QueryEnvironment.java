package dev.arus.engine.runtime;

import dev.arus.engine.log.EventLog;
import dev.arus.engine.sink.MemoryTables;
import dev.arus.engine.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * What every query of a session shares: its clock, the scheduler of triggers and the task slots
 * of batches, the executor of checkpoint maintenance (snapshots and purges off the batch's
 * path), the time zone, the memory tables of its {@code memory} sinks, the event log of its
 * {@code stream} sources and sinks (null: the session has none), and the session's settings:
 * progress reports kept, the most state rows one operator may hold, the most rows one batch may
 * hand a sink that takes every row, the default number of state partitions, and the
 * {@linkplain dev.arus.engine.streaming.ConnectTimeout connect timeout} of its sources and sinks,
 * and its configuration, the settings its sinks read ({@link dev.arus.engine.sink.SinkContext#conf}).
 */
public record QueryEnvironment(Clock clock, TriggerScheduler scheduler, TaskSlots taskSlots,
                               ExecutorService checkpointMaintenance, ZoneId timeZone,
                               MemoryTables memoryTables, EventLog eventLog,
                               int recentProgress, int maxStateRows, long maxBatchOutputRows,
                               int shufflePartitions, Duration connectTimeout, Map<String, String> conf) {

    public QueryEnvironment {
        conf = Map.copyOf(conf);
    }

    /**
     * The executor of checkpoint maintenance a session's runs share: one daemon thread,
     * {@code arus-checkpoint-maintenance}, which ends after a minute without work, so that a
     * session without checkpoints holds none.
     */
    public static ExecutorService newCheckpointMaintenanceExecutor() {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(1, 1, 1, TimeUnit.MINUTES, new LinkedBlockingQueue<>(),
                work -> {
                    Thread thread = new Thread(work, "arus-checkpoint-maintenance");
                    thread.setDaemon(true);
                    return thread;
                });
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }
}
