package dev.arus.engine.log;

import dev.arus.engine.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Writes every stream of a log by group commit, one group at a time: a group is every append
 * waiting (encoded already by the appending threads), stamped and written as record batches,
 * then each partition written synced once, the partitions at the same time, and every append of
 * the group completed. So concurrent requests share an {@code fsync}, and an append is answered
 * only once durable. An appending thread that finds no group being written writes one itself,
 * so that a lone append costs no wake-up of another thread (0.1 ms at the median, milliseconds
 * on a loaded machine); what arrives meanwhile is written by the committer's own thread. A group
 * whose write or sync fails is cut off again, every append of it failing; nothing of it is
 * visible to readers. Thread-safe.
 */
final class GroupCommitter implements AutoCloseable {

    /**
     * One request's rows for one stream, already split by partition and encoded (null for a
     * partition it does not touch), and their producer (null: none).
     */
    record Append(LogStream stream, RecordBatchCodec.Unstamped[] byPartition, Producer producer,
                  CompletableFuture<AppendResult> done) {
    }

    private static final int MAX_GROUP = 256;
    /** Partitions synced at once besides the committer's own: a group touching more waits in turns. */
    private static final int SYNC_THREADS = 3;

    private final Clock clock;
    private final Queue<Append> waiting = new ConcurrentLinkedQueue<>();
    /** A thread is writing a group: only it may take appends from {@link #waiting}. */
    private final AtomicBoolean writing = new AtomicBoolean();
    /** Released for the committer's thread when appends wait that no other thread will write. */
    private final Semaphore wake = new Semaphore(0);
    private final Thread thread;
    private final ExecutorService syncs;
    private volatile boolean closed;
    /** Set by the committer's last group: whoever writes next refuses what waits. */
    private volatile boolean stopped;

    GroupCommitter(Clock clock, String name) {
        this.clock = clock;
        this.syncs = Executors.newFixedThreadPool(SYNC_THREADS, runnable -> {
            Thread syncThread = new Thread(runnable, name + "-sync");
            syncThread.setDaemon(true);
            return syncThread;
        });
        this.thread = new Thread(this::run, name);
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /**
     * Queues {@code append}, and writes a group with it on this thread if no other is being
     * written; its future completes once its records are durable.
     */
    void submit(Append append) {
        if (closed) {
            refuse(append);
            return;
        }
        waiting.add(append);
        if (Thread.currentThread().isInterrupted()) {
            // An interrupt during a file's write would close its channel for every reader.
            wake.release();
            if (stopped) {
                // The committer's thread ended before it could see this append: refuse it here (no I/O).
                serve(1);
            }
            return;
        }
        serve(1);
    }

    /**
     * Writes up to {@code groups} groups of what waits, unless another thread is writing one: that
     * one sees what this thread queued when it ends. Whoever stops while appends wait hands them
     * to the committer's thread (or refuses them once it has stopped).
     */
    private void serve(int groups) {
        if (!writing.compareAndSet(false, true)) {
            return;
        }
        try {
            if (stopped) {
                refuseWaiting();
            } else {
                for (int i = 0; i < groups && !waiting.isEmpty(); i++) {
                    commitNextGroup();
                }
            }
        } finally {
            writing.set(false);
        }
        if (!waiting.isEmpty()) {
            if (stopped) {
                serve(1);
            } else {
                wake.release();
            }
        }
    }

    private void commitNextGroup() {
        List<Append> group = new ArrayList<>();
        for (Append next; group.size() < MAX_GROUP && (next = waiting.poll()) != null; ) {
            group.add(next);
        }
        commit(group);
    }

    private void refuseWaiting() {
        for (Append late; (late = waiting.poll()) != null; ) {
            refuse(late);
        }
    }

    private static void refuse(Append append) {
        append.done().completeExceptionally(new LogException(LogException.LOG_WRITE_FAILED, "["
                + LogException.LOG_WRITE_FAILED + "] The event log is closed"));
    }

    private void run() {
        while (!closed) {
            wake.acquireUninterruptibly();
            serve(Integer.MAX_VALUE);
        }
        // Closing: the appends queued before close are written once whoever writes now is done.
        while (!writing.compareAndSet(false, true)) {
            LockSupport.parkNanos(100_000);
        }
        try {
            while (!waiting.isEmpty()) {
                commitNextGroup();
            }
            stopped = true;
        } finally {
            writing.set(false);
        }
        // Appends that raced with close, queued while the last group was written.
        serve(1);
    }

    private void commit(List<Append> group) {
        long ingestMicros = clock.millis() * 1000;
        // In the order written (a partition is equal only to itself), so that syncs go in that order too.
        Map<PartitionLog, PartitionLog.Mark> touched = new LinkedHashMap<>();
        List<AppendResult> results = new ArrayList<>();
        try {
            for (Append append : group) {
                results.add(write(append, ingestMicros, touched));
            }
            long syncStart = clock.nanoTime();
            syncAll(new ArrayList<>(touched.keySet()));
            long syncNanos = clock.nanoTime() - syncStart;
            // Readers see the group only once all of it is synced: if one partition's sync fails,
            // the others' records, cut off again below, were never read.
            touched.keySet().forEach(PartitionLog::publish);
            Set<LogStream> streams = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Append append : group) {
                streams.add(append.stream());
            }
            streams.forEach(stream -> stream.recordSync(syncNanos));
            streams.forEach(LogStream::published);
            for (int i = 0; i < group.size(); i++) {
                group.get(i).done().complete(results.get(i));
            }
        } catch (RuntimeException | Error failure) {
            // An Error too: its records cut off, or the next group would publish them unanswered.
            // It reaches every append of the group through its future, and the log goes on.
            touched.forEach((partition, mark) -> rollback(partition, mark, failure));
            group.forEach(append -> append.done().completeExceptionally(failure));
        }
    }

    /** Syncs the partitions at once, one on this thread and the others on the sync threads: the group waits for the slowest. */
    private void syncAll(List<PartitionLog> partitions) {
        List<Future<?>> others = new ArrayList<>();
        for (int i = 1; i < partitions.size(); i++) {
            others.add(syncs.submit(partitions.get(i)::sync));
        }
        RuntimeException failure = null;
        try {
            partitions.get(0).sync();
        } catch (RuntimeException failed) {
            failure = failed;
        }
        for (Future<?> other : others) {
            try {
                other.get();
            } catch (ExecutionException failed) {
                failure = failure != null ? failure : (RuntimeException) failed.getCause();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                failure = failure != null ? failure
                        : new LogException(LogException.LOG_WRITE_FAILED, "Interrupted while syncing the event log");
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Cuts {@code partition} back to {@code mark}. One whose files fail that too stays as it is,
     * with the failure added to the group's: the group is answered and the committer goes on.
     */
    private static void rollback(PartitionLog partition, PartitionLog.Mark mark, Throwable failure) {
        try {
            partition.rollback(mark);
        } catch (RuntimeException stuck) {
            failure.addSuppressed(stuck);
        }
    }

    private AppendResult write(Append append, long ingestMicros, Map<PartitionLog, PartitionLog.Mark> touched) {
        List<AppendResult.Range> ranges = new ArrayList<>();
        for (int p = 0; p < append.byPartition().length; p++) {
            RecordBatchCodec.Unstamped batch = append.byPartition()[p];
            if (batch == null || batch.count() == 0) {
                continue;
            }
            PartitionLog partition = append.stream().partition(p);
            touched.computeIfAbsent(partition, PartitionLog::mark);
            long first = partition.append(batch, ingestMicros, append.producer());
            if (first >= 0) {
                ranges.add(new AppendResult.Range(p, first, batch.count()));
                append.stream().recordAppend(batch.count(), batch.totalBytes());
            }
        }
        return new AppendResult(ranges);
    }

    /** Completes the appends already queued, then stops the thread. */
    @Override
    public void close() {
        closed = true;
        wake.release();
        try {
            thread.join();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        syncs.shutdown();
    }
}
