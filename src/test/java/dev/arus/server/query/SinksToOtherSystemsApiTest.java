package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.http.WebhookReceiver;
import dev.arus.engine.jdbc.PostgresTestServer;
import dev.arus.server.ApiClient;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The {@code jdbc} and {@code http} sinks in specs, on the started service: the connection's
 * credentials from the service's configuration and never shown, rows read back with SQL, the
 * webhook's URL masked, refusals at creation pointing at the option at fault, and a receiver that
 * keeps failing handed to the restart strategy.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.limits.mutating-requests-per-minute=1000000",
                "arus.data-dir=${java.io.tmpdir}/arus-sinks-service-${random.uuid}"})
class SinksToOtherSystemsApiTest {

    private static final PostgresTestServer DATABASE = PostgresTestServer.shared();
    private static final WebhookReceiver RECEIVER = receiver();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void connections(DynamicPropertyRegistry registry) {
        registry.add("arus.jdbc.connections.shop.url", DATABASE::url);
        registry.add("arus.jdbc.connections.shop.user", () -> PostgresTestServer.USER);
        registry.add("arus.jdbc.connections.shop.password", () -> PostgresTestServer.PASSWORD);
        registry.add("arus.http-sink.allowed-hosts", () -> "127.0.0.1");
    }

    private static WebhookReceiver receiver() {
        try {
            return new WebhookReceiver();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterAll
    static void closeReceiver() throws IOException {
        RECEIVER.close();
    }

    @AfterEach
    void deleteQueries() {
        ApiClient api = new ApiClient(port);
        api.get("/api/queries").json().forEach(query -> api.delete("/api/queries/" + query.path("id").asString()));
    }

    private static String revenue(String name, String sink) {
        return """
                {"name": "%s",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 6, "startTimestamp": 1796119200000,
                                                                      "advanceMillisPerBatch": 20000}},
                 "steps": [{"withColumn": {"name": "category", "expr": "CASE WHEN value %% 2 = 0 THEN 'books' ELSE 'games' END"}},
                           {"groupBy": {"keys": ["window(timestamp, '1 minute')", "category"],
                                        "aggregations": ["sum(value) AS revenue"]}}],
                 "outputMode": "update",
                 "trigger": {"processingTime": "100 milliseconds"},
                 "sink": %s}""".formatted(name, sink);
    }

    @Test
    void aJdbcSinkUpsertsTheShopsRevenueWithCredentialsFromConfigurationNeverShown() {
        ApiClient api = new ApiClient(port);
        String id = api.create(revenue("revenue-to-postgres", """
                {"format": "jdbc", "options": {"connection": "shop", "table": "api_revenue", "createTable": true}}"""));

        // three batches fall in the 10:00 window: rows 0 to 17, of which the even ones are books
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> DATABASE.rows("SELECT category, revenue "
                + "FROM api_revenue WHERE window_start = '2026-12-01 10:00:00+00' ORDER BY category")
                .equals(List.of("books|72", "games|81")));
        JsonNode query = api.query(id);
        assertThat(query.path("spec").path("sink").path("options").path("connection").asString()).isEqualTo("shop");
        assertThat(api.get("/api/queries/" + id).body()).doesNotContain(PostgresTestServer.PASSWORD)
                .doesNotContain("jdbc:postgresql");
        await().atMost(Duration.ofSeconds(30)).until(() -> api.query(id).path("lastProgress").path("sink")
                .path("metrics").path("lastWriteAt").isString());
        JsonNode sink = api.query(id).path("lastProgress").path("sink");
        assertThat(sink.path("description").asString()).isEqualTo("JdbcSink[shop: api_revenue]");
        assertThat(sink.path("metrics").path("target").asString()).isEqualTo("shop: api_revenue");
        assertThat(sink.path("metrics").has("writeTimeMs")).isTrue();
    }

    @Test
    void aTableThatCannotTakeTheRowsAndAnUnknownConnectionAreRefusedAtTheirOptions() {
        DATABASE.execute("CREATE TABLE api_lacking (category TEXT)");
        ApiClient api = new ApiClient(port);
        ApiClient.Response lacking = api.post("/api/queries", revenue("lacking", """
                {"format": "jdbc", "options": {"connection": "shop", "table": "api_lacking"}}"""));
        assertThat(lacking.status()).as(lacking.body()).isEqualTo(400);
        assertThat(lacking.json().path("pointer").asString()).isEqualTo("/sink/options/table");
        assertThat(lacking.json().path("errorClass").asString()).isEqualTo("JDBC_SINK_TABLE_MISMATCH");
        assertThat(lacking.json().path("detail").asString()).contains("window_start", "revenue");

        ApiClient.Response unknown = api.post("/api/queries", revenue("unknown", """
                {"format": "jdbc", "options": {"connection": "warehouse", "table": "t"}}"""));
        assertThat(unknown.status()).as(unknown.body()).isEqualTo(400);
        assertThat(unknown.json().path("pointer").asString()).isEqualTo("/sink/options/connection");
        assertThat(unknown.json().path("errorClass").asString()).isEqualTo("JDBC_SINK_CONNECTION_NOT_CONFIGURED");
        assertThat(api.get("/api/queries").json()).isEmpty();
    }

    @Test
    void anHttpSinkPostsToAnAllowedHostShowsItsUrlMaskedAndRefusesOtherHosts() {
        ApiClient api = new ApiClient(port);
        String id = api.create(revenue("revenue-alerts", """
                {"format": "http", "options": {"url": "%s"}}""".formatted(RECEIVER.url("/services/T0/B0/s3cret"))));
        await().atMost(Duration.ofSeconds(30)).until(() -> RECEIVER.requests().stream()
                .anyMatch(request -> request.idempotencyKey().equals(id + "-0")));
        assertThat(api.get("/api/queries/" + id).body()).doesNotContain("s3cret");
        assertThat(api.query(id).path("spec").path("sink").path("options").path("url").asString())
                .isEqualTo(RECEIVER.url("/services/***"));

        ApiClient.Response elsewhere = api.post("/api/queries", revenue("elsewhere", """
                {"format": "http", "options": {"url": "http://169.254.169.254/latest"}}"""));
        assertThat(elsewhere.status()).as(elsewhere.body()).isEqualTo(400);
        assertThat(elsewhere.json().path("pointer").asString()).isEqualTo("/sink/options/url");
        assertThat(elsewhere.json().path("errorClass").asString()).isEqualTo("HTTP_SINK_HOST_NOT_ALLOWED");
    }

    @Test
    void aReceiverThatKeepsFailingHandsTheQueryToItsRestartStrategy() {
        ApiClient api = new ApiClient(port);
        try (WebhookReceiver failing = receiver()) {
            failing.always(WebhookReceiver.Answer.SERVER_ERROR);
            String id = api.create(revenue("failing-alerts", """
                    {"format": "http", "options": {"url": "%s", "maxBatchTime": "300 milliseconds"}},
                     "restart": {"strategy": "fixed-delay", "attempts": 3, "delay": "1 minute\"""".formatted(
                    failing.url("/hook")) + "}"));

            await().atMost(Duration.ofSeconds(30)).until(() -> api.query(id).path("state").asString()
                    .equals("RESTARTING"));
            assertThat(api.query(id).path("exception").path("errorClass").asString()).isEqualTo("HTTP_SINK_UNAVAILABLE");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
