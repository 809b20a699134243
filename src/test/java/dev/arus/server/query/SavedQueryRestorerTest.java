package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.sink.FileSinkLogReader;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.server.ApiClient;
import dev.arus.server.ArusApplication;
import dev.arus.server.Specs;
import dev.arus.server.storage.FileTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole service is closed and started again on the same data directory, as a deploy does:
 * its checkpointed queries come back as they were wanted and continue where they stopped.
 */
class SavedQueryRestorerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;

    @Test
    void bringsBackAnActiveQueryWhoseBatchIdsAndWindowsContinue() {
        Path output = dataDir.resolve("out/windows");
        String id;
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            id = api.create(Specs.windowsToFiles("windows", "checkpoints/windows", "out/windows", 2));
            await().atMost(PATIENCE).until(() -> windows(output).size() >= 3);
        }
        long lastBatchBefore = lastBatch(output);

        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            JsonNode restored = api.query(id);
            assertThat(restored.path("state").asString()).isEqualTo("ACTIVE");
            assertThat(restored.path("spec").path("checkpointLocation").asString()).isEqualTo("checkpoints/windows");
            int windowsBefore = windows(output).size();
            await().atMost(PATIENCE).until(() -> windows(output).size() >= windowsBefore + 3);
            JsonNode firstBatchAfter = api.get("/api/queries/" + id + "/batches").json().get(0);
            assertThat(firstBatchAfter.path("batchId").asLong()).isEqualTo(lastBatchBefore + 1);
        }

        Map<Long, List<String>> batches = FileSinkLogReader.read(output);
        assertThat(batches.keySet()).as("batch ids, each logged once")
                .containsExactlyElementsOf(LongStream.rangeClosed(0, batches.size() - 1).boxed().toList());
        List<JsonNode> windows = windows(output);
        for (int i = 0; i < windows.size(); i++) {
            JsonNode window = windows.get(i);
            assertThat(Instant.parse(window.path("window").path("start").asString())).as("start of window %d", i)
                    .isEqualTo(Instant.ofEpochSecond(2L * i));
            assertThat(window.path("count").asLong()).as("count of window %d", i).isEqualTo(6);
        }
    }

    @Test
    void bringsBackAStoppedQueryStoppedAndStartsItWhereItStopped() {
        Path output = dataDir.resolve("out/stopped");
        String id;
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            id = api.create(Specs.windowsToFiles("stopped", "checkpoints/stopped", "out/stopped", 2));
            await().atMost(PATIENCE).until(() -> windows(output).size() >= 1);
            assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
        }
        long lastBatchBefore = lastBatch(output);

        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            JsonNode restored = api.query(id);
            assertThat(restored.path("state").asString()).isEqualTo("STOPPED");
            assertThat(restored.path("runId").isNull()).isTrue();
            assertThat(lastBatch(output)).isEqualTo(lastBatchBefore);

            assertThat(api.post("/api/queries/" + id + "/start").json().path("state").asString()).isEqualTo("ACTIVE");
            await().atMost(PATIENCE).until(() -> lastBatch(output) > lastBatchBefore + 1);
        }
        assertThat(FileSinkLogReader.read(output).keySet())
                .containsExactlyElementsOf(LongStream.rangeClosed(0, lastBatch(output)).boxed().toList());
    }

    @Test
    void bringsBackAQueryWithADamagedCheckpointAsFailedAndTouchesNothing() throws IOException {
        String id;
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            id = api.create(Specs.windowsToFiles("damaged", "checkpoints/damaged", "out/damaged", 2));
            await().atMost(PATIENCE).until(() -> lastBatch(dataDir.resolve("out/damaged")) >= 1);
        }
        Path metadata = dataDir.resolve("checkpoints/damaged/metadata");
        Files.write(metadata, Arrays.copyOf(Files.readAllBytes(metadata), 10));
        Map<String, String> before = FileTree.of(dataDir);

        try (ConfigurableApplicationContext service = start()) {
            JsonNode restored = api(service).query(id);
            assertThat(restored.path("state").asString()).isEqualTo("FAILED");
            assertThat(restored.path("exception").path("class").asString())
                    .isEqualTo("dev.arus.engine.streaming.CheckpointException");
            assertThat(restored.path("exception").path("errorClass").asString()).isEqualTo("CHECKPOINT_DAMAGED");
            assertThat(restored.path("runId").isNull()).isTrue();
            assertThat(restored.path("exception").path("message").asString())
                    .contains("checkpoints/damaged/metadata").contains("truncated")
                    .doesNotContain(dataDir.toString()).doesNotContain(dataDir.toRealPath().toString());
        }
        assertThat(FileTree.of(dataDir)).isEqualTo(before);
    }

    @Test
    void leavesSavedAQueryWhoseLocationsReachTheEventLogAndTouchesNoEvent() throws IOException {
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            assertThat(api.post("/api/streams", "{\"name\": \"s1\", \"schema\": \"line STRING\"}").status())
                    .isEqualTo(201);
            assertThat(api.post("/api/streams/s1/events", "[{\"line\": \"a\"}, {\"line\": \"b\"}]").status())
                    .isEqualTo(200);
        }
        // As a service without the check on the event log might have saved it.
        Path definition = dataDir.resolve("queries/2f1c5a8e-6a53-4f0e-9d3e-3f4c2b1a0d9e.json");
        Files.createDirectories(definition.getParent());
        Files.writeString(definition, """
                {"id": "2f1c5a8e-6a53-4f0e-9d3e-3f4c2b1a0d9e", "state": "ACTIVE",
                 "spec": {"name": "del", "engine": "arus",
                          "source": {"format": "csv", "schema": "line STRING",
                                     "options": {"path": "streams/s1", "cleanSource": "delete"}},
                          "sink": {"format": "memory"}, "checkpointLocation": "cp/del"}}""");
        Map<String, String> before = FileTree.of(dataDir);

        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            assertThat(api.names()).isEmpty();
            assertThat(api.get("/api/streams/s1").json().path("offsets").get(0).path("latest").asLong()).isEqualTo(2);
        }
        assertThat(FileTree.of(dataDir)).as("the stream, and the definition left saved").isEqualTo(before);
    }

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(ArusApplication.class)
                .run("--server.port=0", "--arus.demo.enabled=false", "--arus.data-dir=" + dataDir);
    }

    private static ApiClient api(ConfigurableApplicationContext service) {
        return new ApiClient(((WebServerApplicationContext) service).getWebServer().getPort());
    }

    /** The windows the file sink holds, read through its log, in batch order. */
    private static List<JsonNode> windows(Path output) {
        List<JsonNode> windows = new ArrayList<>();
        FileSinkLogReader.read(output).values().forEach(rows -> rows.forEach(row -> windows.add(JSON.readTree(row))));
        return windows;
    }

    private static long lastBatch(Path output) {
        return FileSinkLogReader.read(output).keySet().stream().mapToLong(Long::longValue).max().orElse(-1);
    }
}
