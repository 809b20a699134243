package dev.arus.engine.state;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The file work of one query run's state stores that no batch waits for, as Spark's state store
 * maintenance task: writing a snapshot and deleting the files it makes unneeded. A snapshot only
 * shortens rebuilding a version (the deltas alone are enough), so a batch hands it over and goes
 * on instead of waiting for two more {@code fsync}s. The work runs in the order handed over, on
 * an executor the session's queries share; {@link #awaitIdle} waits for all of it, which a run
 * does before it ends, so that its next run loads from files no one is writing.
 */
public final class StateMaintenance {

    private static final System.Logger LOG = System.getLogger(StateMaintenance.class.getName());

    private final Executor executor;
    private CompletableFuture<Void> last = CompletableFuture.completedFuture(null);

    public StateMaintenance(Executor executor) {
        this.executor = executor;
    }

    /** Queues {@code work} after the work handed over before; a failure is logged, not thrown. */
    synchronized void submit(String description, Runnable work) {
        last = last.thenRunAsync(() -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                // The deltas still rebuild every version; the next snapshot tries again.
                LOG.log(System.Logger.Level.WARNING, "State maintenance failed: " + description, e);
            }
        }, executor);
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
