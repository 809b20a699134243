package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.AdjustableClock;
import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The data directory's meters on the started service, over a real scrape of the real data
 * directory: what it holds (a stream's segments, and a file written beside them once the measure
 * is due again), and its disk's usable and total space beside the threshold at which health is
 * DOWN, as the {@code diskSpace} health component reports them.
 */
@OpsService
class DataDirectoryMetersTest {

    private static final long MIB = 1 << 20;

    @LocalServerPort
    int port;

    @Autowired
    ArusProperties properties;

    @Autowired
    AdjustableClock clock;

    private static double value(ApiClient api, String name) {
        return PrometheusText.scrape(api).value(name, Map.of());
    }

    @Test
    void measuresWhatTheDataDirectoryHoldsAndItsDiskBesideHealthsThreshold() throws Exception {
        ApiClient api = new ApiClient(port);
        api.post("/api/streams", "{\"name\": \"measured\", \"schema\": \"page STRING\"}");
        api.post("/api/streams/measured/events", "[{\"page\": \"/\"}, {\"page\": \"/about\"}]");
        Path extra = properties.dataDir().resolve("measured-extra.bin");
        try {
            clock.advance(DataDirectoryMeters.REMEASURE);
            long streamBytes = api.get("/api/streams/measured").json().path("sizeBytes").asLong();
            double used = value(api, "arus_data_directory_used_bytes");
            assertThat(streamBytes).isPositive();
            assertThat(used).isGreaterThan(streamBytes);

            Files.write(extra, new byte[(int) MIB]);
            clock.advance(DataDirectoryMeters.REMEASURE);
            assertThat(value(api, "arus_data_directory_used_bytes")).isGreaterThanOrEqualTo(used + MIB);

            JsonNode disk = api.get("/actuator/health").json().path("components").path("diskSpace").path("details");
            double free = value(api, "arus_data_directory_free_bytes");
            assertThat(value(api, "arus_data_directory_total_bytes")).isEqualTo(disk.path("total").asDouble());
            assertThat(free).isPositive().isLessThanOrEqualTo(disk.path("total").asDouble());
            assertThat(value(api, "arus_data_directory_min_free_bytes"))
                    .isEqualTo(disk.path("threshold").asDouble())
                    .isEqualTo(properties.health().minFreeDisk().toBytes());
        } finally {
            Files.deleteIfExists(extra);
            api.delete("/api/streams/measured");
        }
    }
}
