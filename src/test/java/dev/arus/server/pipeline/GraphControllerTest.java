package dev.arus.server.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /api/graph} on the started service: a pipeline of a posted stream, a streaming table
 * and a windowed query over it, beside a generator writing files; each node once, each edge with
 * its rate from progress, and the lag of the query that reads the table.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.limits.mutating-requests-per-minute=1000000",
                "arus.data-dir=${java.io.tmpdir}/arus-graph-${random.uuid}"})
class GraphControllerTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Test
    void drawsWhoReadsAndWritesWhatWithRatesAndTheReadersLag() {
        ApiClient api = new ApiClient(port);
        api.post("/api/streams", "{\"name\": \"orders\", \"schema\": \"order_id STRING, amount DOUBLE, at TIMESTAMP\"}");
        String big = api.create("""
                {"name": "big-orders",
                 "sql": "CREATE STREAMING TABLE big AS SELECT order_id, amount, at FROM orders WHERE amount > 10",
                 "trigger": {"processingTime": "50 milliseconds"}}""");
        // Its first batch runs at once; the next in an hour: what the table gets meanwhile is its lag.
        String perMinute = api.create("""
                {"name": "big-per-minute",
                 "sql": "SELECT window(at, '1 minute') AS window, sum(amount) AS total FROM STREAM(big) WATERMARK at DELAY OF INTERVAL 0 SECONDS GROUP BY window(at, '1 minute')",
                 "trigger": {"processingTime": "1 hour"}, "sink": {"format": "memory"}}""");
        String ticks = api.create("""
                {"name": "ticks", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 5}},
                 "trigger": {"processingTime": "50 milliseconds"},
                 "sink": {"format": "json", "options": {"path": "out/ticks"}}, "checkpointLocation": "checkpoints/ticks"}""");
        await().atMost(DEADLINE).until(() -> api.query(perMinute).path("lastProgress").has("batchId"));
        api.post("/api/streams/orders/events", "[{\"order_id\": \"o-1\", \"amount\": 25, \"at\": \"2026-12-01T10:00:00Z\"},"
                + " {\"order_id\": \"o-2\", \"amount\": 5, \"at\": \"2026-12-01T10:00:01Z\"},"
                + " {\"order_id\": \"o-3\", \"amount\": 40, \"at\": \"2026-12-01T10:00:02Z\"}]");

        await().atMost(DEADLINE).until(() -> edge(api.get("/api/graph").json(), "stream:big", "query:" + perMinute)
                .map(reads -> reads.path("lagEvents").asLong() == 2).orElse(false));
        JsonNode graph = api.get("/api/graph").json();

        assertThat(node(graph, "stream:orders").path("detail").asString())
                .isEqualTo("order_id STRING, amount DOUBLE, at TIMESTAMP");
        assertThat(node(graph, "stream:big").path("kind").asString()).isEqualTo("stream");
        JsonNode bigQuery = node(graph, "query:" + big);
        assertThat(bigQuery.path("name").asString()).isEqualTo("big-orders");
        assertThat(bigQuery.path("state").asString()).isEqualTo("ACTIVE");
        assertThat(bigQuery.path("detail").asString()).as("its engine").isEqualTo("arus");
        assertThat(node(graph, "memory:big-per-minute").path("kind").asString()).isEqualTo("memory");
        assertThat(node(graph, "files:out/ticks").path("detail").asString()).isEqualTo("json files");
        assertThat(node(graph, "rate-micro-batch:" + ticks + ":in0").path("kind").asString()).isEqualTo("generator");

        JsonNode readsOrders = edge(graph, "stream:orders", "query:" + big).orElseThrow();
        assertThat(readsOrders.path("kind").asString()).isEqualTo("reads");
        assertThat(readsOrders.path("rowsPerSecond").asDouble()).as("3 rows in the last minute").isPositive();
        assertThat(readsOrders.path("lagEvents").asLong()).isZero();
        JsonNode writesBig = edge(graph, "query:" + big, "stream:big").orElseThrow();
        assertThat(writesBig.path("kind").asString()).isEqualTo("writes");
        assertThat(writesBig.path("rowsPerSecond").asDouble()).as("2 rows in the last minute").isPositive();
        JsonNode readsBig = edge(graph, "stream:big", "query:" + perMinute).orElseThrow();
        assertThat(readsBig.path("lagSeconds").asDouble()).isGreaterThanOrEqualTo(0);
        assertThat(readsBig.path("rowsPerSecond").asDouble()).as("it has not read them").isZero();
        assertThat(edge(graph, "query:" + perMinute, "memory:big-per-minute")).isPresent();
        assertThat(edge(graph, "rate-micro-batch:" + ticks + ":in0", "query:" + ticks)).isPresent();
        assertThat(edge(graph, "query:" + ticks, "files:out/ticks")).isPresent();
        assertThat(ids(graph.path("nodes"))).doesNotHaveDuplicates();
        assertThat(graph.path("edges")).hasSize(6);

        api.post("/api/queries/" + perMinute + "/stop");
        JsonNode stopped = api.get("/api/graph").json();
        assertThat(node(stopped, "query:" + perMinute).path("state").asString()).isEqualTo("STOPPED");
        assertThat(edge(stopped, "stream:big", "query:" + perMinute).orElseThrow().has("lagEvents"))
                .as("a stopped query reads nothing").isFalse();
        api.get("/api/queries").json().forEach(query -> api.delete("/api/queries/" + query.path("id").asString()));
        assertThat(api.get("/api/graph").json().path("edges")).isEmpty();
        assertThat(ids(api.get("/api/graph").json().path("nodes"))).containsExactly("stream:big", "stream:orders");
    }

    private static JsonNode node(JsonNode graph, String id) {
        for (JsonNode node : graph.path("nodes")) {
            if (node.path("id").asString().equals(id)) {
                return node;
            }
        }
        throw new AssertionError("no node " + id + " in " + graph);
    }

    private static Optional<JsonNode> edge(JsonNode graph, String from, String to) {
        for (JsonNode edge : graph.path("edges")) {
            if (edge.path("from").asString().equals(from) && edge.path("to").asString().equals(to)) {
                return Optional.of(edge);
            }
        }
        return Optional.empty();
    }

    private static List<String> ids(JsonNode nodes) {
        List<String> ids = new ArrayList<>();
        nodes.forEach(node -> ids.add(node.path("id").asString()));
        return ids;
    }
}
