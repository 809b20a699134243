package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Health watches the disk the data directory is on, not the working directory: a data disk with
 * less free space than {@code arus.health.min-free-disk} makes the service DOWN (503), since every
 * checkpointed query would fail on it. The real disk is used; a threshold above its size stands for
 * a full one. Health is open to everyone, so it names the data directory's paths only relative to it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.health.min-free-disk=1000000TB"})
class DataDiskHealthTest {

    /** One directory, named once: {@code ${random.uuid}} would name another each time a setting refers to it. */
    private static final Path DATA = Path.of(System.getProperty("java.io.tmpdir"), "arus-disk-health-" + UUID.randomUUID());

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void dataDirectory(DynamicPropertyRegistry registry) {
        registry.add("arus.data-dir", DATA::toString);
    }

    @Autowired
    ArusProperties properties;

    @Test
    void aDataDiskWithTooLittleFreeSpaceTakesTheServiceDown() {
        ApiClient.Response health = new ApiClient(port).get("/actuator/health");
        JsonNode disk = health.json().path("components").path("diskSpace");

        assertThat(health.status()).isEqualTo(503);
        assertThat(health.json().path("status").asString()).isEqualTo("DOWN");
        assertThat(disk.path("status").asString()).isEqualTo("DOWN");
        assertThat(disk.path("details").path("threshold").asLong()).isEqualTo(1_000_000L << 40);
    }

    @Test
    void showsTheDataDirectoryToEveryoneOnlyAsPathsRelativeToIt() {
        ApiClient.Response health = new ApiClient(port).get("/actuator/health");
        JsonNode components = health.json().path("components");

        assertThat(components.path("diskSpace").path("details").path("path").asString()).isEqualTo(".");
        assertThat(components.path("streams").path("details").path("path").asString()).isEqualTo("streams");
        assertThat(health.body()).doesNotContain(properties.dataDir().toAbsolutePath().normalize().toString());
    }

    @Test
    void theOpenMetricsNameTheDataDisksPathRelativeToTheDataDirectory() {
        String metrics = new ApiClient(port).get("/actuator/prometheus").body();

        assertThat(metrics).contains("disk_free_bytes{path=\".\"}").contains("disk_total_bytes{path=\".\"}")
                .doesNotContain(properties.dataDir().toAbsolutePath().normalize().toString());
    }
}
