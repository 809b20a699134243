package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A query on both engines ({@code "engine": "both"}) runs on Arus and, beside it, on Spark; the
 * service compares their outputs batch by batch and shows how they compare in the query's view
 * and in the metrics. Stopping the query stops both.
 */
@SparkService
class SideBySideQueryTest {

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    @Autowired
    SparkSessions spark;

    private final RegistryEvents events = new RegistryEvents();

    @BeforeEach
    void hear() {
        registry.addListener(events);
        spark.newSession(); // Spark starts at its first query: here, not within a request's time
    }

    @Test
    void comparesTheChaptersQueryOnBothEnginesBatchByBatchAndFindsNoDifference() throws Exception {
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
        try {
            JsonNode comparison = api.query(id).path("comparison");
            long deadline = System.nanoTime() + 120_000_000_000L;
            int seen = 1;
            while (comparison.path("batchesCompared").asLong() < 5) {
                assertThat(System.nanoTime()).as("5 batches compared within 2 minutes").isLessThan(deadline);
                events.awaitBatches(id, ++seen); // the next Arus batch, compared once Spark's same batch came
                comparison = api.query(id).path("comparison");
            }
            assertThat(comparison.path("batchesDiffering").asLong()).as(comparison.toString()).isZero();
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
    void refusesACheckpointOnBothEngines() {
        ApiClient.Response response = new ApiClient(port).post("/api/queries", """
                {"name": "both-checkpointed", "engine": "both", "source": {"format": "rate"},
                 "sink": {"format": "noop"}, "checkpointLocation": "checkpoints/both"}
                """);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("pointer").asString()).isEqualTo("/checkpointLocation");
    }
}
