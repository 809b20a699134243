package dev.arus.server.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * What operations see of the streams on the started service: Prometheus meters per stream and
 * per reading query, and a health component that names the streams whose disk is nearly full
 * (the real disk, with a threshold above its size standing for a full one).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.health.min-free-disk=1000000TB",
        "arus.data-dir=${java.io.tmpdir}/arus-stream-ops-${random.uuid}"})
class StreamOpsTest {

    @LocalServerPort
    int port;

    @Test
    void metersCountEventsBytesAndFsyncsPerStreamAndLagPerReadingQuery() {
        ApiClient api = new ApiClient(port);
        api.post("/api/streams", "{\"name\": \"clicks\", \"schema\": \"page STRING, at TIMESTAMP\"}");
        api.post("/api/streams/clicks/events", "[{\"page\": \"/\", \"at\": 1764583200}, {\"page\": \"/a\"}]");
        api.post("/api/streams/clicks/events", "[{\"page\": \"/b\"}]");
        api.create("""
                {"name": "slow-reader", "source": {"format": "stream", "options": {"stream": "clicks",
                 "startingOffsets": "earliest"}}, "trigger": {"processingTime": "1 hour"}, "sink": {"format": "noop"}}""");

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            String metrics = api.get("/actuator/prometheus").body();
            assertThat(metrics).contains("arus_stream_events_in_total{stream=\"clicks\"} 3.0");
            assertThat(metrics).containsPattern("arus_stream_in_bytes_total\\{stream=\"clicks\"} [1-9]");
            assertThat(metrics).as("a name that says its unit twice (issue 32)")
                    .doesNotContainPattern("(?m)^arus_\\w*(bytes|seconds)_\\w*_\\1(_\\w*)?[{ ]");
            assertThat(metrics).containsPattern("arus_stream_fsync_seconds_count\\{stream=\"clicks\"} 2(\\.0)?\\n");
            assertThat(metrics).containsPattern("arus_stream_size_bytes\\{stream=\"clicks\"} [1-9]");
            // Batch 0 ran at once and read all 3; nothing since, and the hourly trigger waits.
            assertThat(metrics).contains("arus_stream_lag_events{query=\"slow-reader\",stream=\"clicks\"} 0.0");
        });
        api.post("/api/streams/clicks/events", "[{\"page\": \"/c\"}, {\"page\": \"/d\"}]");
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            String metrics = api.get("/actuator/prometheus").body();
            assertThat(metrics).contains("arus_stream_lag_events{query=\"slow-reader\",stream=\"clicks\"} 2.0");
            assertThat(metrics).containsPattern(
                    "arus_stream_lag_seconds\\{query=\"slow-reader\",stream=\"clicks\"} [0-9.E-]+");
        });
    }

    @Test
    void healthNamesTheStreamsWhoseDiskIsNearlyFull() {
        ApiClient api = new ApiClient(port);
        api.post("/api/streams", "{\"name\": \"orders\", \"schema\": \"id STRING\"}");
        ApiClient.Response health = api.get("/actuator/health");
        JsonNode streams = health.json().path("components").path("streams");
        assertThat(health.status()).isEqualTo(503);
        assertThat(streams.path("status").asString()).isEqualTo("DOWN");
        assertThat(streams.path("details").path("diskNearlyFull").toString()).contains("orders");
        assertThat(streams.path("details").path("sizeBytes").has("orders")).isTrue();
    }
}
