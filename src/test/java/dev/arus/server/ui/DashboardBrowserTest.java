package dev.arus.server.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The dashboard in real headless Chromium against the started service: {@code
 * frontend/e2e/dashboard.e2e.mjs} picks a step from the editor's completion, types a mistake into an
 * expression and finds the refusal marked in the editor, creates a query over {@code rate-micro-batch},
 * waits for a finalized window in the chart and the table, stops it and deletes it, and saves
 * {@code docs/dashboard.png}; {@code frontend/e2e/operators.e2e.mjs} creates queries from the
 * session-window and stream-stream join templates and finds the sessions as bars of their own
 * width, lane by lane, and the join's rows in the rows table with the watermark; {@code
 * frontend/e2e/sql.e2e.mjs} types a statement with the completion of a column and a function,
 * finds a refusal marked at its line and column, previews a template's rows without creating it,
 * and creates a query from a SQL template, saving {@code docs/sql-editor.png}; {@code
 * frontend/e2e/state.e2e.mjs} reads a stopped aggregation's state on its page, a page at a time, by
 * key and at an earlier batch, its rows over the last batches and its result by key, a windowed
 * count's windows in the order the watermark closes them, and a join's a side at a time and its
 * rows waiting for a match, saving {@code docs/state.png}. Skipped without
 * Chromium unless {@code ARUS_REQUIRE_BROWSER=1} (see {@link BrowserScenario}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "arus.demo.enabled=false")
class DashboardBrowserTest {

    private static final Path SCREENSHOT = Path.of("docs", "dashboard.png");
    private static final Path SQL_SCREENSHOT = Path.of("docs", "sql-editor.png");
    private static final Path STATE_SCREENSHOT = Path.of("docs", "state.png");

    @LocalServerPort
    int port;

    @Test
    void createsWatchesAndStopsAQueryInTheBrowser() throws Exception {
        BrowserScenario scenario = BrowserScenario.of("dashboard.e2e.mjs");

        HttpResponse<String> index = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(index.statusCode()).as("the dashboard is served at /").isEqualTo(200);
        assertThat(index.body()).contains("<main id=\"app\"").doesNotContain("<script>");

        scenario.run("http://localhost:" + port, Map.of("ARUS_SCREENSHOT", SCREENSHOT.toAbsolutePath().toString()));
        assertThat(SCREENSHOT).isRegularFile();
    }

    @Test
    void showsSessionsAsBarsAndAJoinsRowsWithTheWatermarkInTheBrowser() throws Exception {
        BrowserScenario.of("operators.e2e.mjs").run("http://localhost:" + port, Map.of());
    }

    @Test
    void completesMarksPreviewsAndCreatesAQueryInSqlInTheBrowser() throws Exception {
        BrowserScenario.of("sql.e2e.mjs").run("http://localhost:" + port,
                Map.of("ARUS_SCREENSHOT_SQL", SQL_SCREENSHOT.toAbsolutePath().toString()));
        assertThat(SQL_SCREENSHOT).isRegularFile();
    }

    @Test
    void readsAnOperatorsStateByPageKeyAndBatchAndAJoinsBySideInTheBrowser() throws Exception {
        BrowserScenario.of("state.e2e.mjs").run("http://localhost:" + port,
                Map.of("ARUS_SCREENSHOT_STATE", STATE_SCREENSHOT.toAbsolutePath().toString()));
        assertThat(STATE_SCREENSHOT).isRegularFile();
    }
}
