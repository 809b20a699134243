package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusApplication;
import dev.arus.server.Specs;
import dev.arus.server.storage.Mount;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * {@link StorageFailureTest}'s cases on real file systems: a read-only bind mount over the saved
 * definitions, and a full tmpfs under them or under a running query's checkpoint. Needs a machine that lets the test mount (root on
 * Linux); elsewhere each test is skipped, saying why.
 */
@EnabledOnOs(OS.LINUX)
class StorageMountTest {

    @TempDir
    Path dataDir;

    @Test
    void aReadOnlyMountRefusesAStopAndADeleteAndTheQueryKeepsRunning() {
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            String id = api.create(Specs.windowsToFiles("mounted", "checkpoints/mounted", "out/mounted", 2));

            try (Mount readOnly = Mount.readOnly(dataDir.resolve("queries"))) {
                ApiClient.Response stop = api.post("/api/queries/" + id + "/stop");
                ApiClient.Response delete = api.delete("/api/queries/" + id);

                assertThat(stop.status()).isEqualTo(503);
                assertThat(stop.json().path("detail").asString()).contains("Read-only file system")
                        .contains("queries/").doesNotContain(dataDir.toString());
                assertThat(delete.status()).isEqualTo(503);
                assertThat(api.query(id).path("state").asString()).isEqualTo("ACTIVE");
            }
            assertThat(api.post("/api/queries/" + id + "/stop").json().path("state").asString()).isEqualTo("STOPPED");
        }
    }

    @Test
    void aFullDiskRefusesACreateAndLeavesNoCheckpoint() throws IOException {
        Path definitions = Files.createDirectories(dataDir.resolve("queries"));
        try (Mount full = Mount.tmpfs(definitions, 64)) {
            fill(definitions);
            try (ConfigurableApplicationContext service = start()) {
                ApiClient api = api(service);

                ApiClient.Response create = api.post("/api/queries",
                        Specs.windowsToFiles("full", "checkpoints/full", "out/full", 2));

                assertThat(create.status()).isEqualTo(507);
                assertThat(create.json().path("type").asString()).isEqualTo("https://arus.dev/problems/storage-full");
                assertThat(api.names()).doesNotContain("full");
                assertThat(dataDir.resolve("checkpoints/full")).doesNotExist();
            }
        }
    }

    @Test
    void aQueryWhoseCheckpointDiskFillsFailsAsFullAndComesBackOnceThereIsRoom() throws IOException {
        Path disk = Files.createDirectories(dataDir.resolve("checkpoints/small"));
        try (Mount small = Mount.tmpfs(disk, 512);
             ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            String id = api.create(Specs.withRestart(Specs.windowsToFiles("filled", "checkpoints/small/filled",
                    "out/filled", 2), "{\"strategy\": \"fixed-delay\", \"attempts\": 1000, \"delay\": \"100 milliseconds\"}"));
            await().atMost(PATIENCE).until(() -> api.query(id).path("lastProgress").path("batchId").asLong(-1) >= 2);

            fill(disk);
            JsonNode full = await().atMost(PATIENCE).until(() -> api.query(id),
                    query -> query.path("state").asString().equals("RESTARTING"));

            assertThat(full.path("exception").path("errorClass").asString()).isEqualTo("STORAGE_WRITE_FAILED.FULL");
            assertThat(full.path("exception").path("message").asString()).contains("No space left on device");
            long failedAt = full.path("lastProgress").path("batchId").asLong();
            Files.delete(disk.resolve(".filler"));
            JsonNode back = await().atMost(PATIENCE).until(() -> api.query(id),
                    query -> query.path("lastProgress").path("batchId").asLong(-1) > failedAt + 2);
            assertThat(back.path("state").asString()).isEqualTo("ACTIVE");
            assertThat(back.path("restarts").asLong()).isPositive();
            api.post("/api/queries/" + id + "/stop");
        }
    }

    /** Writes into {@code directory} until its file system has no space left. */
    private static void fill(Path directory) {
        byte[] block = new byte[4096];
        try (OutputStream out = Files.newOutputStream(directory.resolve(".filler"))) {
            while (true) {
                out.write(block);
                out.flush();
            }
        } catch (IOException full) {
            // no space left, as wanted
        }
    }

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(ArusApplication.class)
                .run("--server.port=0", "--arus.demo.enabled=false", "--arus.data-dir=" + dataDir);
    }

    private static ApiClient api(ConfigurableApplicationContext service) {
        return new ApiClient(((WebServerApplicationContext) service).getWebServer().getPort());
    }
}
