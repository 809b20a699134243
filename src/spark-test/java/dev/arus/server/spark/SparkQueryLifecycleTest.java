package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A Spark query through the service as any other: shown with its engine, status and Spark's
 * progress, and on the pipelines graph with the rows per second it reads; stopped and started
 * again on its checkpoint, in Spark's format, where it goes on from the next batch under the same
 * id; counted in the Prometheus metrics under its name; and deleted with its checkpoint.
 */
@SparkService
class SparkQueryLifecycleTest {

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    @Autowired
    DataDirectory dataDirectory;

    private final RegistryEvents events = new RegistryEvents();

    @BeforeEach
    void hear() {
        registry.addListener(events);
    }

    @Test
    void stopsAndStartsOnItsCheckpointGoingOnUnderTheSameId() throws Exception {
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "lifecycle", "engine": "spark",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 5}},
                 "steps": [{"groupBy": {"keys": ["value % 2 AS parity"], "aggregations": ["count(*) AS n"]}}],
                 "outputMode": "update", "trigger": {"processingTime": "100 milliseconds"},
                 "sink": {"format": "noop"}, "checkpointLocation": "checkpoints/lifecycle"}
                """);
        events.awaitBatches(id, 3);

        JsonNode active = api.query(id);
        assertThat(active.path("state").asString()).isEqualTo("ACTIVE");
        assertThat(active.path("spec").path("engine").asString()).isEqualTo("spark");
        assertThat(active.path("lastProgress").path("id").asString()).isEqualTo(id);
        assertThat(active.path("lastProgress").path("stateOperators").get(0).path("operatorName").asString())
                .isEqualTo("stateStoreSave");
        Path checkpoint = dataDirectory.resolve("checkpoints/lifecycle");
        assertThat(Files.readString(checkpoint.resolve("metadata"))).contains(id);
        assertThat(checkpoint.resolve("offsets")).isDirectory();
        assertThat(checkpoint.resolve("commits")).isDirectory();
        String firstRun = active.path("runId").asString();
        JsonNode reads = null;
        for (JsonNode edge : api.get("/api/graph").json().path("edges")) {
            if (edge.path("kind").asString().equals("reads") && edge.path("to").asString().equals("query:" + id)) {
                reads = edge;
            }
        }
        assertThat(reads).isNotNull();
        assertThat(reads.path("rowsPerSecond").asDouble()).as("rows from Spark's kept reports").isPositive();

        assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
        JsonNode stopped = api.query(id);
        assertThat(stopped.path("state").asString()).isEqualTo("STOPPED");
        long lastBatch = stopped.path("lastProgress").path("batchId").asLong();

        assertThat(api.post("/api/queries/" + id + "/start").status()).isEqualTo(200);
        events.awaitBatches(id, events.outputs(id) + 2);
        JsonNode again = api.query(id);
        assertThat(again.path("runId").asString()).isNotEqualTo(firstRun);
        JsonNode progress = api.get("/api/queries/" + id + "/progress?limit=100").json();
        JsonNode firstOfNewRun = null;
        for (JsonNode report : progress) {
            if (report.path("runId").asString().equals(again.path("runId").asString())) {
                firstOfNewRun = report;
                break;
            }
        }
        assertThat(firstOfNewRun).isNotNull();
        // Spark's stop interrupts the batch in flight; one that had committed but not yet reported its
        // progress is not run again, so the new run starts right after the last report or one later.
        assertThat(firstOfNewRun.path("batchId").asLong()).isBetween(lastBatch + 1, lastBatch + 2);
        assertThat(firstOfNewRun.path("id").asString()).isEqualTo(id);

        String metrics = api.get("/actuator/prometheus").body();
        assertThat(metrics).containsPattern("arus_query_batches_total\\{[^}]*query=\"lifecycle\"[^}]*\\} [1-9]");

        assertThat(api.delete("/api/queries/" + id + "?purge=true").status()).isEqualTo(204);
        assertThat(api.names()).doesNotContain("lifecycle");
        assertThat(checkpoint).doesNotExist();
    }
}
