package dev.arus.engine.checkpoint;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The file work of one query run's checkpoint that no batch waits for: writing a state snapshot
 * (as Spark's state store maintenance task) and deleting the files that no restart needs any
 * more, old state files and old offsets and commit entries (as Spark's asynchronous log purge,
 * {@code spark.sql.streaming.asyncLogPurge.enabled}). A snapshot only shortens rebuilding a
 * version, the deltas alone being enough, and a deletion only saves room, so a batch hands them
 * over and goes on instead of waiting for the disk. The work runs in the order handed over, on an
 * executor the session's queries share; {@link #awaitIdle} waits for all of it, which a run does
 * before it ends, so that its next run reads files no one is writing or deleting.
 */
public final class CheckpointMaintenance {

    private static final System.Logger LOG = System.getLogger(CheckpointMaintenance.class.getName());

    private final Executor executor;
    private CompletableFuture<Void> last = CompletableFuture.completedFuture(null);

    public CheckpointMaintenance(Executor executor) {
        this.executor = executor;
    }

    /**
     * Queues {@code work} after the work handed over before. A failure, of the work or of handing
     * it to the executor, is logged, and the chain goes on: nothing a restart needs is lost (the
     * deltas rebuild every version, and what was not deleted is deleted by the next purge), and
     * {@link #awaitIdle} never throws.
     */
    public synchronized void submit(String description, Runnable work) {
        last = last.thenRunAsync(work, executor).exceptionally(failure -> {
            LOG.log(System.Logger.Level.WARNING, "Checkpoint maintenance failed: " + description, failure);
            return null;
        });
    }

    /** Waits until the work handed over so far is done. */
    public void awaitIdle() {
        CompletableFuture<Void> pending;
        synchronized (this) {
            pending = last;
        }
        pending.join();
    }
}
