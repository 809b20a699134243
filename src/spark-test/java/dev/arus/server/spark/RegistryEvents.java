package dev.arus.server.spark;

import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.server.query.EngineComparison;
import dev.arus.server.query.QueryListener;
import dev.arus.server.query.QueryView;
import dev.arus.server.query.RecentBatch;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;

/**
 * Waits, instead of sleeping, for what the registry tells its listeners of queries on either
 * engine: their batches' outputs and their progress reports. Add it to the registry before the
 * queries it should hear of start.
 */
public final class RegistryEvents implements QueryListener {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private final Map<UUID, Integer> outputs = new HashMap<>();
    private final Map<UUID, Integer> reports = new HashMap<>();
    private final Map<UUID, Integer> ended = new HashMap<>();
    private final Map<UUID, EngineComparison.Summary> comparisons = new HashMap<>();

    @Override
    public synchronized void batch(UUID id, RecentBatch output) {
        outputs.merge(id, 1, Integer::sum);
        notifyAll();
    }

    @Override
    public synchronized void progress(QueryView query, StreamingQueryProgress progress) {
        reports.merge(query.id(), 1, Integer::sum);
        notifyAll();
    }

    @Override
    public synchronized void runEnded(QueryView query) {
        ended.merge(query.id(), 1, Integer::sum);
        notifyAll();
    }

    /** A new run compares afresh. */
    @Override
    public synchronized void runStarted(QueryView query, java.time.Instant at) {
        comparisons.remove(query.id());
    }

    @Override
    public synchronized void compared(UUID id, EngineComparison.Summary comparison) {
        comparisons.put(id, comparison);
        notifyAll();
    }

    /** Waits until query {@code id}, on both engines, has compared {@code count} batches in its current run. */
    public synchronized EngineComparison.Summary awaitCompared(String id, long count) throws InterruptedException {
        UUID key = UUID.fromString(id);
        awaitUntil(() -> comparisons.containsKey(key) && comparisons.get(key).batchesCompared() >= count,
                count + " batches of " + id + " compared");
        return comparisons.get(key);
    }

    /** Waits until {@code count} runs of query {@code id} have ended (an availableNow run ends by itself). */
    public synchronized void awaitRunsEnded(String id, int count) throws InterruptedException {
        UUID key = UUID.fromString(id);
        awaitUntil(() -> ended.getOrDefault(key, 0) >= count, count + " ended runs of " + id);
    }

    /** How many batches' outputs of query {@code id} were heard so far. */
    public synchronized int outputs(String id) {
        return outputs.getOrDefault(UUID.fromString(id), 0);
    }

    /** Waits until query {@code id} has written {@code count} batches and reported their progress. */
    public synchronized void awaitBatches(String id, int count) throws InterruptedException {
        UUID key = UUID.fromString(id);
        awaitUntil(() -> outputs.getOrDefault(key, 0) >= count && reports.getOrDefault(key, 0) >= count,
                count + " batches of " + id);
    }

    private void awaitUntil(BooleanSupplier done, String what) throws InterruptedException {
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
