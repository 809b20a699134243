package dev.arus.bench;

import dev.arus.server.ArusApplication;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code BENCH ingest}: events per second that the started service acknowledges, durable, to 8
 * concurrent HTTP clients over loopback, each posting NDJSON batches of 1,000 shop orders one
 * after another, and the 99th percentile of the time from sending a post to its answer. The
 * service runs in this JVM with the demo off and its data directory under the temporary
 * directory; a warm-up precedes the measurement. Run with {@code ./mvnw -Pbench -DskipTests verify}.
 */
public final class IngestBenchmark {

    private static final int CLIENTS = 8;
    private static final int EVENTS_PER_POST = 1_000;
    private static final Duration WARMUP = Duration.ofSeconds(10);
    private static final Duration MEASURED = Duration.ofSeconds(20);
    private static final String STREAM = """
            {"name": "orders", "schema": "order_id STRING NOT NULL, product STRING, category STRING, \
            amount DOUBLE, event_time TIMESTAMP", "partitions": 2}""";

    private IngestBenchmark() {
    }

    /** What one client saw in the measured interval: events acknowledged and each post's latency. */
    private record Measured(long events, List<Long> latencyNanos) {
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = BenchFiles.temporaryDirectory("arus-bench-ingest");
        ConfigurableApplicationContext service = SpringApplication.run(ArusApplication.class,
                "--server.port=0", "--arus.demo.enabled=false", "--arus.data-dir=" + dataDir,
                "--arus.limits.ingest-requests-per-minute=100000000", "--logging.level.root=WARN");
        try {
            int port = ((WebServerApplicationContext) service).getWebServer().getPort();
            URI base = URI.create("http://127.0.0.1:" + port);
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpResponse<String> created = http.send(HttpRequest.newBuilder(base.resolve("/api/streams"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(STREAM))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (created.statusCode() != 201) {
                throw new IllegalStateException("cannot create the stream: " + created.body());
            }
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            long warmupEnd = System.nanoTime() + WARMUP.toNanos();
            long end = warmupEnd + MEASURED.toNanos();
            List<Future<Measured>> running = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                running.add(clients.submit(() -> post(base.resolve("/api/streams/orders/events"), client,
                        warmupEnd, end)));
            }
            long events = 0;
            List<Long> latencies = new ArrayList<>();
            for (Future<Measured> client : running) {
                events += client.get().events();
                latencies.addAll(client.get().latencyNanos());
            }
            clients.shutdown();
            Collections.sort(latencies);
            print("ingest", events / (MEASURED.toNanos() / 1e9), "events/s");
            print("ingest-p50", latencies.get(latencies.size() / 2) / 1e6, "ms");
            print("ingest-p99", latencies.get((int) (latencies.size() * 0.99)) / 1e6, "ms");
        } finally {
            service.close();
            BenchFiles.delete(dataDir);
        }
    }

    /** One client: posts until {@code end}, counting what is acknowledged after {@code from}. */
    private static Measured post(URI events, int client, long from, long end) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<byte[]> bodies = new ArrayList<>();
        for (int b = 0; b < 16; b++) {
            bodies.add(orders(client, b, EVENTS_PER_POST));
        }
        long acknowledged = 0;
        List<Long> latencies = new ArrayList<>();
        for (int post = 0; System.nanoTime() < end; post++) {
            HttpRequest request = HttpRequest.newBuilder(events).header("Content-Type", "application/x-ndjson")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(bodies.get(post % bodies.size()))).build();
            long sent = System.nanoTime();
            HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            long answered = System.nanoTime();
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("a post was refused: " + answer.body());
            }
            if (sent >= from && answered <= end) {
                acknowledged += EVENTS_PER_POST;
                latencies.add(answered - sent);
            }
        }
        return new Measured(acknowledged, latencies);
    }

    /** An NDJSON body of {@code count} shop orders, distinct per client and batch. */
    static byte[] orders(int client, int batch, int count) {
        String[][] products = {{"novel", "books"}, {"headphones", "electronics"}, {"puzzle", "games"},
                {"sneakers", "fashion"}, {"tea", "grocery"}};
        StringBuilder lines = new StringBuilder();
        Instant time = Instant.parse("2026-12-01T10:00:00Z").plusSeconds(batch);
        for (int i = 0; i < count; i++) {
            String[] product = products[(client + i) % products.length];
            lines.append(String.format(Locale.ROOT, "{\"order_id\":\"c%d-b%d-%d\",\"product\":\"%s\","
                    + "\"category\":\"%s\",\"amount\":%.2f,\"event_time\":\"%s\"}\n", client, batch, i, product[0],
                    product[1], 5 + (i % 90) + 0.99, time.plusMillis(i)));
        }
        return lines.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void print(String name, double value, String unit) {
        System.out.println(String.format(Locale.ROOT, "BENCH %s %.1f %s", name, value, unit));
    }
}
