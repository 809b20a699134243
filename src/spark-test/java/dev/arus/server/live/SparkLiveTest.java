package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A Spark query's results and progress reach a WebSocket client as an Arus query's do: a
 * snapshot on connect, then batch messages with the rows in the service's JSON (a window as
 * {@code {start, end}}) and progress messages with Spark's figures under the same names.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.spark.master=local[2]",
                "arus.engine.shuffle-partitions=2",
                "arus.limits.mutating-requests-per-minute=1000000",
                "arus.live.recent-batches=1000", "arus.engine.recent-progress=1000",
                "arus.data-dir=${java.io.tmpdir}/arus-spark-service-${random.uuid}"})
class SparkLiveTest {

    @LocalServerPort
    int port;

    @Test
    void pushesASparkQuerysWindowsAndProgressOverTheWebSocket() {
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "live-on-spark", "engine": "spark",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10, "advanceMillisPerBatch": 1000}},
                 "steps": [
                   {"withColumn": {"name": "event_time", "expr": "CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP)"}},
                   {"withWatermark": {"column": "event_time", "delay": "1 second"}},
                   {"groupBy": {"keys": ["window(event_time, '2 seconds')"], "aggregations": ["count(*) AS count"]}}
                 ],
                 "outputMode": "append", "trigger": {"processingTime": "100 milliseconds"},
                 "sink": {"format": "noop"}}
                """);
        try (LiveClient live = LiveClient.connect(port, id)) {
            assertThat(live.next().path("type").asString()).isEqualTo("snapshot");

            JsonNode windows = live.nextMatching(message -> LiveClient.ofType("batch").test(message)
                    && !message.path("rows").isEmpty());
            assertThat(windows.path("queryId").asString()).isEqualTo(id);
            JsonNode window = windows.path("rows").get(0).path("window");
            assertThat(window.path("start").asString()).endsWith("Z");
            assertThat(window.path("end").asString()).endsWith("Z");
            assertThat(windows.path("rows").get(0).path("count").asLong()).isPositive();

            JsonNode progress = live.nextMatching(LiveClient.ofType("progress"));
            assertThat(progress.toString()).contains("\"numInputRows\":10", "\"watermark\"");
        } finally {
            api.delete("/api/queries/" + id);
        }
    }
}
