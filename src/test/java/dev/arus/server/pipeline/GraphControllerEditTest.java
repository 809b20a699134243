package dev.arus.server.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /api/graph} keeps each query's nodes between calls: an edit that gives the query
 * another source and sink shows them on the next call, and the old ones are gone.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.limits.mutating-requests-per-minute=1000000",
                "arus.data-dir=${java.io.tmpdir}/arus-graph-edit-${random.uuid}"})
class GraphControllerEditTest {

    @LocalServerPort
    int port;

    private static String spec(String source, String sink) {
        return """
                {"name": "edited", "source": %s,
                 "trigger": {"processingTime": "1 hour"}, "sink": {"format": "%s"}}""".formatted(source, sink);
    }

    @Test
    void drawsAnEditedQueryWithItsNewSourceAndSink() {
        ApiClient api = new ApiClient(port);
        String id = api.create(spec("{\"format\": \"rate\"}", "noop"));
        assertThat(ids(api.get("/api/graph").json())).containsExactly("query:" + id, "rate:" + id + ":in0",
                "noop:" + id + ":out");

        ApiClient.Response edited = api.put("/api/queries/" + id,
                spec("{\"format\": \"rate-micro-batch\", \"options\": {\"rowsPerBatch\": 1}}", "console"));

        assertThat(edited.status()).as(edited.body()).isEqualTo(200);
        JsonNode graph = api.get("/api/graph").json();
        assertThat(ids(graph)).containsExactly("query:" + id, "rate-micro-batch:" + id + ":in0",
                "console:" + id + ":out");
        assertThat(graph.path("edges")).hasSize(2);
        api.deleteEveryQuery();
    }

    private static List<String> ids(JsonNode graph) {
        List<String> ids = new ArrayList<>();
        graph.path("nodes").forEach(node -> ids.add(node.path("id").asString()));
        return ids;
    }
}
