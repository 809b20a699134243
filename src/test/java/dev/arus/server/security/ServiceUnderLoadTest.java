package dev.arus.server.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.query.QueryRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The service under load on loopback, bounded in count and time: 50 queries and 200 WebSocket
 * clients (4 per query) for {@code -Darus.load.seconds} (60 by default), REST reads every
 * second, plus one query that outgrows {@code arus.limits.max-state-rows}. Expects no error
 * response or WebSocket error, batch durations that stay within the trigger interval, only the
 * greedy query failed, and the heap after a GC at the end within 10 % of the start. Prints a
 * report of the figures.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.max-queries=60", "arus.security.api-token=" + ServiceUnderLoadTest.TOKEN,
                "arus.limits.max-state-rows=2000", "arus.limits.live-handshakes-per-minute=1000",
                "arus.live.sender-threads=4",
                "arus.data-dir=${java.io.tmpdir}/arus-load-${random.uuid}", "logging.level.dev.arus=WARN"})
class ServiceUnderLoadTest {

    static final String TOKEN = "load-test-token";
    private static final int QUERIES = 50;
    private static final int CLIENTS_PER_QUERY = 4;
    private static final long TRIGGER_MS = 500;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** How long the service has to finish closing sessions after the clients' close and the deletes. */
    private static final Duration SETTLE_DEADLINE = Duration.ofSeconds(30);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final AtomicInteger errorResponses = new AtomicInteger();
    private final AtomicInteger socketErrors = new AtomicInteger();
    private final AtomicLong messages = new AtomicLong();
    /** WebSocket clients whose session has ended: the server's close frame came (or an error). */
    private final AtomicInteger endedSockets = new AtomicInteger();
    private int connectedSockets;

    @Value("${local.server.port}")
    int port;

    @Autowired
    MeterRegistry meters;

    @Autowired
    QueryRegistry registry;

    @Test
    void fiftyQueriesAndTwoHundredClientsRunWithoutErrorsOrGrowth() throws Exception {
        long seconds = Long.getLong("arus.load.seconds", 60);
        warmUp();
        long heapBefore = heapAfterGc();

        List<String> ids = new ArrayList<>();
        for (int i = 0; i < QUERIES; i++) {
            ids.add(create(windowedSpec("load-" + i)));
        }
        String greedy = create("""
                {"name": "greedy", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 1000}},
                 "steps": [{"groupBy": {"keys": ["value"], "aggregations": ["count(*) AS n"]}}],
                 "outputMode": "update", "trigger": {"processingTime": "500 milliseconds"}, "sink": {"format": "noop"}}""");
        List<WebSocket> sockets = new ArrayList<>();
        for (String id : ids) {
            for (int c = 0; c < CLIENTS_PER_QUERY; c++) {
                sockets.add(connect(id));
            }
        }
        AtomicLong reads = new AtomicLong();
        everySecondFor(Duration.ofSeconds(seconds), () -> {
            get("/api/queries");
            get("/api/queries/" + ids.get((int) (reads.get() % QUERIES)) + "/batches?limit=5");
            return reads.addAndGet(2);
        });
        long readRequests = reads.get();

        List<JsonNode> views = new ArrayList<>();
        for (String id : ids) {
            views.add(JSON.readTree(get("/api/queries/" + id)));
        }
        JsonNode greedyView = JSON.readTree(get("/api/queries/" + greedy));
        long maxDuration = 0;
        long batches = 0;
        for (String id : ids) {
            JsonNode progress = JSON.readTree(get("/api/queries/" + id + "/progress?limit=20"));
            for (JsonNode report : progress) {
                maxDuration = Math.max(maxDuration, report.path("durationMs").path("triggerExecution").asLong());
            }
            batches += progress.size() == 0 ? 0 : progress.get(progress.size() - 1).path("batchId").asLong() + 1;
        }
        int clients = sockets.size();
        for (WebSocket socket : sockets) {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").orTimeout(10, TimeUnit.SECONDS).join();
        }
        sockets.clear(); // the clients' buffers are the test's memory, not the service's
        for (String id : ids) {
            delete(id);
        }
        delete(greedy);
        awaitSessionsClosed();
        long heapAfter = heapAfterGc();

        System.out.printf("LOAD REPORT: %d s, %d queries, %d WebSocket clients, %d batches, %d live messages received,"
                        + " %d REST reads, %d error responses, %d WebSocket errors, max batch duration (last 20 per query)"
                        + " %d ms against a %d ms trigger, heap after GC %d MiB at start and %d MiB at end (%+.1f %%),"
                        + " greedy query %s: %s%n",
                seconds, QUERIES, clients, batches, messages.get(), readRequests, errorResponses.get(),
                socketErrors.get(), maxDuration, TRIGGER_MS, heapBefore >> 20, heapAfter >> 20,
                100.0 * (heapAfter - heapBefore) / heapBefore, greedyView.path("state").asString(),
                greedyView.path("exception").path("message").asString());

        assertThat(errorResponses).hasValue(0);
        assertThat(socketErrors).hasValue(0);
        assertThat(messages.get()).isGreaterThan((long) clients);
        assertThat(views).allSatisfy(view -> assertThat(view.path("state").asString()).isEqualTo("ACTIVE"));
        assertThat(greedyView.path("state").asString()).isEqualTo("FAILED");
        assertThat(greedyView.path("exception").path("message").asString()).contains("STATE_ROWS_LIMIT_EXCEEDED");
        assertThat(maxDuration).isLessThanOrEqualTo(TRIGGER_MS);
        assertThat((double) heapAfter).isLessThanOrEqualTo(heapBefore * 1.10);
    }

    private static String windowedSpec(String name) {
        return """
                {"name": "%s", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 200, "advanceMillisPerBatch": 500}},
                 "steps": [{"withColumn": {"name": "event_time", "expr": "CAST(unix_timestamp(timestamp) - value %% 3 AS TIMESTAMP)"}},
                           {"withWatermark": {"column": "event_time", "delay": "2 seconds"}},
                           {"groupBy": {"keys": ["window(event_time, '2 seconds')", "value %% 5 AS k"],
                                        "aggregations": ["count(*) AS count", "avg(value) AS mean"]}}],
                 "outputMode": "append", "trigger": {"processingTime": "500 milliseconds"}, "sink": {"format": "noop"}}"""
                .formatted(name);
    }

    /**
     * A short round of the same size first, so that class loading, JIT and the server's bounded
     * pools and caches (Tomcat keeps a processor per concurrent connection for reuse) are part of
     * the starting heap rather than counted as growth.
     */
    private void warmUp() throws Exception {
        List<String> ids = new ArrayList<>();
        List<WebSocket> sockets = new ArrayList<>();
        for (int i = 0; i < QUERIES; i++) {
            ids.add(create(windowedSpec("warm-up-" + i)));
            for (int c = 0; c < CLIENTS_PER_QUERY; c++) {
                sockets.add(connect(ids.get(i)));
            }
        }
        everySecondFor(Duration.ofSeconds(3), () -> null);
        get("/api/queries/" + ids.get(0) + "/progress");
        for (WebSocket socket : sockets) {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").orTimeout(10, TimeUnit.SECONDS).join();
        }
        for (String id : ids) {
            delete(id);
        }
        awaitSessionsClosed();
        messages.set(0);
    }

    /**
     * Paces load: runs {@code work} on a scheduler a second after the start and then a second
     * after each run ends, until {@code period} has passed, and returns at the end of the period
     * (once a run under way has finished). A failure of {@code work} ends the period early and
     * is thrown here.
     */
    private static void everySecondFor(Duration period, Callable<?> work) throws Exception {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "load-pacer");
            thread.setDaemon(true);
            return thread;
        });
        AtomicReference<Exception> failure = new AtomicReference<>();
        try {
            scheduler.scheduleWithFixedDelay(() -> {
                try {
                    work.call();
                } catch (Exception e) {
                    failure.compareAndSet(null, e);
                    scheduler.shutdown();
                }
            }, 1, 1, TimeUnit.SECONDS);
            // The end of the period; shutting down cancels the next run, not one under way.
            scheduler.schedule(scheduler::shutdown, period.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(scheduler.awaitTermination(period.toSeconds() + 60, TimeUnit.SECONDS))
                    .as("the paced period of %s ended", period).isTrue();
        } finally {
            scheduler.shutdownNow();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    /**
     * Waits until every client has had its close handshake completed by the server, the service
     * counts no open live session and the registry holds no query: what the clients' close and
     * the deletes set in motion is done before the heap is measured.
     */
    private void awaitSessionsClosed() {
        await().atMost(SETTLE_DEADLINE).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
            assertThat(endedSockets).as("clients whose session ended").hasValue(connectedSockets);
            assertThat(meters.get("arus.live.sessions").gauge().value()).as("arus.live.sessions").isZero();
            assertThat(registry.handles()).as("queries left in the registry").isEmpty();
        });
    }

    /** The least heap used after a full GC, of several: {@code System.gc()} returns once the collection is done. */
    private static long heapAfterGc() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    private WebSocket connect(String id) {
        connectedSockets++;
        String protocol = "arus.token." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(TOKEN.getBytes(StandardCharsets.UTF_8));
        return http.newWebSocketBuilder().subprotocols("arus.live", protocol)
                .buildAsync(URI.create("ws://localhost:" + port + "/ws/queries/" + id), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        if (last) {
                            messages.incrementAndGet();
                        }
                        webSocket.request(1);
                        return null;
                    }

                    @Override
                    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
                        if (statusCode != WebSocket.NORMAL_CLOSURE) {
                            socketErrors.incrementAndGet();
                        }
                        endedSockets.incrementAndGet();
                        return null;
                    }

                    @Override
                    public void onError(WebSocket webSocket, Throwable error) {
                        socketErrors.incrementAndGet();
                        endedSockets.incrementAndGet();
                    }
                }).orTimeout(10, TimeUnit.SECONDS).join();
    }

    private String create(String spec) throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/api/queries"))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString(spec)));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return JSON.readTree(response.body()).path("id").asString();
    }

    private void delete(String id) throws Exception {
        send(HttpRequest.newBuilder(uri("/api/queries/" + id)).header("Authorization", "Bearer " + TOKEN).DELETE());
    }

    private String get(String path) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).GET()).body();
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        HttpResponse<String> response = http.send(request.timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 400) {
            errorResponses.incrementAndGet();
        }
        return response;
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
