package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.live.LiveClient;
import dev.arus.server.query.EngineComparison;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A query on both engines ({@code "engine": "both"}) runs on Arus and, beside it, on Spark; the
 * service compares their outputs batch by batch, pushes each new comparison over the WebSocket
 * and shows it in the query's view and in the metrics. Stopping the query stops both. It takes
 * any sink, which Arus's run alone writes, and a checkpoint: Spark's run keeps its own inside
 * it, so that after a stop both go on from the same batch.
 */
@SparkService
class SideBySideQueryTest {

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    @Autowired
    SparkSessions spark;

    @Autowired
    DataDirectory dataDirectory;

    private final RegistryEvents events = new RegistryEvents();

    @BeforeEach
    void hear() {
        registry.addListener(events);
        spark.newSession(); // Spark starts at its first query: here, not within a request's time
    }

    @Test
    void comparesTheChaptersQueryOnBothEnginesBatchByBatchAndPushesEachComparison() {
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "side-by-side", "engine": "both",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10, "advanceMillisPerBatch": 1000}},
                 "steps": [
                   {"withColumn": {"name": "event_time", "expr": "CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP)"}},
                   {"withWatermark": {"column": "event_time", "delay": "1 second"}},
                   {"groupBy": {"keys": ["window(event_time, '2 seconds')"], "aggregations": ["count(*) AS count"]}}
                 ],
                 "outputMode": "append", "trigger": {"processingTime": "200 milliseconds"},
                 "sink": {"format": "noop"}}
                """);
        try (LiveClient live = LiveClient.connect(port, id)) {
            JsonNode pushed = live.nextMatching(message -> LiveClient.ofType("comparison").test(message)
                    && message.path("comparison").path("batchesCompared").asLong() >= 5).path("comparison");
            assertThat(pushed.path("verdict").asString()).as(pushed.toString()).isEqualTo("AGREE");
            assertThat(pushed.path("batchesDiffering").asLong()).isZero();
            assertThat(pushed.path("arusBatches").asLong()).isGreaterThanOrEqualTo(5);
            assertThat(pushed.path("sparkBatches").asLong()).isGreaterThanOrEqualTo(5);
            assertThat(api.query(id).path("spec").path("engine").asString()).isEqualTo("both");
            assertThat(api.get("/actuator/prometheus").body())
                    .containsPattern("arus_query_engine_batches_compared\\{[^}]*query=\"side-by-side\"[^}]*\\} [1-9]")
                    .containsPattern("arus_query_engine_batches_differing\\{[^}]*query=\"side-by-side\"[^}]*\\} 0");

            assertThat(spark.activeQueryNames()).contains("side-by-side");
            assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
            assertThat(api.query(id).path("state").asString()).isEqualTo("STOPPED");
            assertThat(spark.activeQueryNames()).as("Spark's run beside it").doesNotContain("side-by-side");
        } finally {
            api.delete("/api/queries/" + id);
        }
    }

    @Test
    void aCheckpointedQueryOnBothEnginesWritesItsFileSinkOnArusAndGoesOnFromTheSameBatchAfterAStop()
            throws Exception {
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "both-checkpointed", "engine": "both",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 4}},
                 "steps": [{"selectExpr": ["value", "value % 2 AS parity"]}],
                 "trigger": {"processingTime": "200 milliseconds"},
                 "sink": {"format": "json", "options": {"path": "out/both-json"}},
                 "checkpointLocation": "checkpoints/both"}
                """);
        try {
            events.awaitCompared(id, 2);
            assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
            long lastOfFirstRun = api.get("/api/queries/" + id + "/batches?limit=1").json().get(0)
                    .path("batchId").asLong();

            assertThat(api.post("/api/queries/" + id + "/start").status()).isEqualTo(200);
            EngineComparison.Summary second = events.awaitCompared(id, 2);
            assertThat(second.verdict()).as(second.toString()).isEqualTo(EngineComparison.Verdict.AGREE);
            JsonNode latest = api.get("/api/queries/" + id + "/batches?limit=1").json().get(0);
            assertThat(latest.path("batchId").asLong()).as("the second run went on").isGreaterThan(lastOfFirstRun);

            assertThat(dataDirectory.resolve("checkpoints/both/commits")).isDirectory();
            assertThat(dataDirectory.resolve("checkpoints/both/" + "spark-beside/commits"))
                    .as("Spark's checkpoint beside Arus's").isDirectory();
            try (var logged = Files.list(dataDirectory.resolve("out/both-json/_spark_metadata"))) {
                assertThat(logged.count()).as("Arus's run writes the json sink").isPositive();
            }
        } finally {
            api.delete("/api/queries/" + id + "?purge=true");
        }
    }

    @Test
    void aNewRunsSnapshotShowsItsOwnComparisonRatherThanTheLastRuns() throws Exception {
        Path drops = dataDirectory.resolve("drops/both-runs");
        Files.createDirectories(drops);
        for (int file = 0; file < 2; file++) {
            Path written = Files.write(drops.resolve("values-" + file + ".json"), List.of("{\"value\":" + file + "}"));
            // one file per batch in the order of their times, which both engines follow
            Files.setLastModifiedTime(written, FileTime.fromMillis(1_790_000_000_000L + file * 60_000L));
        }
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "both-runs", "engine": "both",
                 "source": {"format": "json", "schema": "value INT",
                            "options": {"path": "drops/both-runs", "maxFilesPerTrigger": 1}},
                 "trigger": {"availableNow": true}, "sink": {"format": "noop"},
                 "checkpointLocation": "checkpoints/both-runs"}
                """);
        try {
            events.awaitRunsEnded(id, 1);
            EngineComparison.Summary first = events.awaitCompared(id, 2);
            assertThat(first.verdict()).as(first.toString()).isEqualTo(EngineComparison.Verdict.AGREE);

            // The checkpoint holds both files: the second run has nothing to read and compares nothing.
            assertThat(api.post("/api/queries/" + id + "/start").status()).isEqualTo(200);
            events.awaitRunsEnded(id, 2);
            try (LiveClient live = LiveClient.connect(port, id)) {
                JsonNode comparison = live.next().path("query").path("comparison");
                assertThat(comparison.path("verdict").asString()).as(comparison.toString())
                        .isEqualTo("NOT_YET_COMPARED");
                assertThat(comparison.path("arusBatches").asLong()).isZero();
            }
        } finally {
            api.delete("/api/queries/" + id + "?purge=true");
        }
    }
}
