package dev.arus.engine.files;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.LongFunction;

/**
 * The file work of one query run's checkpoint that no batch waits for: writing a state snapshot
 * (as Spark's state store maintenance task), deleting the files that no restart needs any
 * more, old state files and old offsets and commit entries (as Spark's asynchronous log purge,
 * {@code spark.sql.streaming.asyncLogPurge.enabled}), and making the {@link ReservedFiles} that
 * the next batches write in place. A snapshot only shortens rebuilding a
 * version, the deltas alone being enough, and a deletion only saves room, so a batch hands them
 * over and goes on instead of waiting for the disk. The work runs in the order handed over, on an
 * executor the session's queries share; {@link #settle} waits for all of it and deletes the
 * reserved files no batch wrote, which a run does before it ends, so that its next run reads
 * files no one is writing or deleting.
 */
public final class CheckpointMaintenance {

    private static final System.Logger LOG = System.getLogger(CheckpointMaintenance.class.getName());

    private final Executor executor;
    private CompletableFuture<Void> last = CompletableFuture.completedFuture(null);
    private final List<ReservedFiles> reservations = new ArrayList<>();

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

    /** The files {@code fileOf(id)} in {@code directory}, reserved ahead by this maintenance. */
    public synchronized ReservedFiles reserve(Path directory, LongFunction<Path> fileOf) {
        ReservedFiles files = new ReservedFiles(directory, fileOf, this);
        reservations.add(files);
        return files;
    }

    /**
     * Waits for the work handed over so far, then deletes the reserved files no batch wrote: the
     * end of a run. A failure to delete is logged; the next run takes the files for reserved.
     */
    public void settle() {
        awaitIdle();
        List<ReservedFiles> made;
        synchronized (this) {
            made = List.copyOf(reservations);
            reservations.clear();
        }
        for (ReservedFiles files : made) {
            try {
                files.release();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "Checkpoint maintenance failed: release of reserved files", e);
            }
        }
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
