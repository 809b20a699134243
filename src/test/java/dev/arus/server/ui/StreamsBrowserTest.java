package dev.arus.server.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.AdjustableClock;
import dev.arus.server.ApiClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

/**
 * The Streams page and the shop's demo in real headless Chromium against the started service,
 * with an API token so that the dashboard must ask for it before it sends events: {@code
 * frontend/e2e/streams.e2e.mjs} finds both demo queries in the list, the {@code orders} stream
 * with a growing event count and the revenue query as its reader, sends test events through the
 * form (and a bad one, refused at its index and field), and finds a finalized minute on the
 * revenue query's page, with no table cut off at 1400 px and at 390 px. It saves {@code docs/streams.png}. Skipped without Chromium unless
 * {@code ARUS_REQUIRE_BROWSER=1} (see {@link BrowserScenario}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=true", "arus.security.api-token=" + StreamsBrowserTest.TOKEN,
        "arus.data-dir=${java.io.tmpdir}/arus-streams-browser-${random.uuid}"})
@Import(AdjustableClock.Configuration.class)
class StreamsBrowserTest {

    static final String TOKEN = "streams-browser-test-token";
    private static final Path SCREENSHOT = Path.of("docs", "streams.png");

    @LocalServerPort
    int port;

    @Autowired
    AdjustableClock clock;

    @Test
    void showsTheOrdersStreamSendsEventsAndShowsAFinalizedRevenueMinute() throws Exception {
        BrowserScenario scenario = BrowserScenario.of("streams.e2e.mjs");
        ApiClient api = new ApiClient(port);

        // Once orders flow, a jump of two minutes puts their first minute behind the 10 s watermark,
        // so the revenue query finalizes it within a trigger or two rather than a minute and more.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> api.get("/api/streams/orders").json().path("eventsIn").asLong() > 0);
        clock.advance(Duration.ofMinutes(2));

        scenario.run("http://localhost:" + port, Map.of("ARUS_API_TOKEN", TOKEN,
                "ARUS_SCREENSHOT", SCREENSHOT.toAbsolutePath().toString()));
        assertThat(SCREENSHOT).isRegularFile();
    }
}
