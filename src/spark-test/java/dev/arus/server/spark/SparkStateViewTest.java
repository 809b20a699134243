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
 * The state views of a query on Spark read its checkpoint through Spark's own
 * {@code state-metadata} and {@code statestore} sources; for the same spec over the same files,
 * they answer what Arus's reader answers for Arus's run: the operators, the rows of the last
 * batch and of an earlier one, and the change feed between them.
 */
@SparkService
class SparkStateViewTest {

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
        OrderFiles.write(dataDirectory.resolve("drops/state-orders"));
    }

    /** Runs the spec on {@code engine} to its end, three batches of a file each, and returns the query's id. */
    private String run(ApiClient api, String engine) throws InterruptedException {
        String name = "state-view-" + engine;
        String id = create(api, engine, name);
        events.awaitRunsEnded(id, 1);
        return id;
    }

    private static String create(ApiClient api, String engine, String name) {
        return api.create("""
                {"name": "%s", "engine": "%s",
                 "source": {"format": "json", "schema": "%s",
                            "options": {"path": "drops/state-orders", "maxFilesPerTrigger": 1}},
                 "steps": [{"groupBy": {"keys": ["category"],
                            "aggregations": ["count(*) AS orders", "sum(amount) AS revenue"]}}],
                 "outputMode": "update", "trigger": {"availableNow": true},
                 "sink": {"format": "noop"}, "checkpointLocation": "checkpoints/%s"}
                """.formatted(name, engine, OrderFiles.SCHEMA, name));
    }

    @Test
    void aSparkQuerysStateReadsAsArussReaderReadsTheSameSpecsState() throws Exception {
        ApiClient api = new ApiClient(port);
        String spark = run(api, "spark");
        String arus = run(api, "arus");
        try {
            JsonNode operators = api.get("/api/queries/" + spark + "/state").json();
            assertThat(operators).singleElement().satisfies(operator -> {
                assertThat(operator.path("operatorName").asString()).isEqualTo("stateStoreSave");
                assertThat(operator.path("stateStoreName").asString()).isEqualTo("default");
                assertThat(operator.path("maxBatchId").asLong()).isEqualTo(2);
                assertThat(operator.path("numRowsTotal").asLong()).isEqualTo(2);
            });
            assertThat(operators).isEqualTo(api.get("/api/queries/" + arus + "/state").json());

            for (String read : List.of("", "?batchId=0", "?partition=1",
                    "?readChangeFeed=true&changeStartBatchId=1&changeEndBatchId=2")) {
                String onSpark = rows(api, spark, read);
                assertThat(onSpark).as(read).isEqualTo(rows(api, arus, read)).contains("\"key\":{");
            }
            assertThat(rows(api, spark, "")).as("Spark's pmod(hash(category), 2)")
                    .contains("{\"key\":{\"category\":\"books\"},\"value\":{\"count\":4,\"sum\":45.0},\"partition_id\":0}");
        } finally {
            api.delete("/api/queries/" + spark);
            api.delete("/api/queries/" + arus);
        }
    }

    @Test
    void aQueryOnBothEnginesShowsEachEnginesStateSideBySide() throws Exception {
        ApiClient api = new ApiClient(port);
        String both = create(api, "both", "state-view-both");
        try {
            events.awaitRunsEnded(both, 1);
            events.awaitCompared(both, 3); // Spark's run goes on to its own end, a file per batch

            assertThat(api.get("/api/queries/" + both + "/state?engine=spark").json())
                    .isEqualTo(api.get("/api/queries/" + both + "/state?engine=arus").json())
                    .isEqualTo(api.get("/api/queries/" + both + "/state").json());
            assertThat(rows(api, both, "?engine=spark")).isEqualTo(rows(api, both, "?engine=arus"))
                    .contains("\"partition_id\":");
            var refused = api.get("/api/queries/" + both + "/state?engine=flink");
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.body()).contains("arus or spark");
        } finally {
            api.delete("/api/queries/" + both);
        }
    }

    @Test
    void anUnknownOperatorOfASparkQueryIsNotFound() throws Exception {
        ApiClient api = new ApiClient(port);
        String spark = run(api, "spark");
        try {
            var answer = api.get("/api/queries/" + spark + "/state/7");
            assertThat(answer.status()).isEqualTo(404);
            assertThat(answer.json().path("errorClass").asString()).isEqualTo("STATE_OPERATOR_NOT_FOUND");
        } finally {
            api.delete("/api/queries/" + spark);
        }
    }

    /** The page's batch id and its rows, sorted, one per line. */
    private static String rows(ApiClient api, String id, String read) {
        JsonNode page = api.get("/api/queries/" + id + "/state/0" + read).json();
        List<String> sorted = new ArrayList<>();
        page.path("rows").forEach(row -> sorted.add(row.toString()));
        sorted.sort(null);
        return "batch " + page.path("batchId").asLong() + "\n" + String.join("\n", sorted);
    }
}
