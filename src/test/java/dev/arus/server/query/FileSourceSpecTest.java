package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import dev.arus.server.live.LiveClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A file source in the spec on the started service: JSON files dropped into a directory under
 * the data directory are read with the spec's schema, and a missing schema or a path outside
 * the data directory is refused with a pointer into the spec.
 */
@StartedService
class FileSourceSpecTest {

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
    }

    private static String fileQuery(String path, String schema) {
        return """
                {"name": "dropped-orders", "source": {"format": "json", "options": {"path": "%s",
                  "maxFilesPerTrigger": 1}%s},
                 "trigger": {"processingTime": "50 milliseconds"}, "sink": {"format": "memory"}}"""
                .formatted(path, schema == null ? "" : ", \"schema\": \"" + schema + "\"");
    }

    @Test
    void readsJsonFilesDroppedIntoADirectoryOfTheDataDirectory() throws IOException {
        Files.createDirectories(properties.dataDir().resolve("drops"));
        Files.writeString(properties.dataDir().resolve("drops/a.json"), "{\"order_id\":\"o-1\",\"amount\":2.5}\n");
        Files.writeString(properties.dataDir().resolve("drops/b.json"), "{\"order_id\":\"o-2\",\"amount\":4}\n");
        ApiClient api = api();
        String id = api.create(fileQuery("drops", "order_id STRING, amount DOUBLE"));

        await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/api/queries/" + id + "/table").json().path("numRows").asInt() == 2);
        assertThat(api.get("/api/queries/" + id + "/table").json().path("rows").toString())
                .contains("\"order_id\":\"o-1\"").contains("\"amount\":4.0");
    }

    @Test
    void aFailedReadNamesItsFileRelativeToTheDataDirectoryInTheQueryAndInHealth() throws IOException {
        Files.createDirectories(properties.dataDir().resolve("broken"));
        Files.writeString(properties.dataDir().resolve("broken/a.json"), "{\"order_id\": \n");
        ApiClient api = api();
        String id = api.create("""
                {"name": "broken-orders", "source": {"format": "json", "schema": "order_id STRING",
                  "options": {"path": "broken", "mode": "FAILFAST"}},
                 "sink": {"format": "memory"}}""");

        await().atMost(Duration.ofSeconds(30)).until(() -> api.query(id).path("state").asString().equals("FAILED"));
        String message = api.query(id).path("exception").path("message").asString();
        String health = api.get("/actuator/health").json().path("components").path("streamingQueries")
                .path("details").path("queries").path("broken-orders").path("exception").asString();

        String absolute = properties.dataDir().toAbsolutePath().normalize().toString();
        assertThat(message).contains("reading file broken/a.json").doesNotContain(absolute);
        assertThat(health).contains("reading file broken/a.json").doesNotContain(absolute);
    }

    @Test
    void progressAndStatusNameTheDataDirectorysPathsRelativeToItWhereverAClientSeesThem() throws IOException {
        Files.createDirectories(properties.dataDir().resolve("shown/in"));
        ApiClient api = api();
        String id = api.create("""
                {"name": "shown-paths", "source": {"format": "json", "schema": "order_id STRING",
                  "options": {"path": "shown/in", "maxFilesPerTrigger": 1, "mode": "FAILFAST"}},
                 "trigger": {"processingTime": "50 milliseconds"},
                 "sink": {"format": "json", "options": {"path": "shown/out"}}, "checkpointLocation": "shown/cp"}""");
        String absolute = properties.dataDir().toAbsolutePath().normalize().toString();

        try (LiveClient live = LiveClient.connect(port, id)) {
            drop("shown/in/a.json", "{\"order_id\":\"o-1\"}\n");
            JsonNode progress = live.nextMatching(message -> message.path("type").asString().equals("progress")
                    && message.path("progress").path("numInputRows").asLong() > 0).path("progress");
            assertThat(progress.path("sources").get(0).path("description").asString())
                    .startsWith("FileStreamSource[shown/in");
            assertThat(progress.path("sink").path("description").asString()).isEqualTo("FileSink[shown/out]");
            assertThat(progress.toString()).doesNotContain(absolute);
        }
        assertThat(api.query(id).path("lastProgress").path("sources").get(0).path("description").asString())
                .startsWith("FileStreamSource[shown/in");
        for (String shown : List.of("/api/queries", "/api/queries/" + id, "/api/queries/" + id + "/progress",
                "/actuator/streamingqueries/shown-paths")) {
            assertThat(api.get(shown).body()).as(shown).contains("shown/in").doesNotContain(absolute);
        }

        drop("shown/in/b.json", "{\"order_id\": \n");
        await().atMost(Duration.ofSeconds(30)).until(() -> api.query(id).path("state").asString().equals("FAILED"));
        assertThat(api.query(id).path("status").path("message").asString())
                .startsWith("Terminated with exception: ").contains("reading file shown/in/b.json")
                .doesNotContain(absolute);
        try (LiveClient live = LiveClient.connect(port, id)) {
            JsonNode snapshot = live.nextMatching(LiveClient.ofType("snapshot"));
            assertThat(snapshot.path("query").path("status").path("message").asString())
                    .contains("reading file shown/in/b.json");
            assertThat(snapshot.path("progress")).isNotEmpty();
            assertThat(snapshot.toString()).doesNotContain(absolute);
        }
        for (String shown : List.of("/api/queries", "/actuator/streamingqueries", "/actuator/streamingqueries/" + id)) {
            assertThat(api.get(shown).body()).as(shown).contains("reading file shown/in/b.json")
                    .doesNotContain(absolute);
        }
    }

    /** Writes {@code file} of the data directory whole at once, so that a running source never lists it half written. */
    private void drop(String file, String content) throws IOException {
        Path target = properties.dataDir().resolve(file);
        Path hidden = Files.writeString(target.resolveSibling("." + target.getFileName()), content);
        Files.move(hidden, target, StandardCopyOption.ATOMIC_MOVE);
    }

    @Test
    void aMissingSchemaAndAPathOutsideTheDataDirectoryArePointedAt() {
        ApiClient api = api();
        ApiClient.Response noSchema = api.post("/api/queries", fileQuery("drops", null));
        assertThat(noSchema.status()).as(noSchema.body()).isEqualTo(400);
        assertThat(noSchema.json().path("pointer").asString()).isEqualTo("/source/schema");
        assertThat(noSchema.json().path("detail").asString())
                .startsWith("Schema must be specified when creating a streaming source DataFrame.");

        ApiClient.Response outside = api.post("/api/queries", fileQuery("../elsewhere", "a INT"));
        assertThat(outside.status()).as(outside.body()).isEqualTo(400);
        assertThat(outside.json().path("pointer").asString()).isEqualTo("/source/options/path");
    }
}
