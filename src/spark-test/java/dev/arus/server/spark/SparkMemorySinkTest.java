package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The {@code memory} sink on Spark is Spark's own memory sink in the service, Spark's driver:
 * {@code /table} pages through it as through Arus's, and for the same spec over the same files
 * both engines' tables hold the same rows (added batch after batch in append mode, the last
 * batch's alone in complete mode). Its row limit is Arus's. A query on both engines takes the
 * memory sink too: Arus's run writes the table, and the two engines' batches are compared.
 */
@SparkService
class SparkMemorySinkTest {

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    @Autowired
    DataDirectory dataDirectory;

    private final RegistryEvents events = new RegistryEvents();

    @BeforeEach
    void hear() throws Exception {
        registry.addListener(events);
        OrderFiles.write(dataDirectory.resolve("drops/memory-orders"));
    }

    private static String spec(String name, String engine, String steps, String outputMode) {
        return """
                {"name": "%s", "engine": "%s",
                 "source": {"format": "json", "schema": "%s",
                            "options": {"path": "drops/memory-orders", "maxFilesPerTrigger": 1}},
                 "steps": %s, "outputMode": "%s", "trigger": {"availableNow": true},
                 "sink": {"format": "memory"}}
                """.formatted(name, engine, OrderFiles.SCHEMA, steps, outputMode);
    }

    /** Runs the spec on {@code engine} to its end (three batches, a file each) and returns its table's rows, sorted. */
    private List<String> table(ApiClient api, String name, String engine, String steps, String outputMode)
            throws InterruptedException {
        String id = api.create(spec(name, engine, steps, outputMode));
        try {
            events.awaitRunsEnded(id, 1);
            JsonNode page = api.get("/api/queries/" + id + "/table?limit=1000").json();
            List<String> rows = new ArrayList<>();
            page.path("rows").forEach(row -> rows.add(row.toString()));
            assertThat(page.path("numRows").asLong()).isEqualTo(rows.size());
            rows.sort(null);
            return rows;
        } finally {
            api.delete("/api/queries/" + id);
        }
    }

    @Test
    void sparksMemoryTableHoldsEveryBatchsRowsInAppendModeAsArussDoes() throws Exception {
        ApiClient api = new ApiClient(port);
        String steps = """
                [{"filter": "amount > 5"}, {"selectExpr": ["order_id", "upper(category) AS category"]}]""";
        List<String> spark = table(api, "memory-append-spark", "spark", steps, "append");
        List<String> arus = table(api, "memory-append-arus", "arus", steps, "append");

        assertThat(spark).as("orders 3 to 11, amount above 5").hasSize(9)
                .contains("{\"order_id\":3,\"category\":\"BOOKS\"}");
        assertThat(spark).containsExactlyElementsOf(arus);
    }

    @Test
    void sparksMemoryTableHoldsTheLastBatchAloneInCompleteModeAsArussDoes() throws Exception {
        ApiClient api = new ApiClient(port);
        String steps = """
                [{"groupBy": {"keys": ["category"], "aggregations": ["count(*) AS orders", "sum(amount) AS revenue"]}}]""";
        List<String> spark = table(api, "memory-complete-spark", "spark", steps, "complete");
        List<String> arus = table(api, "memory-complete-arus", "arus", steps, "complete");

        assertThat(spark).containsExactly("{\"category\":\"books\",\"orders\":4,\"revenue\":45.0}",
                "{\"category\":\"games\",\"orders\":8,\"revenue\":120.0}");
        assertThat(spark).containsExactlyElementsOf(arus);
    }

    @Test
    void aBatchThatWouldOverfillTheTableFailsTheSparkQueryWithArussErrorClass() throws Exception {
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "memory-overfilled-spark", "engine": "spark",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 100001}},
                 "steps": [{"select": ["value"]}], "trigger": {"once": true},
                 "sink": {"format": "memory"}}
                """);
        try {
            events.awaitRunsEnded(id, 1);
            JsonNode query = api.query(id);
            assertThat(query.path("state").asString()).isEqualTo("FAILED");
            assertThat(query.path("exception").path("message").asString())
                    .contains("MEMORY_SINK_ROWS_LIMIT_EXCEEDED", "100001 rows", "limit of 100000");
            assertThat(api.get("/api/queries/" + id + "/table").json().path("numRows").asLong()).isZero();
        } finally {
            api.delete("/api/queries/" + id);
        }
    }

    @Test
    void aQueryOnBothEnginesWritesArussMemoryTableAndComparesEveryBatch() throws Exception {
        ApiClient api = new ApiClient(port);
        String id = api.create(spec("memory-both", "both", """
                [{"groupBy": {"keys": ["category"], "aggregations": ["count(*) AS orders"]}}]""", "complete"));
        try {
            events.awaitRunsEnded(id, 1);
            events.awaitCompared(id, 3); // Spark's run goes on to its own end, a file per batch
            JsonNode table = api.get("/api/queries/" + id + "/table").json();
            assertThat(table.path("rows").toString()).contains("{\"category\":\"books\",\"orders\":4}",
                    "{\"category\":\"games\",\"orders\":8}");
            JsonNode comparison = api.query(id).path("comparison");
            assertThat(comparison.path("verdict").asString()).as(comparison.toString()).isEqualTo("AGREE");
            assertThat(comparison.path("arusBatches").asLong()).isEqualTo(3);
            assertThat(comparison.path("sparkBatches").asLong()).isEqualTo(3);
            assertThat(comparison.path("batchesCompared").asLong()).isEqualTo(3);
            assertThat(comparison.path("batchesDiffering").asLong()).isZero();
        } finally {
            api.delete("/api/queries/" + id);
        }
    }
}
