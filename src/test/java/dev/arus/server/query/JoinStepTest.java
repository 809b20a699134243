package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The spec's {@code join} and {@code alias} steps on the started service: orders posted to a
 * stream joined with a catalogue file under the data directory, and the mistakes refused with
 * a pointer into the spec.
 */
@StartedService
class JoinStepTest {

    @LocalServerPort
    int port;

    @Autowired
    ArusProperties properties;

    private ApiClient api() {
        return new ApiClient(port);
    }

    @AfterEach
    void deleteEverything() {
        ApiClient api = api();
        api.get("/api/queries").json().forEach(query -> api.delete("/api/queries/" + query.path("id").asString()));
        api.get("/api/streams").json().forEach(stream -> api.delete("/api/streams/" + stream.path("name").asString()));
    }

    private static String joinQuery(String on, String how) {
        return joinQuery("tables/catalogue.csv", on, how);
    }

    private static String joinQuery(String path, String on, String how) {
        return """
                {"name": "enriched", "source": {"format": "stream", "options": {"stream": "sales",
                  "startingOffsets": "earliest"}},
                 "steps": [{"select": ["order_id", "product"]}, {"alias": "o"},
                   {"join": {"with": {"static": {"format": "csv", "schema": "product STRING, category STRING",
                     "options": {"path": "%s", "header": true}, "alias": "c"}},
                     "on": %s, "how": "%s"}}],
                 "trigger": {"processingTime": "50 milliseconds"}, "sink": {"format": "memory"}}""".formatted(path, on,
                how);
    }

    @Test
    void ordersPostedToAStreamAreJoinedWithACatalogueFile() throws IOException {
        Files.createDirectories(properties.dataDir().resolve("tables"));
        Files.writeString(properties.dataDir().resolve("tables/catalogue.csv"), "product,category\nnovel,books\n");
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"sales\", \"schema\": \"order_id STRING, product STRING\"}");
        String id = api.create(joinQuery("\"o.product = c.product\"", "left_outer"));
        api.post("/api/streams/sales/events", "[{\"order_id\": \"o-1\", \"product\": \"novel\"}, "
                + "{\"order_id\": \"o-2\", \"product\": \"lamp\"}]");

        await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/api/queries/" + id + "/table").json().path("numRows").asInt() == 2);
        JsonNode rows = api.get("/api/queries/" + id + "/table").json().path("rows");
        assertThat(rows.toString()).contains("\"order_id\":\"o-1\"").contains("\"category\":\"books\"")
                .contains("\"order_id\":\"o-2\"").contains("\"category\":null");
    }

    @Test
    void aMissingTableAndAJoinTypeSparkRefusesArePointedAt() throws IOException {
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"sales\", \"schema\": \"order_id STRING, product STRING\"}");
        ApiClient.Response missing = api.post("/api/queries", joinQuery("tables/nowhere.csv", "[\"product\"]", "inner"));
        assertThat(missing.status()).as(missing.body()).isEqualTo(400);
        assertThat(missing.json().path("type").asString()).endsWith("/invalid-path");
        assertThat(missing.json().path("pointer").asString()).isEqualTo("/steps/2/join/with/static/options/path");

        Files.createDirectories(properties.dataDir().resolve("tables"));
        Files.writeString(properties.dataDir().resolve("tables/catalogue.csv"), "product,category\n");
        ApiClient.Response refused = api.post("/api/queries", joinQuery("[\"product\"]", "full_outer"));
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("type").asString()).endsWith("/unsupported-operation");
        assertThat(refused.json().path("pointer").asString()).isEqualTo("/steps/2/join/how");
        assertThat(refused.json().path("detail").asString()).isEqualTo("FullOuter joins with streaming "
                + "DataFrames/Datasets on the left and a static DataFrame/Dataset on the right is not supported");
        ApiClient.Response unknown = api.post("/api/queries", joinQuery("\"o.product = c.prodcut\"", "inner"));
        assertThat(unknown.json().path("type").asString()).endsWith("/invalid-expression");
        assertThat(unknown.json().path("pointer").asString()).isEqualTo("/steps/2/join/on");
    }
}
