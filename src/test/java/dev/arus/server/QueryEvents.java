package dev.arus.server;

import dev.arus.engine.streaming.StreamingQueryListener;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Waits for engine events of queries by id, instead of sleeping: batches run and runs ended.
 * Add it to the session before the queries it should hear of start.
 */
public final class QueryEvents implements StreamingQueryListener {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Map<UUID, Integer> batches = new HashMap<>();
    private final Set<UUID> endedRuns = new HashSet<>();

    @Override
    public synchronized void onQueryProgress(QueryProgressEvent event) {
        batches.merge(event.progress().id(), 1, Integer::sum);
        notifyAll();
    }

    @Override
    public synchronized void onQueryTerminated(QueryTerminatedEvent event) {
        endedRuns.add(event.runId());
        notifyAll();
    }

    /** Waits until the query has run {@code count} batches in all since this listener was added. */
    public synchronized void awaitBatches(String id, int count) throws InterruptedException {
        UUID key = UUID.fromString(id);
        awaitUntil(() -> batches.getOrDefault(key, 0) >= count, count + " batches of " + id);
    }

    /** Waits until the run with this id has ended (its terminated event was heard). */
    public synchronized void awaitEnd(String runId) throws InterruptedException {
        UUID key = UUID.fromString(runId);
        awaitUntil(() -> endedRuns.contains(key), "end of run " + runId);
    }

    private void awaitUntil(java.util.function.BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!done.getAsBoolean()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("timed out waiting for " + what);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }
}
