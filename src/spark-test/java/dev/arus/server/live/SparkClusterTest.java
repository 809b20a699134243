package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.spark.SparkStandalone;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The service as the driver of a real Spark standalone cluster on loopback: a master, a worker
 * and the service are JVMs of their own (Spark allows one driver per JVM, and this test JVM has
 * one already). A Spark query's windows and progress arrive over the WebSocket; its worker is
 * killed mid-run and another started, and the query goes on from where it was.
 */
class SparkClusterTest {

    @Test
    void runsOnAStandaloneClusterAndGoesOnAfterItsWorkerIsKilled() throws Exception {
        Path dataDir = Files.createTempDirectory("arus-spark-cluster-");
        int port = SparkStandalone.freePort();
        try (SparkStandalone cluster = SparkStandalone.start()) {
            cluster.startWorker();
            try (SparkStandalone.Node service = cluster.startService(port, dataDir)) {
                ApiClient api = new ApiClient(port);
                String id = api.create("""
                        {"name": "on-a-cluster", "engine": "spark",
                         "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10, "advanceMillisPerBatch": 1000}},
                         "steps": [
                           {"withColumn": {"name": "event_time", "expr": "CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP)"}},
                           {"withWatermark": {"column": "event_time", "delay": "1 second"}},
                           {"groupBy": {"keys": ["window(event_time, '2 seconds')"], "aggregations": ["count(*) AS count"]}}
                         ],
                         "outputMode": "append", "trigger": {"processingTime": "500 milliseconds"},
                         "sink": {"format": "noop"}, "checkpointLocation": "checkpoints/on-a-cluster"}
                        """);
                // The first batch waits for the application's executor: timing live messages
                // from its launch, not from the query's creation, leaves a slow machine its
                // executor's start.
                cluster.awaitMasterLine("Registering app arus");
                cluster.awaitWorkerLine("Asked to launch executor");
                long before;
                try (LiveClient live = LiveClient.connect(port, id)) {
                    JsonNode windows = live.nextMatching(message -> LiveClient.ofType("batch").test(message)
                            && !message.path("rows").isEmpty());
                    assertThat(windows.path("rows").get(0).path("count").asLong()).isPositive();
                    JsonNode progress = live.nextMatching(LiveClient.ofType("progress"));
                    assertThat(progress.toString()).contains("\"numInputRows\":10");
                    before = windows.path("batchId").asLong();
                }
                cluster.killWorker();
                cluster.startWorker();
                cluster.awaitWorkerLine("Asked to launch executor"); // the query's new executor, on the new worker

                try (LiveClient live = LiveClient.connect(port, id)) {
                    JsonNode later = live.nextMatching(message -> LiveClient.ofType("batch").test(message)
                            && message.path("batchId").asLong() > before + 3);
                    assertThat(later.path("queryId").asString()).isEqualTo(id);
                }
                assertThat(api.query(id).path("state").asString()).as(String.join("\n", service.output()))
                        .isEqualTo("ACTIVE");
            }
        }
    }
}
