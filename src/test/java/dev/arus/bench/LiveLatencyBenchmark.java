package dev.arus.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Commit to browser: {@value #CLIENTS} WebSocket clients on loopback watch one query of the
 * chapter's shape, triggered every {@value #TRIGGER_MS} ms, and each {@code batch} message's
 * delay is its arrival at a client minus its {@code timestamp}, the moment the batch reached the
 * service's sink (the engine's step just before its commit log). That timestamp has millisecond
 * precision and is truncated, so a delay reads up to 1 ms long, 0.5 ms on average; both clocks
 * are the one wall clock of the machine. {@value #WARMUP_SECONDS} s unmeasured, then
 * {@value #MEASURED_SECONDS} s measured. Prints {@code BENCH live-latency <p50> <p99>}.
 *
 * <p>Argument: the folder of the extracted jar (the README's start command).
 */
public final class LiveLatencyBenchmark {

    private static final int CLIENTS = 100;
    private static final int CLIENT_THREADS = 4;
    private static final int TRIGGER_MS = 250;
    private static final int WARMUP_SECONDS = 15;
    private static final int MEASURED_SECONDS = 60;
    private static final Pattern BATCH_TIMESTAMP = Pattern.compile(
            "^\\{\"type\":\"batch\".*?\"timestamp\":\"([^\"]+)\"");

    /** The chapter's query with a {@code noop} sink; {@link #spec} fills in its name and trigger. */
    private static final String SPEC = """
            {
              "name": "NAME",
              "source": {"format": "rate", "options": {"rowsPerSecond": 5, "numPartitions": 1}},
              "steps": [
                {"withColumn": {"name": "event_time",
                                "expr": "CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP)"}},
                {"withWatermark": {"column": "event_time", "delay": "4 seconds"}},
                {"groupBy": {"keys": ["window(event_time, '8 seconds')"],
                             "aggregations": ["count(*) AS count"]}}
              ],
              "outputMode": "append",
              "trigger": {"processingTime": "INTERVAL_MS milliseconds"},
              "sink": {"format": "noop"}
            }
            """;

    static String spec(String name, int intervalMs) {
        return SPEC.replace("NAME", name).replace("INTERVAL_MS", Integer.toString(intervalMs));
    }

    private static final ConcurrentLinkedQueue<Long> DELAYS_MICROS = new ConcurrentLinkedQueue<>();
    // The rate source's rows come once a second, so not every trigger makes a batch: the warm-up
    // and the measurement last until every client has had about one batch message a second.
    private static final CountDownLatch WARMED_UP = new CountDownLatch(CLIENTS * WARMUP_SECONDS);
    private static final CountDownLatch MEASURED = new CountDownLatch(CLIENTS * MEASURED_SECONDS);
    private static volatile boolean measuring;

    private LiveLatencyBenchmark() {
    }

    public static void main(String[] args) throws InterruptedException {
        try (ServiceProcess service = ServiceProcess.start(ServiceProcess.Command.documented(Path.of(args[0])),
                List.of("--arus.demo.enabled=false"))) {
            ServiceApi api = new ServiceApi(service.port());
            String id = api.createQuery(spec("latency", TRIGGER_MS));
            URI feed = URI.create("ws://127.0.0.1:" + service.port() + "/ws/queries/" + id);
            List<HttpClient> clients = new ArrayList<>();
            for (int i = 0; i < CLIENT_THREADS; i++) {
                clients.add(HttpClient.newHttpClient());
            }
            List<WebSocket> sockets = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                sockets.add(clients.get(i % CLIENT_THREADS).newWebSocketBuilder()
                        .buildAsync(feed, new Client()).join());
            }
            // About one batch a second reaches each client: wait for the messages, not for the time.
            boolean warm = WARMED_UP.await(WARMUP_SECONDS * 4L, TimeUnit.SECONDS);
            measuring = true;
            boolean measured = warm && MEASURED.await(MEASURED_SECONDS * 4L, TimeUnit.SECONDS);
            measuring = false;
            sockets.forEach(WebSocket::abort);
            if (!measured) {
                throw new IllegalStateException("only " + DELAYS_MICROS.size() + " batch messages arrived, "
                        + MEASURED.getCount() + " short of " + CLIENTS * MEASURED_SECONDS + ":\n" + service.console());
            }

            long[] delays = DELAYS_MICROS.stream().mapToLong(Long::longValue).sorted().toArray();
            System.out.println(String.format(Locale.ROOT,
                    "BENCH live-latency %.1f %.1f ms (p50 p99 of %d messages to %d clients, max %.1f, %s)",
                    percentile(delays, 0.50) / 1e3, percentile(delays, 0.99) / 1e3, delays.length, CLIENTS,
                    delays[delays.length - 1] / 1e3, BenchLoad.now()));
        }
    }

    private static long percentile(long[] sorted, double fraction) {
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
    }

    /** One watcher: counts the whole {@code batch} messages, and records their delay while measuring. */
    private static final class Client implements WebSocket.Listener {
        private final StringBuilder message = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            message.append(data);
            if (last) {
                Instant arrived = Instant.now();
                Matcher batch = BATCH_TIMESTAMP.matcher(message);
                if (batch.find()) {
                    if (measuring) {
                        Instant committed = Instant.parse(batch.group(1));
                        DELAYS_MICROS.add(Duration.between(committed, arrived).toNanos() / 1_000);
                        MEASURED.countDown();
                    } else {
                        WARMED_UP.countDown();
                    }
                }
                message.setLength(0);
            }
            socket.request(1);
            return null;
        }
    }
}
