package dev.arus.crash;

import dev.arus.server.ApiClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Client threads that post events through an {@link IngestLedger}, each as fast as the service
 * answers, to the run of the service the test last {@linkplain #publish published}. After a post
 * whose connection died (the run was killed) a client waits for the next run, and none posts
 * before the first. Each request holds 1 to {@code maxEventsPerRequest} events.
 */
final class IngestClients implements AutoCloseable {

    private final IngestLedger ledger;
    private final int maxEventsPerRequest;
    private final ExecutorService threads;
    private final List<Future<?>> clients = new ArrayList<>();
    // Guarded by this: the run to post to (null before the first), and whether the clients are to end.
    private ApiClient current;
    private boolean stopped;

    IngestClients(IngestLedger ledger, int count, int maxEventsPerRequest, long seed) {
        this.ledger = ledger;
        this.maxEventsPerRequest = maxEventsPerRequest;
        this.threads = Executors.newFixedThreadPool(count, runnable -> {
            Thread thread = new Thread(runnable, "ingest-client");
            thread.setDaemon(true);
            return thread;
        });
        for (int client = 0; client < count; client++) {
            Random sizes = new Random(seed + client);
            clients.add(threads.submit(() -> {
                postUntilStopped(sizes);
                return null;
            }));
        }
    }

    /** From now on the clients post to {@code run}, a newly started run of the service. */
    synchronized void publish(ApiClient run) {
        current = run;
        notifyAll();
    }

    private void postUntilStopped(Random sizes) throws InterruptedException {
        ApiClient run = next(null, false);
        while (run != null) {
            IngestLedger.Outcome outcome = ledger.post(run, ledger.next(1 + sizes.nextInt(maxEventsPerRequest)));
            run = next(run, outcome == IngestLedger.Outcome.UNKNOWN);
        }
    }

    /** The run to post to next: {@code last} unless its connection died, else the next one published; null once stopped. */
    private synchronized ApiClient next(ApiClient last, boolean lastDied) throws InterruptedException {
        while (!stopped && (current == null || (lastDied && current == last))) {
            wait();
        }
        return stopped ? null : current;
    }

    /** Ends the clients once their posts in flight are answered or have died; rethrows what failed one. */
    void stop(Duration timeout) throws Exception {
        synchronized (this) {
            stopped = true;
            notifyAll();
        }
        for (Future<?> client : clients) {
            client.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
