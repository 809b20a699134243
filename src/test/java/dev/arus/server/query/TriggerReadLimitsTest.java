package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import dev.arus.server.QueryEvents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The {@code availableNow} and {@code once} triggers under a source's read limit, on the started
 * service with a real event log and real files, as Spark runs them: {@code availableNow} reads
 * everything there was when the query started, in as many batches as the limit needs, then
 * stops; {@code once} ignores the limit and reads everything in one batch.
 */
@StartedService
class TriggerReadLimitsTest {

    @LocalServerPort
    int port;

    @Autowired
    ArusProperties properties;

    @Autowired
    ArusSession session;

    private final QueryEvents events = new QueryEvents();
    private ApiClient api;

    @BeforeEach
    void listen() {
        api = new ApiClient(port);
        session.streams().addListener(events);
    }

    @AfterEach
    void deleteEverything() {
        session.streams().removeListener(events);
        api.get("/api/queries").json().forEach(query -> api.delete("/api/queries/" + query.path("id").asString()));
        api.get("/api/streams").json().forEach(stream -> api.delete("/api/streams/" + stream.path("name").asString()));
    }

    @Test
    void availableNowReadsAHundredEventsInTenBatchesOfMaxOffsetsPerTriggerThenStops() throws InterruptedException {
        postHundredEvents("limited");

        List<long[]> batches = runToEnd(streamQuery("limited-available-now", "limited", "{\"availableNow\": true}"));

        assertThat(batches).extracting(batch -> batch[0]).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(batches).extracting(batch -> batch[1]).containsOnly(10L);
    }

    @Test
    void onceReadsAHundredEventsInOneBatchWhateverMaxOffsetsPerTrigger() throws InterruptedException {
        postHundredEvents("limited-once");

        List<long[]> batches = runToEnd(streamQuery("limited-once", "limited-once", "{\"once\": true}"));

        assertThat(batches).extracting(batch -> batch[0]).containsExactly(0L);
        assertThat(batches).extracting(batch -> batch[1]).containsExactly(100L);
    }

    @Test
    void availableNowReadsTenFilesInFiveBatchesOfMaxFilesPerTriggerThenStops() throws Exception {
        dropTenFiles("drops/available-now");

        List<long[]> batches = runToEnd(fileQuery("files-available-now", "drops/available-now",
                "{\"availableNow\": true}"));

        assertThat(batches).extracting(batch -> batch[0]).containsExactly(0L, 1L, 2L, 3L, 4L);
        assertThat(batches).extracting(batch -> batch[1]).containsOnly(2L);
    }

    @Test
    void onceReadsTenFilesInOneBatchWhateverMaxFilesPerTrigger() throws Exception {
        dropTenFiles("drops/once");

        List<long[]> batches = runToEnd(fileQuery("files-once", "drops/once", "{\"once\": true}"));

        assertThat(batches).extracting(batch -> batch[0]).containsExactly(0L);
        assertThat(batches).extracting(batch -> batch[1]).containsExactly(10L);
    }

    private void postHundredEvents(String stream) {
        ApiClient.Response created = api.post("/api/streams",
                "{\"name\": \"" + stream + "\", \"schema\": \"n INT\", \"partitions\": 1}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String events = IntStream.range(0, 100).mapToObj(n -> "{\"n\": " + n + "}")
                .collect(Collectors.joining(",", "[", "]"));
        ApiClient.Response posted = api.post("/api/streams/" + stream + "/events", events);
        assertThat(posted.status()).as(posted.body()).isEqualTo(200);
    }

    private void dropTenFiles(String directory) throws IOException {
        Path drops = Files.createDirectories(properties.dataDir().resolve(directory));
        for (int file = 0; file < 10; file++) {
            Files.writeString(drops.resolve("f" + file + ".json"), "{\"n\": " + file + "}\n");
        }
    }

    private static String streamQuery(String name, String stream, String trigger) {
        return """
                {"name": "%s", "source": {"format": "stream", "options": {"stream": "%s",
                  "startingOffsets": "earliest", "maxOffsetsPerTrigger": 10}},
                 "trigger": %s, "sink": {"format": "memory"}}""".formatted(name, stream, trigger);
    }

    private static String fileQuery(String name, String path, String trigger) {
        return """
                {"name": "%s", "source": {"format": "json", "schema": "n INT",
                  "options": {"path": "%s", "maxFilesPerTrigger": 2}},
                 "trigger": %s, "sink": {"format": "memory"}}""".formatted(name, path, trigger);
    }

    /**
     * Creates the query, waits for its run to end on its own, and returns each batch's id and
     * input rows; the query's table holds every row read.
     */
    private List<long[]> runToEnd(String spec) throws InterruptedException {
        ApiClient.Response created = api.post("/api/queries", spec);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asString();
        events.awaitEnd(created.json().path("runId").asString());

        JsonNode query = api.query(id);
        assertThat(query.path("state").asString()).as(query.toString()).isEqualTo("STOPPED");
        assertThat(query.path("exception").isMissingNode() || query.path("exception").isNull())
                .as(query.toString()).isTrue();
        List<long[]> batches = new ArrayList<>();
        long rows = 0;
        for (JsonNode progress : api.get("/api/queries/" + id + "/progress").json()) {
            batches.add(new long[] {progress.path("batchId").asLong(), progress.path("numInputRows").asLong()});
            rows += progress.path("numInputRows").asLong();
        }
        assertThat(api.get("/api/queries/" + id + "/table").json().path("numRows").asLong())
                .as("rows in the query's table").isEqualTo(rows);
        return batches;
    }
}
