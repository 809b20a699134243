package dev.arus.server.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The Pipelines page in real headless Chromium against the started service running a pipeline in
 * SQL: {@code big-orders} fills the streaming table {@code big} from the posted stream
 * {@code orders}, {@code big-per-minute} reads {@code STREAM(big)} with a windowed sum.
 * {@code frontend/e2e/pipelines.e2e.mjs} finds both queries, the table between them with the
 * writer's rate and the reader's lag, the three boxes left to right in the graph, and a query's
 * box leading to its live view. It saves {@code docs/pipelines.png}. Skipped without Chromium
 * unless {@code ARUS_REQUIRE_BROWSER=1} (see {@link BrowserScenario}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.data-dir=${java.io.tmpdir}/arus-pipelines-browser-${random.uuid}"})
class PipelinesBrowserTest {

    private static final Path SCREENSHOT = Path.of("docs", "pipelines.png");

    @LocalServerPort
    int port;

    @Test
    void showsTheTwoQueriesAndTheStreamBetweenThem() throws Exception {
        BrowserScenario scenario = BrowserScenario.of("pipelines.e2e.mjs");
        ApiClient api = new ApiClient(port);
        api.post("/api/streams", "{\"name\": \"orders\", \"schema\": \"order_id STRING, amount DOUBLE, at TIMESTAMP\"}");
        String writer = api.create("""
                {"name": "big-orders",
                 "sql": "CREATE STREAMING TABLE big AS SELECT order_id, amount, at FROM orders WHERE amount > 10",
                 "trigger": {"processingTime": "200 milliseconds"}}""");
        String reader = api.create("""
                {"name": "big-per-minute",
                 "sql": "SELECT window(at, '1 minute') AS window, sum(amount) AS revenue FROM STREAM(big) WATERMARK at DELAY OF INTERVAL 10 SECONDS GROUP BY window(at, '1 minute')",
                 "trigger": {"processingTime": "200 milliseconds"}, "sink": {"format": "memory"}}""");
        await().atMost(Duration.ofSeconds(30)).until(() -> api.query(reader).path("lastProgress").has("batchId"));
        api.post("/api/streams/orders/events", "[{\"order_id\": \"o-1\", \"amount\": 25, \"at\": \"2026-12-01T10:00:00Z\"},"
                + " {\"order_id\": \"o-2\", \"amount\": 5, \"at\": \"2026-12-01T10:00:01Z\"},"
                + " {\"order_id\": \"o-3\", \"amount\": 40, \"at\": \"2026-12-01T10:02:00Z\"}]");

        scenario.run("http://localhost:" + port, Map.of("ARUS_WRITER", writer, "ARUS_READER", reader,
                "ARUS_TABLE", "big", "ARUS_SCREENSHOT", SCREENSHOT.toAbsolutePath().toString()));
        assertThat(SCREENSHOT).isRegularFile();
    }
}
