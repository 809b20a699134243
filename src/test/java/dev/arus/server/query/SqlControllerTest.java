package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * What an editor of a query in SQL asks the started service: the engine's functions with their
 * kinds, and the columns of a spec's tables (rate, Kafka, file sources, static tables, event-log
 * streams), read without starting a query; a table that cannot be read is refused where it is.
 */
@StartedService
class SqlControllerTest {

    @LocalServerPort
    int port;

    @Autowired
    ArusProperties properties;

    private ApiClient api() {
        return new ApiClient(port);
    }

    @AfterEach
    void deleteTheStreams() {
        ApiClient api = api();
        api.get("/api/streams").json().forEach(stream -> api.delete("/api/streams/" + stream.path("name").asString()));
    }

    @Test
    void listsTheEnginesFunctionsByNameWithTheirKinds() {
        JsonNode functions = api().get("/api/sql/functions").json();

        Map<String, String> kinds = new LinkedHashMap<>();
        functions.forEach(function -> kinds.put(function.path("name").asString(), function.path("kind").asString()));
        assertThat(kinds).hasSize(functions.size()).containsEntry("unix_timestamp", "scalar")
                .containsEntry("count", "aggregate").containsEntry("avg", "aggregate")
                .containsEntry("explode", "generator").containsEntry("window", "window")
                .containsEntry("session_window", "window");
        assertThat(List.copyOf(kinds.keySet())).isSorted();
    }

    @Test
    void givesTheColumnsOfEachTableReadAsAQueryWouldWithoutStartingOne() throws IOException {
        Files.createDirectories(properties.dataDir().resolve("tables"));
        Files.writeString(properties.dataDir().resolve("tables/prices.csv"), "sku,price\nbook,9.5\n");
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"orders\", \"schema\": \"order_id STRING NOT NULL, amount DOUBLE\"}");

        ApiClient.Response answer = api.post("/api/sql/tables", """
                {"tables": {
                  "visits": {"format": "rate", "options": {"rowsPerSecond": 5}},
                  "topic": {"format": "kafka", "options": {"kafka.bootstrap.servers": "127.0.0.1:9", "subscribe": "t"}},
                  "incoming": {"format": "json", "schema": "id BIGINT, name STRING", "options": {"path": "in"}},
                  "prices": {"format": "csv", "static": true, "schema": "sku STRING, price DOUBLE",
                             "options": {"path": "tables/prices.csv", "header": true}},
                  "log": {"format": "stream", "options": {"stream": "orders"}}}}""");

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        Map<String, List<String>> columns = new LinkedHashMap<>();
        Map<String, Boolean> statics = new LinkedHashMap<>();
        answer.json().forEach(table -> {
            List<String> named = new ArrayList<>();
            table.path("columns").forEach(column -> named.add(column.path("name").asString() + " "
                    + column.path("type").asString() + (column.path("nullable").asBoolean() ? "" : " NOT NULL")));
            columns.put(table.path("name").asString(), named);
            statics.put(table.path("name").asString(), table.path("static").asBoolean());
        });
        assertThat(columns).containsExactlyInAnyOrderEntriesOf(Map.of(
                "visits", List.of("timestamp timestamp", "value bigint"),
                "topic", List.of("key binary", "value binary", "topic string", "partition int",
                        "offset bigint", "timestamp timestamp", "timestampType int"),
                "incoming", List.of("id bigint", "name string"),
                "prices", List.of("sku string", "price double"),
                "log", List.of("order_id string NOT NULL", "amount double", "ingest_time timestamp NOT NULL")));
        assertThat(statics).containsEntry("prices", true).containsEntry("visits", false);
        assertThat(api.get("/api/queries").json()).as("no query was created").isEmpty();
        assertThat(api.get("/api/streams/orders").json().path("readers")).as("nothing reads the stream").isEmpty();
        assertThat(properties.dataDir().resolve("in")).as("nothing was written").doesNotExist();
    }

    @Test
    void pointsAtTheTableThatCannotBeReadAsASpecWould() {
        ApiClient api = api();

        JsonNode format = api.post("/api/sql/tables", "{\"tables\": {\"t\": {\"format\": \"rat\"}}}").json();
        assertThat(format.path("type").asString()).endsWith("/unknown-format");
        assertThat(format.path("pointer").asString()).isEqualTo("/tables/t/format");

        JsonNode option = api.post("/api/sql/tables", """
                {"tables": {"t": {"format": "rate", "options": {"rowsPerSecnd": 1}}}}""").json();
        assertThat(option.path("pointer").asString()).isEqualTo("/tables/t/options/rowsPerSecnd");

        ApiClient.Response outside = api.post("/api/sql/tables", """
                {"tables": {"f": {"format": "json", "schema": "a INT", "options": {"path": "../etc"}}}}""");
        assertThat(outside.status()).isEqualTo(400);
        assertThat(outside.json().path("type").asString()).endsWith("/invalid-path");
        assertThat(outside.json().path("pointer").asString()).isEqualTo("/tables/f/options/path");
    }
}
