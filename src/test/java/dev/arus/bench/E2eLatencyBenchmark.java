package dev.arus.bench;

import dev.arus.server.ArusApplication;
import dev.arus.server.demo.ShopDemo;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Event to browser: one event is POSTed to a stream of the event log and acknowledged (durable),
 * and the figure is the time from sending that POST to the arrival, at a WebSocket client of the
 * query's live feed, of the first {@code batch} message that carries the row it made. One event
 * at a time, the next sent once the previous one's message arrived; the service runs in this JVM
 * (so both ends read one {@code System.nanoTime}), on loopback, as {@link IngestBenchmark} does.
 * <ul>
 *   <li>{@code e2e-latency}: a stateless filter over the shop's {@code orders} stream
 *       ({@code amount > 0}, append, the default trigger, a {@code noop} sink): the event's own
 *       row;</li>
 *   <li>{@code e2e-latency-windowed}: the shop demo's query (revenue and orders per category per
 *       1-minute window, watermark 10 s, append) with the default trigger instead of the demo's
 *       5 seconds: each event lies 11 s past the end of the previous event's window, so it moves
 *       the watermark past that window's end, and the figure is the time to the message with the
 *       window it closed (the batch of the event, then the batch the moved watermark runs).</li>
 * </ul>
 * Beside each: the acknowledgement's share, and the medians of the progress reports' phases of
 * the batches that carried the rows (engine time), and of the sink-to-client push (arrival minus
 * the batch message's millisecond timestamp). The events are posted with the JDK's
 * {@code HttpClient}, or with {@code -Dbench.e2e.client=blocking} by the JDK's
 * {@link HttpURLConnection}, which writes and reads on the calling thread (kept-alive
 * connections, no selector or executor thread between the caller and the socket), so the
 * client's own share is smaller.
 *
 * <p>The service is measured warm, as it runs for hours: on two cores the JIT's C2 thread works
 * through its queue for tens of seconds of events (methods that run a few times per event reach
 * its thresholds after thousands), taking a CPU from the path. So each query is warmed up with at
 * least {@code bench.e2e.warmup} events (1,000) and until the JIT compiled for less than
 * {@value #QUIET_JIT_MILLIS} ms over the last {@value #QUIET_EVENTS} events, at most {@code
 * bench.e2e.warmup.max} (30,000); then {@code bench.e2e.measured} (3,000) are measured, and the
 * line says how many warmed up and how much the JIT compiled and the collector paused meanwhile.
 */
public final class E2eLatencyBenchmark {

    private static final int WARMUP = Integer.getInteger("bench.e2e.warmup", 1_000);
    private static final int WARMUP_MAX = Integer.getInteger("bench.e2e.warmup.max", 30_000);
    private static final int QUIET_EVENTS = 1_000;
    private static final long QUIET_JIT_MILLIS = 50;
    private static final int MEASURED = Integer.getInteger("bench.e2e.measured", 3_000);
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** {@code jdk}: the JDK's HttpClient posts the events; {@code blocking}: {@link HttpURLConnection}, no client threads. */
    private static final String CLIENT = System.getProperty("bench.e2e.client", "jdk");
    private static final Instant FIRST_WINDOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final Pattern DURATION = Pattern.compile("\"(triggerExecution|walCommit|addBatch|commitOffsets|"
            + "latestOffset|queryPlanning|getBatch)\":(\\d+)");
    private static final Pattern TIMESTAMP = Pattern.compile("\"timestamp\":\"([^\"]+)\"");

    private static final String STATELESS = """
            {
              "name": "e2e-stateless",
              "source": {"format": "stream", "options": {"stream": "orders"}},
              "steps": [{"filter": "amount > 0"}],
              "outputMode": "append",
              "sink": {"format": "noop"}
            }
            """;

    private E2eLatencyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = BenchFiles.temporaryDirectory("arus-bench-e2e");
        ConfigurableApplicationContext service = SpringApplication.run(ArusApplication.class,
                "--server.port=0", "--arus.demo.enabled=false", "--arus.data-dir=" + dataDir,
                "--arus.limits.ingest-requests-per-minute=100000000", "--logging.level.root=WARN");
        try {
            int port = ((WebServerApplicationContext) service).getWebServer().getPort();
            ServiceApi api = new ServiceApi(port);
            post(api, "/api/streams", ShopDemo.STREAM_JSON);
            String windowed = ShopDemo.QUERY_JSON.replace("\"trigger\": {\"processingTime\": \"5 seconds\"},", "");
            if (windowed.equals(ShopDemo.QUERY_JSON)) {
                throw new IllegalStateException("the shop's query no longer has the trigger this benchmark removes");
            }
            run(api, port, "e2e-latency", STATELESS,
                    i -> "{\"order_id\":\"s-" + i + "\",\"category\":\"books\",\"amount\":1.5,"
                            + "\"event_time\":\"" + FIRST_WINDOW.plusMillis(i) + "\"}",
                    i -> "\"s-" + i + "\"");
            run(api, port, "e2e-latency-windowed", windowed,
                    i -> "{\"order_id\":\"w-" + i + "\",\"category\":\"c-" + i + "\",\"amount\":1.5,"
                            + "\"event_time\":\"" + FIRST_WINDOW.plus(Duration.ofMinutes(i)).plusSeconds(11) + "\"}",
                    // event i lies in window i and closes window i - 1, which holds event i - 1 alone
                    i -> i == 0 ? null : "\"c-" + (i - 1) + "\"");
        } finally {
            service.close();
            BenchFiles.delete(dataDir);
        }
    }

    /** Posts events one at a time to the query {@code spec} makes, warm-up then MEASURED, and prints its line. */
    private static void run(ServiceApi api, int port, String figure, String spec, IntFunction<String> event,
                            IntFunction<String> awaited) throws Exception {
        String id = api.createQuery(spec);
        Feed feed = new Feed();
        WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/ws/queries/" + id), feed).join();
        feed.awaitSnapshot();
        EventPoster poster = poster(api);
        List<Long> total = new ArrayList<>();
        List<Long> acks = new ArrayList<>();
        List<Long> pushes = new ArrayList<>();
        List<String> progressOfRows = new ArrayList<>();
        JvmActivity checked = JvmActivity.now();
        int warmup = -1;
        JvmActivity measuredFrom = null;
        for (int i = 0; warmup < 0 || i < warmup + MEASURED; i++) {
            if (warmup < 0 && i >= WARMUP && i % QUIET_EVENTS == 0) {
                JvmActivity now = JvmActivity.now();
                if (now.since(checked).compileMillis() < QUIET_JIT_MILLIS || i >= WARMUP_MAX) {
                    warmup = i;
                    measuredFrom = now;
                }
                checked = now;
            }
            String awaitedText = awaited.apply(i);
            CompletableFuture<Arrival> arrival = awaitedText == null ? null : feed.await(awaitedText);
            long sent = System.nanoTime();
            Answer answer = poster.post("[" + event.apply(i) + "]");
            long acknowledged = System.nanoTime();
            if (answer.status() != 200) {
                throw new IllegalStateException("POST events answered " + answer.status() + ": " + answer.body());
            }
            if (arrival == null) {
                continue;
            }
            Arrival arrived;
            try {
                arrived = arrival.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException late) {
                throw new IllegalStateException("no batch message with " + awaitedText + " for event " + i
                        + " within " + WAIT + "; the query: " + api.get("/api/queries/" + id), late);
            }
            if (warmup >= 0) {
                total.add(arrived.nanos() - sent);
                acks.add(acknowledged - sent);
                pushes.add(arrived.pushMicros());
                progressOfRows.add(feed.progressOfBatch(arrived.batchId()));
            }
        }
        JvmActivity measuredPart = JvmActivity.now().since(measuredFrom);
        socket.abort();
        api.delete("/api/queries/" + id);
        System.out.println(String.format(Locale.ROOT,
                "BENCH %s %.2f %.2f ms (p50 p99 from sending the POST to the batch message, %d events, max %.2f; "
                        + "ack p50 %.2f p99 %.2f ms; engine medians of those batches' progress: %s; "
                        + "sink to client p50 %.2f ms; after %d warm-up events, during the measured part the JIT "
                        + "compiled %d ms and %d collections paused %d ms; client %s; %s)",
                figure, percentile(total, 0.50) / 1e6, percentile(total, 0.99) / 1e6, total.size(),
                percentile(total, 1.0) / 1e6, percentile(acks, 0.50) / 1e6, percentile(acks, 0.99) / 1e6,
                medianDurations(progressOfRows), percentile(pushes, 0.50) / 1e3, warmup, measuredPart.compileMillis(),
                measuredPart.collections(), measuredPart.collectionMillis(), CLIENT, BenchLoad.now()));
    }

    /**
     * The JVM's compilers' time (all their threads) and its collections, so far or over a part of
     * the run: what competes with the path for the CPUs besides it.
     */
    private record JvmActivity(long compileMillis, long collections, long collectionMillis) {

        static JvmActivity now() {
            long collections = 0;
            long collectionMillis = 0;
            for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
                collections += collector.getCollectionCount();
                collectionMillis += collector.getCollectionTime();
            }
            return new JvmActivity(ManagementFactory.getCompilationMXBean().getTotalCompilationTime(), collections,
                    collectionMillis);
        }

        JvmActivity since(JvmActivity start) {
            return new JvmActivity(compileMillis - start.compileMillis, collections - start.collections,
                    collectionMillis - start.collectionMillis);
        }
    }

    /** A POST's status and body. */
    private record Answer(int status, String body) {
    }

    /** Posts one body of events to the {@code orders} stream and waits for the answer. */
    private interface EventPoster {
        Answer post(String body) throws IOException, InterruptedException;
    }

    private static EventPoster poster(ServiceApi api) {
        URI events = api.base().resolve("/api/streams/orders/events");
        if (CLIENT.equals("blocking")) {
            return body -> postBlocking(events, body);
        }
        if (!CLIENT.equals("jdk")) {
            throw new IllegalArgumentException("bench.e2e.client is jdk or blocking, not " + CLIENT);
        }
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        return body -> {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(events)
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(answer.statusCode(), answer.body());
        };
    }

    /**
     * One POST on the calling thread; the answer is read whole and its stream closed, so the
     * connection goes back to the JDK's keep-alive cache for the next.
     */
    private static Answer postBlocking(URI events, String body) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) events.toURL().openConnection();
        connection.setRequestMethod("POST");
        connection.setRequestProperty("Content-Type", "application/json");
        connection.setDoOutput(true);
        try (OutputStream out = connection.getOutputStream()) {
            out.write(body.getBytes(StandardCharsets.UTF_8));
        }
        int status = connection.getResponseCode();
        try (InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            return new Answer(status, in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private static void post(ServiceApi api, String path, String json) throws IOException, InterruptedException {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(api.base().resolve(path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 201) {
            throw new IllegalStateException("POST " + path + " answered " + answer.statusCode() + ": " + answer.body());
        }
    }

    /** Per phase of the progress reports' {@code durationMs}, the median over {@code reports}. */
    private static String medianDurations(List<String> reports) {
        String[] phases = {"triggerExecution", "latestOffset", "walCommit", "addBatch", "commitOffsets"};
        StringBuilder out = new StringBuilder();
        for (String phase : phases) {
            List<Long> values = new ArrayList<>();
            for (String report : reports) {
                Matcher m = DURATION.matcher(report == null ? "" : report);
                while (m.find()) {
                    if (m.group(1).equals(phase)) {
                        values.add(Long.parseLong(m.group(2)));
                    }
                }
            }
            out.append(out.isEmpty() ? "" : ", ").append(phase).append(' ')
                    .append(values.isEmpty() ? "-" : percentile(values, 0.5)).append(" ms");
        }
        return out.toString();
    }

    private static long percentile(List<Long> values, double fraction) {
        long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
    }

    /** A batch message that carried the awaited text: when it arrived, its batch, and its push time. */
    private record Arrival(long nanos, long batchId, long pushMicros) {
    }

    /** The query's live feed: completes the awaited text's future with the first batch message that has it. */
    private static final class Feed implements WebSocket.Listener {
        private static final Pattern BATCH_ID = Pattern.compile("\"batchId\":(\\d+)");
        private final StringBuilder message = new StringBuilder();
        private final CompletableFuture<Void> snapshot = new CompletableFuture<>();
        private final AtomicReference<Awaited> awaited = new AtomicReference<>();
        // batch id -> its progress message, the last few
        private final java.util.Map<Long, String> progress = java.util.Collections.synchronizedMap(
                new java.util.LinkedHashMap<>() {
                    @Override
                    protected boolean removeEldestEntry(java.util.Map.Entry<Long, String> eldest) {
                        return size() > 64;
                    }
                });

        private record Awaited(String text, CompletableFuture<Arrival> arrival) {
        }

        CompletableFuture<Arrival> await(String text) {
            CompletableFuture<Arrival> arrival = new CompletableFuture<>();
            awaited.set(new Awaited(text, arrival));
            return arrival;
        }

        void awaitSnapshot() throws Exception {
            snapshot.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }

        /** The progress message of {@code batchId}, which follows its batch message; null if it did not come in time. */
        String progressOfBatch(long batchId) throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            synchronized (progress) {
                while (!progress.containsKey(batchId) && System.nanoTime() < deadline) {
                    progress.wait(100);
                }
                return progress.get(batchId);
            }
        }

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            message.append(data);
            if (last) {
                long now = System.nanoTime();
                Instant wallNow = Instant.now();
                String text = message.toString();
                message.setLength(0);
                if (text.startsWith("{\"type\":\"snapshot\"")) {
                    snapshot.complete(null);
                } else if (text.startsWith("{\"type\":\"batch\"")) {
                    Awaited waiting = awaited.get();
                    if (waiting != null && text.contains(waiting.text()) && awaited.compareAndSet(waiting, null)) {
                        Matcher id = BATCH_ID.matcher(text);
                        Matcher at = TIMESTAMP.matcher(text);
                        long push = at.find() ? Duration.between(Instant.parse(at.group(1)), wallNow).toNanos() / 1_000
                                : -1;
                        waiting.arrival().complete(new Arrival(now, id.find() ? Long.parseLong(id.group(1)) : -1,
                                push));
                    }
                } else if (text.startsWith("{\"type\":\"progress\"")) {
                    Matcher id = BATCH_ID.matcher(text);
                    if (id.find()) {
                        synchronized (progress) {
                            progress.put(Long.parseLong(id.group(1)), text);
                            progress.notifyAll();
                        }
                    }
                }
            }
            socket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket socket, Throwable error) {
            snapshot.completeExceptionally(error);
            Awaited waiting = awaited.get();
            if (waiting != null) {
                waiting.arrival().completeExceptionally(error);
            }
        }
    }
}
