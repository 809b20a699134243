package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The foreachBatch wrapper writes each batch of a Spark query to the spec's file sink, Spark's own
 * {@code FileStreamSink}, in the data directory, then hands the same batch to the live results:
 * the rows in the files the sink's {@code _spark_metadata} log lists are the rows {@code /batches}
 * shows. One batch (a once trigger), so that no stop cuts between the two. The spec's
 * {@code partitionBy} lays the files out in {@code col=value} directories, and a file sink outside
 * append mode is refused as Spark refuses it.
 */
@SparkService
class SparkBatchWriterTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

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
    void writesEachBatchToTheJsonSinkAndTheLiveResults() throws Exception {
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "to-json-on-spark", "engine": "spark",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10}},
                 "steps": [{"selectExpr": ["value", "value * 10 AS tenfold"]}, {"filter": "value % 2 = 0"}],
                 "trigger": {"once": true},
                 "sink": {"format": "json", "options": {"path": "out/spark-json"}},
                 "checkpointLocation": "checkpoints/spark-json"}
                """);
        try {
            events.awaitBatches(id, 1);

            JsonNode batches = api.get("/api/queries/" + id + "/batches?limit=1000").json();
            List<Long> shown = new ArrayList<>();
            batches.forEach(batch -> batch.path("rows").forEach(row -> {
                assertThat(row.path("tenfold").asLong()).isEqualTo(row.path("value").asLong() * 10);
                shown.add(row.path("value").asLong());
            }));
            assertThat(shown).containsExactlyInAnyOrder(0L, 2L, 4L, 6L, 8L);
            assertThat(written(dataDirectory.resolve("out/spark-json"))).containsExactlyInAnyOrderElementsOf(shown);
            assertThat(logged(dataDirectory.resolve("out/spark-json"))).as("the files _spark_metadata/0 lists")
                    .containsExactlyInAnyOrderElementsOf(shown);
        } finally {
            api.delete("/api/queries/" + id + "?purge=true");
        }
    }

    @Test
    void laysTheJsonSinkOutByItsPartitionColumnsAndListsEachFileInTheLog() throws Exception {
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "partitioned-on-spark", "engine": "spark",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 6}},
                 "steps": [{"selectExpr": ["value", "value % 2 AS parity"]}],
                 "trigger": {"once": true},
                 "sink": {"format": "json", "options": {"path": "out/spark-partitioned"}, "partitionBy": ["parity"]},
                 "checkpointLocation": "checkpoints/spark-partitioned"}
                """);
        try {
            events.awaitBatches(id, 1);

            Path out = dataDirectory.resolve("out/spark-partitioned");
            assertThat(written(out.resolve("parity=0"))).containsExactlyInAnyOrder(0L, 2L, 4L);
            assertThat(written(out.resolve("parity=1"))).containsExactlyInAnyOrder(1L, 3L, 5L);
            assertThat(logged(out)).containsExactlyInAnyOrder(0L, 1L, 2L, 3L, 4L, 5L);
        } finally {
            api.delete("/api/queries/" + id + "?purge=true");
        }
    }

    @Test
    void refusesAFileSinkInCompleteModeAtTheOutputModeAsSparkDoes() {
        ApiClient.Response refused = new ApiClient(port).post("/api/queries", """
                {"name": "json-complete-on-spark", "engine": "spark",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 6}},
                 "steps": [{"groupBy": {"keys": ["value % 2 AS parity"], "aggregations": ["count(*) AS n"]}}],
                 "outputMode": "complete",
                 "sink": {"format": "json", "options": {"path": "out/spark-complete"}},
                 "checkpointLocation": "checkpoints/spark-complete"}
                """);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().path("pointer").asString()).isEqualTo("/outputMode");
        assertThat(refused.json().path("errorClass").asString())
                .isEqualTo("STREAMING_OUTPUT_MODE.UNSUPPORTED_DATASOURCE");
        assertThat(refused.json().path("detail").asString()).contains("json", "Complete output mode");
    }

    /** The values of the rows in the files that the sink's log, {@code _spark_metadata/0}, lists. */
    private static List<Long> logged(Path directory) throws Exception {
        List<String> lines = Files.readAllLines(directory.resolve("_spark_metadata/0"));
        assertThat(lines.get(0)).isEqualTo("v1");
        List<Long> values = new ArrayList<>();
        for (String entry : lines.subList(1, lines.size())) {
            Path file = Path.of(java.net.URI.create(JSON.readTree(entry).path("path").asString()));
            for (String line : Files.readAllLines(file)) {
                values.add(JSON.readTree(line).path("value").asLong());
            }
        }
        return values;
    }

    /** The values of the rows in the sink's JSON files. */
    private static List<Long> written(Path directory) throws Exception {
        List<Long> values = new ArrayList<>();
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.filter(path -> path.getFileName().toString().endsWith(".json")).toList()) {
                for (String line : Files.readAllLines(file)) {
                    values.add(JSON.readTree(line).path("value").asLong());
                }
            }
        }
        return values;
    }
}
