package dev.arus.server.spark;

import dev.arus.engine.streaming.StreamingQueryProgress;
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
