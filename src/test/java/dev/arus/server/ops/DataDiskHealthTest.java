package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Health watches the disk the data directory is on, not the working directory: a data disk with
 * less free space than {@code arus.health.min-free-disk} makes the service DOWN (503), since every
 * checkpointed query would fail on it. The real disk is used; a threshold above its size stands for
 * a full one. Health is open to everyone, so it names the data directory's paths only relative to it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.data-dir=${java.io.tmpdir}/arus-disk-health-${random.uuid}",
        "arus.health.min-free-disk=1000000TB"})
class DataDiskHealthTest {

    @LocalServerPort
    int port;

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
}
