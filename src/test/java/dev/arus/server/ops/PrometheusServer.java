package dev.arus.server.ops;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real Prometheus ({@link PrometheusTools}) that scrapes a service on this machine every second,
 * with the shipped alert rules, its data in a temporary directory. Closing it stops it and deletes
 * the directory.
 */
final class PrometheusServer implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Path RULES = Path.of("ops/prometheus/alerts.yml").toAbsolutePath();

    private final Path directory;
    private final Process process;
    private final URI base;
    private final HttpClient http = HttpClient.newHttpClient();

    private PrometheusServer(Path directory, Process process, int port) {
        this.directory = directory;
        this.process = process;
        this.base = URI.create("http://127.0.0.1:" + port);
    }

    /** Starts Prometheus scraping {@code /actuator/prometheus} at {@code localhost:servicePort}; waits until it is ready. */
    static PrometheusServer scraping(int servicePort) throws IOException, InterruptedException {
        Path binary = PrometheusTools.require("prometheus");
        Path directory = Files.createTempDirectory("arus-prometheus-");
        Files.writeString(directory.resolve("prometheus.yml"), """
                global: {scrape_interval: 1s, evaluation_interval: 1s}
                rule_files: ["%s"]
                scrape_configs:
                  - job_name: arus
                    metrics_path: /actuator/prometheus
                    static_configs: [{targets: ["localhost:%d"]}]
                """.formatted(RULES, servicePort));
        int port = freePort();
        Process process = new ProcessBuilder(binary.toString(), "--config.file=prometheus.yml",
                "--storage.tsdb.path=data", "--web.listen-address=127.0.0.1:" + port)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve("prometheus.log").toFile())
                .start();
        PrometheusServer server = new PrometheusServer(directory, process, port);
        server.awaitReady();
        return server;
    }

    /** Waits until Prometheus holds {@code count} scrapes of the service, each with every sample it had. */
    void awaitScrapes(int count) throws IOException, InterruptedException {
        String scrapes = "count_over_time(up{job=\"arus\"}[1m]) >= " + count;
        try {
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                    .until(() -> !query(scrapes).isEmpty());
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("Prometheus did not scrape the service " + count + " times in 30 s:\n" + log());
        }
    }

    /** The result vector of an instant query at the present time; throws, with Prometheus's error, when it is refused. */
    JsonNode query(String promql) throws IOException, InterruptedException {
        URI uri = base.resolve("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode answer = JSON.readTree(response.body());
        if (!"success".equals(answer.path("status").asString())) {
            throw new IllegalArgumentException(answer.path("errorType").asString() + ": "
                    + answer.path("error").asString());
        }
        return answer.path("data").path("result");
    }

    @Override
    public void close() throws IOException, InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        }
    }

    private void awaitReady() throws IOException, InterruptedException {
        HttpRequest ready = HttpRequest.newBuilder(base.resolve("/-/ready")).timeout(Duration.ofSeconds(2)).build();
        try {
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                    .until(() -> !process.isAlive() || isReady(ready));
        } catch (ConditionTimeoutException e) {
            // reported below with the log
        }
        if (!process.isAlive() || !isReady(ready)) {
            String log = log();
            close();
            throw new AssertionError("Prometheus did not become ready:\n" + log);
        }
    }

    private boolean isReady(HttpRequest ready) {
        try {
            return http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException notYetListening) {
            // Prometheus opens its port a moment after it starts.
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private String log() throws IOException {
        return Files.readString(directory.resolve("prometheus.log"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
