package dev.arus.server.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The service with an API token: who may change what, over real HTTP and a real WebSocket handshake. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.security.api-token=" + ApiAccessTest.TOKEN,
                "arus.data-dir=${java.io.tmpdir}/arus-access-${random.uuid}"})
class ApiAccessTest {

    static final String TOKEN = "access-test-token-7f3a";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String SPEC = """
            {"name": "%s", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 5}},
             "trigger": {"processingTime": "1 second"}, "sink": {"format": "noop"}}""";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Value("${local.server.port}")
    int port;

    @Test
    void eachChangeNeedsTheRightToken() throws Exception {
        String create = SPEC.formatted("guarded");
        assertRefused(send("POST", "/api/queries", create, null), false);
        assertRefused(send("POST", "/api/queries", create, "wrong-token"), true);
        assertThat(queryCount()).isZero();

        HttpResponse<String> created = send("POST", "/api/queries", create, TOKEN);
        assertThat(created.statusCode()).isEqualTo(201);
        String id = JSON.readTree(created.body()).path("id").asString();
        try {
            for (String path : List.of("/api/queries/" + id + "/stop", "/api/queries/" + id + "/start")) {
                assertRefused(send("POST", path, null, null), false);
                assertRefused(send("POST", path, null, "wrong-token"), true);
            }
            assertThat(send("POST", "/api/queries/" + id + "/stop", null, TOKEN).statusCode()).isEqualTo(200);
            assertThat(send("POST", "/api/queries/" + id + "/start", null, TOKEN).statusCode()).isEqualTo(200);
            assertRefused(send("DELETE", "/api/queries/" + id, null, null), false);
            assertRefused(send("DELETE", "/api/queries/" + id, null, "wrong-token"), true);
            assertThat(queryCount()).isEqualTo(1);
        } finally {
            assertThat(send("DELETE", "/api/queries/" + id, null, TOKEN).statusCode()).isEqualTo(204);
        }
        assertThat(queryCount()).isZero();
    }

    @Test
    void readsHealthAndMetricsNeedNoToken() throws Exception {
        String id = JSON.readTree(send("POST", "/api/queries", SPEC.formatted("readable"), TOKEN).body())
                .path("id").asString();
        try {
            for (String path : List.of("/api/queries", "/api/queries/" + id, "/api/queries/" + id + "/progress",
                    "/api/queries/" + id + "/batches", "/api/access", "/actuator/health", "/actuator/prometheus",
                    "/v3/api-docs")) {
                assertThat(send("GET", path, null, null).statusCode()).as(path).isEqualTo(200);
            }
            JsonNode access = JSON.readTree(send("GET", "/api/access", null, null).body());
            assertThat(access.path("tokenRequired").asBoolean()).isTrue();
            assertThat(access.path("authenticated").asBoolean()).isFalse();
            assertThat(JSON.readTree(send("GET", "/api/access", null, TOKEN).body()).path("authenticated").asBoolean())
                    .isTrue();
        } finally {
            send("DELETE", "/api/queries/" + id, null, TOKEN);
        }
    }

    @Test
    void requestsAreTimedOnceEachAndNotAgainByEverySecurityFilter() throws Exception {
        assertThat(send("GET", "/api/queries", null, null).statusCode()).isEqualTo(200);
        String metrics = send("GET", "/actuator/prometheus", null, null).body();
        assertThat(metrics).contains("http_server_requests_seconds_count{").doesNotContain("spring_security_");
    }

    @Test
    void theRestOfTheActuatorFollowsTheToken() throws Exception {
        for (String path : List.of("/actuator/streamingqueries", "/actuator", "/actuator/info")) {
            assertRefused(send("GET", path, null, null), false);
            assertRefused(send("GET", path, null, "wrong-token"), true);
        }
        assertThat(send("GET", "/actuator/streamingqueries", null, TOKEN).statusCode()).isEqualTo(200);
    }

    @Test
    void everyResponseCarriesTheSecurityHeaders() throws Exception {
        HttpResponse<String> page = send("GET", "/", null, null);
        String csp = page.headers().firstValue("Content-Security-Policy").orElse("");
        assertThat(csp).contains("script-src 'self'", "frame-ancestors 'none'", "connect-src 'self' ws: wss:")
                .doesNotContain("script-src 'self' 'unsafe-inline'").doesNotContain("unsafe-eval");
        assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        assertThat(page.headers().firstValue("X-Frame-Options")).hasValue("DENY");
    }

    @Test
    void theLiveHandshakeNeedsTheTokenAsSubprotocolOrParameter() throws Exception {
        String id = JSON.readTree(send("POST", "/api/queries", SPEC.formatted("live-guarded"), TOKEN).body())
                .path("id").asString();
        try {
            URI ws = URI.create("ws://localhost:" + port + "/ws/queries/" + id);
            assertThatThrownBy(() -> open(ws, "arus.live"))
                    .hasCauseInstanceOf(WebSocketHandshakeException.class)
                    .satisfies(e -> assertThat(((WebSocketHandshakeException) e.getCause()).getResponse().statusCode())
                            .isEqualTo(401));
            assertThatThrownBy(() -> open(ws, "arus.live", protocol("wrong-token")))
                    .hasCauseInstanceOf(WebSocketHandshakeException.class);

            WebSocket viaProtocol = open(ws, "arus.live", protocol(TOKEN));
            assertThat(viaProtocol.getSubprotocol()).isEqualTo("arus.live");
            viaProtocol.abort();
            WebSocket viaParameter = open(URI.create(ws + "?access_token=" + TOKEN), null);
            viaParameter.abort();
        } finally {
            send("DELETE", "/api/queries/" + id, null, TOKEN);
        }
    }

    private WebSocket open(URI uri, String protocol, String... more) {
        WebSocket.Builder builder = http.newWebSocketBuilder();
        if (protocol != null) {
            builder.subprotocols(protocol, more);
        }
        try {
            return builder.buildAsync(uri, new WebSocket.Listener() { }).orTimeout(10, TimeUnit.SECONDS).join();
        } catch (CompletionException failed) {
            throw failed;
        }
    }

    private static String protocol(String token) {
        return "arus.token." + Base64.getUrlEncoder().withoutPadding().encodeToString(token.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertRefused(HttpResponse<String> response, boolean wrongToken) throws Exception {
        assertThat(response.statusCode()).as(response.uri().toString()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate").orElse(""))
                .startsWith("Bearer").contains(wrongToken ? "invalid_token" : "realm");
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        assertThat(JSON.readTree(response.body()).path("status").asInt()).isEqualTo(401);
    }

    private int queryCount() throws Exception {
        return JSON.readTree(send("GET", "/api/queries", null, null).body()).size();
    }

    private HttpResponse<String> send(String method, String path, String body, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
