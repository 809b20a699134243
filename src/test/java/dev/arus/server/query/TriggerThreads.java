package dev.arus.server.query;

import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.Specs;
import java.time.Duration;

/**
 * The engine's trigger threads alive in this JVM, named {@code arus-trigger-*} by its scheduler.
 * The session's pool starts its threads lazily, one per scheduled trigger until it is full, and
 * keeps them; so a count compared before and after a request means something only once the
 * pool is full, which {@link #fillPool} ensures.
 */
final class TriggerThreads {

    private TriggerThreads() {
    }

    /** Runs a query for a few batches: each batch schedules the next, which starts a thread until the pool is full. */
    static void fillPool(ApiClient api) {
        String id = api.create(Specs.fastest("fill-trigger-pool"));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> api.query(id).path("lastProgress").path("batchId").asLong(-1) >= 8);
        api.delete("/api/queries/" + id);
    }

    static long count() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .filter(thread -> thread.getName().startsWith("arus-trigger-"))
                .count();
    }
}
