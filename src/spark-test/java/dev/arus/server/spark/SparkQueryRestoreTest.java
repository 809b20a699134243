package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusApplication;
import dev.arus.server.query.QueryRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * The whole service is closed and started again on the same data directory, as a deploy does:
 * a checkpointed Spark query comes back active under its id and goes on, on Spark, at the batch
 * after the last one it committed.
 */
class SparkQueryRestoreTest {

    @TempDir
    Path dataDir;

    @Test
    void bringsBackASparkQueryThatGoesOnFromItsCheckpoint() throws Exception {
        String id;
        long lastBatchBefore;
        try (ConfigurableApplicationContext service = start()) {
            RegistryEvents events = hear(service);
            ApiClient api = api(service);
            id = api.create("""
                    {"name": "restored-on-spark", "engine": "spark",
                     "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 5}},
                     "steps": [{"groupBy": {"keys": ["value % 2 AS parity"], "aggregations": ["count(*) AS n"]}}],
                     "outputMode": "update", "trigger": {"processingTime": "100 milliseconds"},
                     "sink": {"format": "noop"}, "checkpointLocation": "checkpoints/restored"}
                    """);
            events.awaitBatches(id, 3);
        }

        try (ConfigurableApplicationContext service = start()) {
            RegistryEvents events = hear(service);
            ApiClient api = api(service);
            JsonNode restored = api.query(id);
            assertThat(restored.path("state").asString()).isEqualTo("ACTIVE");
            assertThat(restored.path("spec").path("engine").asString()).isEqualTo("spark");
            events.awaitBatches(id, 2);
            JsonNode batches = api.get("/api/queries/" + id + "/batches?limit=1000").json();
            JsonNode progress = api.get("/api/queries/" + id + "/progress?limit=1000").json();
            lastBatchBefore = progress.get(0).path("batchId").asLong() - 1;
            assertThat(lastBatchBefore).as("the last batch committed before the restart").isGreaterThanOrEqualTo(2);
            assertThat(batches.get(0).path("batchId").asLong()).isEqualTo(lastBatchBefore + 1);
            long values = 0;
            for (JsonNode row : batches.get(0).path("rows")) {
                values += row.path("n").asLong();
            }
            assertThat(values).as("counts carried over in Spark's state: 5 rows a batch since batch 0")
                    .isEqualTo(5 * (lastBatchBefore + 2));
        }
    }

    /**
     * With {@code arus.engine.default=spark}, a spec that names no engine runs on Spark and its
     * query's spec names Spark; so, after a restart with the default back to Arus, the query comes
     * back on Spark, the engine its checkpoint belongs to.
     */
    @Test
    void aQueryMadeOnTheDefaultEngineStaysOnItWhenTheDefaultChanges() throws Exception {
        String id;
        try (ConfigurableApplicationContext service = start("--arus.engine.default=spark")) {
            RegistryEvents events = hear(service);
            ApiClient api = api(service);
            id = api.create("""
                    {"name": "on-the-default",
                     "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 5}},
                     "trigger": {"processingTime": "100 milliseconds"},
                     "sink": {"format": "noop"}, "checkpointLocation": "checkpoints/on-the-default"}
                    """);
            events.awaitBatches(id, 2);
            assertThat(api.query(id).path("spec").path("engine").asString()).isEqualTo("spark");
            assertThat(Files.readString(dataDir.resolve("checkpoints/on-the-default/metadata")))
                    .as("Spark's checkpoint metadata: the query id alone, no description of Arus's plan")
                    .contains(id).doesNotContain("plan.");
        }

        try (ConfigurableApplicationContext service = start()) {
            RegistryEvents events = hear(service);
            ApiClient api = api(service);
            assertThat(api.query(id).path("state").asString()).isEqualTo("ACTIVE");
            assertThat(api.query(id).path("spec").path("engine").asString()).isEqualTo("spark");
            events.awaitBatches(id, 1);
        }
    }

    private ConfigurableApplicationContext start(String... settings) {
        List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--arus.demo.enabled=false",
                "--arus.spark.master=local[2]", "--arus.engine.shuffle-partitions=2", "--arus.data-dir=" + dataDir));
        arguments.addAll(List.of(settings));
        return new SpringApplicationBuilder(ArusApplication.class).run(arguments.toArray(String[]::new));
    }

    private static RegistryEvents hear(ConfigurableApplicationContext service) {
        RegistryEvents events = new RegistryEvents();
        service.getBean(QueryRegistry.class).addListener(events);
        return events;
    }

    private static ApiClient api(ConfigurableApplicationContext service) {
        return new ApiClient(((WebServerApplicationContext) service).getWebServer().getPort());
    }
}
