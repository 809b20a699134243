package dev.arus.server.spark;

import dev.arus.server.ui.BrowserScenario;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The dashboard of a service with Spark in it, in real headless Chromium:
 * {@code frontend/e2e/engines.e2e.mjs} creates a query on both engines and finds the engine's
 * badge on its page and in the list, and the comparison card saying that the engines agree on
 * the batches compared, as the live feed's {@code comparison} messages push it (the page asks
 * for the query over REST no more once it shows). Skipped without Chromium unless {@code ARUS_REQUIRE_BROWSER=1}.
 */
@SparkService
class SparkDashboardBrowserTest {

    @LocalServerPort
    int port;

    @Test
    void showsAQueryOnBothEnginesAndTheirAgreementInTheBrowser() throws Exception {
        BrowserScenario.of("engines.e2e.mjs").run("http://localhost:" + port, Map.of());
    }
}
