package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.engine.sink.DuckDb;
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
    void ordersAreJoinedWithAParquetCatalogueAsWithItsCsvTwin() throws IOException {
        Files.createDirectories(properties.dataDir().resolve("tables"));
        DuckDb.execute("COPY (SELECT 'novel' AS Product, 'books' AS category) TO '"
                + properties.dataDir().resolve("tables/catalogue.parquet") + "' (FORMAT parquet)");
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"sales\", \"schema\": \"order_id STRING, product STRING\"}");
        String id = api.create(joinQuery("tables/catalogue.parquet", "\"o.product = c.product\"", "left_outer")
                .replace("\"format\": \"csv\"", "\"format\": \"parquet\"").replace(", \"header\": true", ""));
        api.post("/api/streams/sales/events", "[{\"order_id\": \"o-1\", \"product\": \"novel\"}, "
                + "{\"order_id\": \"o-2\", \"product\": \"lamp\"}]");

        await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/api/queries/" + id + "/table").json().path("numRows").asInt() == 2);
        String rows = api.get("/api/queries/" + id + "/table").json().path("rows").toString();
        assertThat(rows).contains("\"order_id\":\"o-1\"").contains("\"category\":\"books\"")
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

    private static String clicksQuery(String impressionSteps, String how, String outputMode) {
        return """
                {"name": "attributed", "source": {"format": "stream", "options": {"stream": "impressions",
                  "startingOffsets": "earliest"}},
                 "steps": [%s {"alias": "i"},
                   {"join": {"with": {"source": {"format": "stream", "options": {"stream": "clicks",
                       "startingOffsets": "earliest"}},
                     "steps": [{"withWatermark": {"column": "click_time", "delay": "20 seconds"}}, {"alias": "c"}]},
                     "on": "i.ad_id = c.ad_id AND c.click_time >= i.impression_time AND c.click_time <= i.impression_time + INTERVAL 1 MINUTE",
                     "how": "%s"}},
                   {"selectExpr": ["i.ad_id", "impression_time", "click_time"]}],
                 "outputMode": "%s",
                 "trigger": {"processingTime": "50 milliseconds"}, "sink": {"format": "memory"}}"""
                .formatted(impressionSteps, how, outputMode);
    }

    private static final String IMPRESSION_WATERMARK =
            "{\"withWatermark\": {\"column\": \"impression_time\", \"delay\": \"10 seconds\"}},";

    @Test
    void clicksPostedToOneStreamAreJoinedWithTheImpressionsOfAnother() {
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"impressions\", \"schema\": \"ad_id STRING, impression_time TIMESTAMP\"}");
        api.post("/api/streams", "{\"name\": \"clicks\", \"schema\": \"ad_id STRING, click_time TIMESTAMP\"}");
        String id = api.create(clicksQuery(IMPRESSION_WATERMARK, "inner", "append"));
        api.post("/api/streams/impressions/events", "[{\"ad_id\": \"a\", \"impression_time\": \"2026-12-01T10:00:00Z\"}, "
                + "{\"ad_id\": \"b\", \"impression_time\": \"2026-12-01T10:00:05Z\"}]");
        api.post("/api/streams/clicks/events", "[{\"ad_id\": \"a\", \"click_time\": \"2026-12-01T10:00:30Z\"}, "
                + "{\"ad_id\": \"b\", \"click_time\": \"2026-12-01T10:02:00Z\"}]");

        await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/api/queries/" + id + "/table").json().path("numRows").asInt() == 1);
        JsonNode rows = api.get("/api/queries/" + id + "/table").json().path("rows");
        assertThat(rows.toString()).contains("\"ad_id\":\"a\"").doesNotContain("\"ad_id\":\"b\"");
        JsonNode progress = api.get("/api/queries/" + id).json().path("lastProgress");
        assertThat(progress.path("sources")).hasSize(2);
        assertThat(progress.path("stateOperators").get(0).path("operatorName").asString()).isEqualTo("symmetricHashJoin");
    }

    @Test
    void joinsOfStreamsThatSparkRefusesArePointedAt() {
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"impressions\", \"schema\": \"ad_id STRING, impression_time TIMESTAMP\"}");
        api.post("/api/streams", "{\"name\": \"clicks\", \"schema\": \"ad_id STRING, click_time TIMESTAMP\"}");

        ApiClient.Response outer = api.post("/api/queries", clicksQuery("", "left_outer", "append"));
        assertThat(outer.status()).as(outer.body()).isEqualTo(400);
        assertThat(outer.json().path("type").asString()).endsWith("/unsupported-operation");
        assertThat(outer.json().path("pointer").asString()).isEqualTo("/steps/1/join/how");
        assertThat(outer.json().path("detail").asString()).startsWith("Stream-stream LeftOuter join between two "
                + "streaming DataFrame/Datasets is not supported without a watermark");

        ApiClient.Response update = api.post("/api/queries", clicksQuery(IMPRESSION_WATERMARK, "inner", "update"));
        assertThat(update.status()).as(update.body()).isEqualTo(400);
        assertThat(update.json().path("pointer").asString()).isEqualTo("/outputMode");

        ApiClient.Response inside = api.post("/api/queries", clicksQuery(IMPRESSION_WATERMARK, "inner", "append")
                .replace("\"column\": \"click_time\"", "\"column\": \"clicktime\""));
        assertThat(inside.status()).as(inside.body()).isEqualTo(400);
        assertThat(inside.json().path("pointer").asString()).isEqualTo("/steps/2/join/with/steps/0/withWatermark/column");

        ApiClient.Response both = api.post("/api/queries", clicksQuery(IMPRESSION_WATERMARK, "inner", "append")
                .replace("\"with\": {", "\"with\": {\"static\": {\"format\": \"csv\"}, "));
        assertThat(both.status()).as(both.body()).isEqualTo(400);
        assertThat(both.json().path("pointer").asString()).isEqualTo("/steps/2/join/with");
    }
}
