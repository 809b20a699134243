package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.http.WebhookReceiver;
import dev.arus.engine.jdbc.PostgresTestServer;
import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The {@code jdbc} and {@code http} sinks on Spark: the spec's query computed by Spark, each
 * batch handed by its foreachBatch to Arus's own sink on the driver, so that the same transaction
 * and the same idempotency hold: upserts by the grouping keys into a real PostgreSQL server, a
 * batch Spark runs again (its commit log entry gone, as after a crash) skipped inside its
 * transaction, and a webhook posted with the query and batch as its key.
 */
@SparkService
class SparkArusSinksTest {

    private static final PostgresTestServer DATABASE = PostgresTestServer.shared();
    private static final WebhookReceiver RECEIVER = receiver();

    @LocalServerPort
    int port;

    @Autowired
    ArusProperties properties;

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

    @Test
    void upsertsTheRevenuePerWindowAndCategoryByItsGroupingKeys() {
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "spark-revenue-to-postgres", "engine": "spark",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 6, "startTimestamp": 1796119200000,
                                                                      "advanceMillisPerBatch": 20000}},
                 "steps": [{"withColumn": {"name": "category", "expr": "CASE WHEN value % 2 = 0 THEN 'books' ELSE 'games' END"}},
                           {"groupBy": {"keys": ["window(timestamp, '1 minute')", "category"],
                                        "aggregations": ["sum(value) AS revenue"]}}],
                 "outputMode": "update",
                 "trigger": {"processingTime": "200 milliseconds"},
                 "sink": {"format": "jdbc", "options": {"connection": "shop", "table": "spark_revenue", "createTable": true}}}
                """);
        try {
            await().atMost(Duration.ofSeconds(120)).ignoreExceptions().until(() -> DATABASE.rows("SELECT category, "
                    + "revenue FROM spark_revenue WHERE window_start = '2026-12-01 10:00:00+00' ORDER BY category")
                    .equals(List.of("books|72", "games|81")));
            assertThat(DATABASE.rows("SELECT count(*) FROM spark_revenue GROUP BY window_start, category HAVING count(*) > 1"))
                    .isEmpty();
            await().atMost(Duration.ofSeconds(60)).until(() -> api.query(id).path("lastProgress").path("sink")
                    .path("metrics").path("lastWriteAt").isString());
            assertThat(api.query(id).path("lastProgress").path("sink").path("metrics").path("target").asString())
                    .isEqualTo("shop: spark_revenue");
        } finally {
            api.delete("/api/queries/" + id);
        }
    }

    @Test
    void aBatchSparkRunsAgainIsSkippedInsideItsTransaction() throws Exception {
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "spark-values-once", "engine": "spark",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 3}},
                 "steps": [{"select": ["value"]}],
                 "trigger": {"processingTime": "200 milliseconds"},
                 "checkpointLocation": "checkpoints/spark-values-once",
                 "sink": {"format": "jdbc", "options": {"connection": "shop", "table": "spark_once", "createTable": true}}}
                """);
        try {
            await().atMost(Duration.ofSeconds(120)).ignoreExceptions().until(() ->
                    Integer.parseInt(DATABASE.rows("SELECT count(*) FROM spark_once").get(0)) >= 9);
            assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
            Path commits = properties.dataDir().resolve("checkpoints/spark-values-once/commits");
            long last;
            try (var entries = Files.list(commits)) {
                last = entries.map(path -> path.getFileName().toString()).filter(name -> name.matches("\\d+"))
                        .mapToLong(Long::parseLong).max().orElseThrow();
            }
            Files.delete(commits.resolve(Long.toString(last)));
            long rowsBefore = Long.parseLong(DATABASE.rows("SELECT count(*) FROM spark_once").get(0));
            assertThat(api.post("/api/queries/" + id + "/start").status()).isEqualTo(200);
            await().atMost(Duration.ofSeconds(120)).ignoreExceptions().until(() ->
                    Long.parseLong(DATABASE.rows("SELECT count(*) FROM spark_once").get(0)) >= rowsBefore + 6);

            assertThat(DATABASE.rows("SELECT value FROM spark_once GROUP BY value HAVING count(*) > 1"))
                    .as("values written twice").isEmpty();
            assertThat(DATABASE.rows("SELECT count(*) = max(value) + 1 FROM spark_once")).containsExactly("t");
            assertThat(DATABASE.rows("SELECT count(*) FROM arus_sink_commits WHERE query_id = '" + id
                    + "' AND batch_id = " + last)).containsExactly("1");
        } finally {
            api.delete("/api/queries/" + id);
        }
    }

    @Test
    void postsEachBatchToAWebhookWithTheQueryAndBatchAsItsKey() {
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "spark-alerts", "engine": "spark",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 2}},
                 "steps": [{"selectExpr": ["value", "CAST(value AS DOUBLE) * 2.5 AS revenue"]}],
                 "trigger": {"processingTime": "200 milliseconds"},
                 "sink": {"format": "http", "options": {"url": "%s"}}}
                """.formatted(RECEIVER.url("/spark")));
        try {
            await().atMost(Duration.ofSeconds(120)).until(() -> RECEIVER.requests().stream()
                    .anyMatch(request -> (id + "-1").equals(request.idempotencyKey())));
            assertThat(RECEIVER.requests().stream().filter(request -> (id + "-0").equals(request.idempotencyKey()))
                    .findFirst().orElseThrow().body()).isEqualTo("[{\"value\":0,\"revenue\":0.0},{\"value\":1,\"revenue\":2.5}]");
        } finally {
            api.delete("/api/queries/" + id);
        }
    }
}
