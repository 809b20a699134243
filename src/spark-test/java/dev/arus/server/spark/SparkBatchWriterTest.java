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
 * The foreachBatch wrapper writes each batch of a Spark query to the spec's file sink, in the
 * data directory, then hands the same batch to the live results: the rows in the files are the
 * rows {@code /batches} shows. One batch (a once trigger), so that no stop cuts between the two.
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
        } finally {
            api.delete("/api/queries/" + id + "?purge=true");
        }
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
