package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusApplication;
import dev.arus.server.FileInTheWay;
import dev.arus.server.Specs;
import dev.arus.server.storage.FailingDefinitionFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * What the user sees and what a restart brings back agree when the data directory refuses a
 * write: an operation whose wish cannot be saved does not happen and is answered 503 (read-only)
 * or 507 (full) with a problem document; a query whose checkpoint cannot be written fails with
 * a storage error class, and restarts. The fault is injected at the storage layer
 * ({@link FailingDefinitionFiles}), as the operating system reports it; {@code StorageMountTest}
 * does the same on real read-only and full mounts where the machine allows mounting.
 */
class StorageFailureTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String READ_ONLY = "Read-only file system";
    private static final String FULL = "No space left on device";

    @TempDir
    Path dataDir;

    @AfterEach
    void heal() {
        FailingDefinitionFiles.heal();
    }

    @Test
    void aStopThatCannotBeSavedIsRefusedAndTheQueryKeepsRunning() {
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            String id = api.create(Specs.windowsToFiles("kept", "checkpoints/kept", "out/kept", 2));
            FailingDefinitionFiles.failWith(READ_ONLY);

            ApiClient.Response stop = api.post("/api/queries/" + id + "/stop");

            assertProblem(stop, 503, "storage-unavailable", READ_ONLY);
            long batch = api.query(id).path("lastProgress").path("batchId").asLong(-1);
            await().atMost(PATIENCE).until(() -> api.query(id).path("lastProgress").path("batchId").asLong(-1) > batch);
            assertThat(api.query(id).path("state").asString()).isEqualTo("ACTIVE");
            FailingDefinitionFiles.heal();
            assertThat(api.post("/api/queries/" + id + "/stop").json().path("state").asString()).isEqualTo("STOPPED");
        }
        try (ConfigurableApplicationContext service = start()) {
            assertThat(api(service).query(onlyQuery(service)).path("state").asString()).isEqualTo("STOPPED");
        }
    }

    @Test
    void aDeleteThatCannotRemoveTheDefinitionIsRefusedAndTheQueryStays() {
        String id;
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            id = api.create(Specs.windowsToFiles("stays", "checkpoints/stays", "out/stays", 2));
            FailingDefinitionFiles.failWith(READ_ONLY);

            ApiClient.Response delete = api.delete("/api/queries/" + id);

            assertProblem(delete, 503, "storage-unavailable", READ_ONLY);
            assertThat(api.query(id).path("state").asString()).isEqualTo("ACTIVE");
            assertThat(api.names()).contains("stays");
            FailingDefinitionFiles.heal();
        }
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            assertThat(api.query(id).path("state").asString()).as("what was refused stays as it was").isEqualTo("ACTIVE");
            assertThat(api.delete("/api/queries/" + id).status()).isEqualTo(204);
        }
        try (ConfigurableApplicationContext service = start()) {
            assertThat(api(service).names()).as("a deleted query never comes back").doesNotContain("stays");
        }
    }

    @Test
    void aStartOnAFullDiskIsRefusedBeforeARunStarts() {
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            String id = api.create(Specs.windowsToFiles("waits", "checkpoints/waits", "out/waits", 2));
            JsonNode stopped = api.post("/api/queries/" + id + "/stop").json();
            FailingDefinitionFiles.failWith(FULL);

            ApiClient.Response start = api.post("/api/queries/" + id + "/start");

            assertProblem(start, 507, "storage-full", FULL);
            JsonNode after = api.query(id);
            assertThat(after.path("state").asString()).isEqualTo("STOPPED");
            assertThat(after.path("runId").asString()).isEqualTo(stopped.path("runId").asString());
        }
    }

    @Test
    void aCreateOnAFullDiskLeavesNoQueryAndNoCheckpoint() {
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            FailingDefinitionFiles.failWith(FULL);

            ApiClient.Response create = api.post("/api/queries",
                    Specs.windowsToFiles("refused", "checkpoints/refused", "out/refused", 2));

            assertProblem(create, 507, "storage-full", FULL);
            assertThat(api.names()).doesNotContain("refused");
            assertThat(dataDir.resolve("checkpoints/refused")).doesNotExist();
            FailingDefinitionFiles.heal();
            assertThat(api.post("/api/queries", Specs.windowsToFiles("refused", "checkpoints/refused", "out/refused", 2))
                    .status()).as("the name and locations are free again").isEqualTo(201);
        }
    }

    @Test
    void aCheckpointWriteTheDiskRefusesFailsTheQueryWithAStorageErrorClassAndRestartsIt() throws IOException {
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            String id = api.create(Specs.windowsToFiles("refused", "checkpoints/refused", "out/refused", 2));
            await().atMost(PATIENCE).until(() -> api.query(id).path("lastProgress").path("batchId").asLong(-1) >= 1);
            // A file where the commit log's directory must be: refused as on a read-only disk, even to root.
            FileInTheWay.of(dataDir.resolve("checkpoints/refused/commits"));

            JsonNode failed = await().atMost(PATIENCE).until(() -> api.query(id),
                    query -> !query.path("state").asString().equals("ACTIVE"));

            assertThat(failed.path("state").asString()).as("the default strategy restarts a storage failure")
                    .isEqualTo("RESTARTING");
            assertThat(failed.path("exception").path("errorClass").asString())
                    .isEqualTo("STORAGE_WRITE_FAILED.UNAVAILABLE");
            assertThat(failed.path("exception").path("message").asString())
                    .startsWith("[STORAGE_WRITE_FAILED.UNAVAILABLE] Cannot write ")
                    .containsAnyOf(FileInTheWay.REFUSALS);
        }
    }

    private static void assertProblem(ApiClient.Response response, int status, String type, String reason) {
        assertThat(response.status()).isEqualTo(status);
        assertThat(response.json().path("type").asString()).isEqualTo("https://arus.dev/problems/" + type);
        assertThat(response.json().path("detail").asString()).contains(reason);
    }

    private static String onlyQuery(ConfigurableApplicationContext service) {
        return api(service).get("/api/queries").json().get(0).path("id").asString();
    }

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(ArusApplication.class, FailingDefinitionFiles.Configuration.class)
                .run("--server.port=0", "--arus.demo.enabled=false", "--arus.data-dir=" + dataDir);
    }

    private static ApiClient api(ConfigurableApplicationContext service) {
        return new ApiClient(((WebServerApplicationContext) service).getWebServer().getPort());
    }
}
