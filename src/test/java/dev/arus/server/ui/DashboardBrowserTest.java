package dev.arus.server.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The dashboard in real headless Chromium against the started service: {@code
 * frontend/e2e/dashboard.e2e.mjs} (playwright-core driving Debian's {@code /usr/bin/chromium})
 * creates a query from a template over {@code rate-micro-batch}, waits for a finalized window in
 * the chart and the table, stops it and deletes it, and saves {@code docs/dashboard.png}.
 *
 * <p>Without Chromium the test is skipped, saying how to install it; with {@code
 * ARUS_REQUIRE_BROWSER=1} (set by {@code .ci/run}) that skip is a failure instead.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "arus.demo.enabled=false")
class DashboardBrowserTest {

    private static final Path FRONTEND = Path.of("frontend");
    private static final Path SCREENSHOT = Path.of("docs", "dashboard.png");
    private static final String INSTALL = "apt-get install -y --no-install-recommends chromium chromium-driver";

    @LocalServerPort
    int port;

    @Test
    void createsWatchesAndStopsAQueryInTheBrowser() throws Exception {
        Path chromium = Path.of(System.getenv().getOrDefault("ARUS_CHROMIUM", "/usr/bin/chromium"));
        requireOrSkip(Files.isExecutable(chromium), "No Chromium at " + chromium + ": install Debian's with `" + INSTALL
                + "` (or set ARUS_CHROMIUM) to run the dashboard's browser test");
        requireOrSkip(Files.isDirectory(FRONTEND.resolve("node_modules/playwright-core")),
                "frontend/node_modules has no playwright-core: the build's `npm ci` did not run (-DskipDashboard?)");

        HttpResponse<String> index = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(baseUrl() + "/")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(index.statusCode()).as("the dashboard is served at /").isEqualTo(200);
        assertThat(index.body()).contains("<main id=\"app\"").doesNotContain("<script>");

        ProcessBuilder builder = new ProcessBuilder("node", "e2e/dashboard.e2e.mjs")
                .directory(FRONTEND.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.INHERIT);
        builder.environment().put("ARUS_BASE_URL", baseUrl());
        builder.environment().put("ARUS_CHROMIUM", chromium.toString());
        builder.environment().put("ARUS_SCREENSHOT", SCREENSHOT.toAbsolutePath().toString());
        Process e2e = builder.start();
        if (!e2e.waitFor(3, TimeUnit.MINUTES)) {
            e2e.destroyForcibly();
            fail("the browser test did not finish within 3 minutes");
        }
        assertThat(e2e.exitValue()).as("exit code of frontend/e2e/dashboard.e2e.mjs (its output is above)").isZero();
        assertThat(SCREENSHOT).isRegularFile();
    }

    private String baseUrl() {
        return "http://localhost:" + port;
    }

    private static void requireOrSkip(boolean present, String message) {
        if (present) {
            return;
        }
        if ("1".equals(System.getenv("ARUS_REQUIRE_BROWSER"))) {
            fail(message + " (ARUS_REQUIRE_BROWSER=1: the browser test must run)");
        }
        Assumptions.abort(message);
    }
}
