package dev.arus.server.ui;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Swagger UI in real headless Chromium against the service started with an API token: {@code
 * frontend/e2e/swagger.e2e.mjs} tries out a stop (401 without the token), authorizes with the
 * token through the Authorize button the OpenAPI document's bearer scheme gives, and finds the
 * same stop sent with {@code Authorization: Bearer <token>}. Skipped without Chromium unless
 * {@code ARUS_REQUIRE_BROWSER=1} (see {@link BrowserScenario}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.security.api-token=" + SwaggerUiBrowserTest.TOKEN})
class SwaggerUiBrowserTest {

    static final String TOKEN = "swagger-ui-test-token";

    @LocalServerPort
    int port;

    @Test
    void authorizesChangesWithTheApiToken() throws Exception {
        BrowserScenario.of("swagger.e2e.mjs").run("http://localhost:" + port, Map.of("ARUS_API_TOKEN", TOKEN));
    }
}
