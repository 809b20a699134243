package dev.arus.server.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusApplication;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The dashboard's pages of what a first hour runs into, in real headless Chromium against a
 * service started again on the data directory of one that ran a checkpointed windowed query and
 * stopped it: {@code frontend/e2e/querypages.e2e.mjs} finds an unknown route's and an unknown query
 * id's pages, the restored stopped query's page with its definition, its checkpoint and the last
 * batch the checkpoint committed (no progress is in memory after the restart), edits its SQL (a
 * compatible change saved, a changed window refused with Spark's rule), starts it and finds it
 * going on after the committed batch with no table of its batches cut off, and creates a stream in the Streams page's form; at 1400 px
 * and at a phone's 390 px. Skipped without Chromium unless {@code ARUS_REQUIRE_BROWSER=1} (see
 * {@link BrowserScenario}).
 */
class QueryPagesBrowserTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String WINDOWS = """
            {"name": "restored",
             "sql": "SELECT window(timestamp, '2 seconds') AS window, count(*) AS count FROM ticks WATERMARK timestamp DELAY OF INTERVAL 0 SECONDS WHERE value % 1 < 1 GROUP BY window(timestamp, '2 seconds')",
             "tables": {"ticks": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 3, "advanceMillisPerBatch": 1000}}},
             "outputMode": "append",
             "trigger": {"processingTime": "200 milliseconds"},
             "sink": {"format": "memory"},
             "checkpointLocation": "checkpoints/restored"}
            """;

    @TempDir
    Path dataDir;

    @Test
    void showsUnknownPagesARestoredStoppedQueryItsEditAndTheStreamFormInTheBrowser() throws Exception {
        BrowserScenario scenario = BrowserScenario.of("querypages.e2e.mjs");
        String id;
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            id = api.create(WINDOWS);
            await().atMost(PATIENCE).until(() -> api.get("/api/queries/" + id + "/checkpoint").json()
                    .path("lastCommitted").path("batchId").asLong(-1) >= 3);
            assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
        }

        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            assertThat(api.query(id).path("state").asString()).isEqualTo("STOPPED");
            assertThat(api.get("/api/queries/" + id + "/progress").json().isEmpty())
                    .as("no progress in memory after the restart").isTrue();
            scenario.run("http://localhost:" + port(service), Map.of("ARUS_RESTORED", id));
        }
    }

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(ArusApplication.class)
                .run("--server.port=0", "--arus.demo.enabled=false", "--arus.data-dir=" + dataDir);
    }

    private static int port(ConfigurableApplicationContext service) {
        return ((WebServerApplicationContext) service).getWebServer().getPort();
    }

    private static ApiClient api(ConfigurableApplicationContext service) {
        return new ApiClient(port(service));
    }
}
