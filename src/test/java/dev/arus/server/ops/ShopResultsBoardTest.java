package dev.arus.server.ops;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.jdbc.PostgresTestServer;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The results board ({@code ops/grafana/arus-shop-results.json}) as a user imports and reads it:
 * it asks for a PostgreSQL data source, and each panel's SQL, with Grafana's macros expanded as
 * its PostgreSQL data source expands them, answers with rows from a table that a real
 * {@code jdbc} sink wrote (the shop's revenue per category per minute, checkpointed), in a real
 * PostgreSQL server.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShopResultsBoardTest {

    private static final Path BOARD = Path.of("ops/grafana/arus-shop-results.json");
    private static final Pattern TIME_FILTER = Pattern.compile("\\$__timeFilter\\((\\w+)\\)");
    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");

    private final JsonNode board = JsonMapper.builder().build().readTree(read());
    private final PostgresTestServer database = PostgresTestServer.shared();
    private QueryTestDriver driver;

    private static String read() {
        try {
            return Files.readString(BOARD);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @BeforeAll
    void writeTheShopsRevenue() throws IOException {
        driver = new QueryTestDriver(START, 1, null, Map.of("arus.jdbc.connections.shop.url", database.url(),
                "arus.jdbc.connections.shop.user", PostgresTestServer.USER,
                "arus.jdbc.connections.shop.password", PostgresTestServer.PASSWORD));
        String checkpoint = Files.createTempDirectory("arus-board-checkpoint").toString();
        driver.start(driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", 30)
                        .option("startTimestamp", START.toEpochMilli()).option("advanceMillisPerBatch", 20_000).load()
                        .withColumn("category", expr("CASE value % 3 WHEN 0 THEN 'books' WHEN 1 THEN 'games' END"))
                        .withColumn("amount", expr("CAST(value % 50 AS DOUBLE)"))
                        .groupBy(window(col("timestamp"), "1 minute"), col("category"))
                        .agg("count(*) AS orders", "sum(amount) AS revenue"),
                w -> w.format("jdbc").outputMode("update").option("connection", "shop").option("table", "revenue")
                        .option("createTable", true).option("checkpointLocation", checkpoint));
        driver.runBatches(6);
    }

    @AfterAll
    void stopQuery() {
        driver.close();
    }

    @Test
    void asksForItsPostgresDataSourceOnImport() {
        assertThat(board.path("__inputs")).singleElement().satisfies(input -> {
            assertThat(input.path("name").asString()).isEqualTo("DS_POSTGRES");
            assertThat(input.path("pluginId").asString()).isEqualTo("grafana-postgresql-datasource");
        });
        assertThat(panels()).allSatisfy(panel -> assertThat(panel.path("datasource").path("uid").asString())
                .isEqualTo("${datasource}"));
    }

    @Test
    void revenuePerCategoryIsATimeSeriesPerCategoryFromTheSinksTable() {
        JsonNode panel = panel("Revenue per category per minute");
        assertThat(panel.path("targets").get(0).path("format").asString()).isEqualTo("time_series");

        // three 20-second batches a minute: values 0 to 89 in the first, of which a third are books
        List<String> rows = database.rows(expanded(panel));
        assertThat(rows).containsExactly(
                "2026-12-01 10:00:00+00|books|655", "2026-12-01 10:00:00+00|games|685",
                "2026-12-01 10:00:00+00|null|665", "2026-12-01 10:01:00+00|books|705",
                "2026-12-01 10:01:00+00|games|685", "2026-12-01 10:01:00+00|null|715");
    }

    @Test
    void everyPanelsSqlAnswersWithRows() {
        for (JsonNode panel : panels()) {
            String sql = expanded(panel);
            assertThat(database.rows(sql)).as("%s: %s", panel.path("title").asString(), sql).isNotEmpty()
                    .allSatisfy(row -> assertThat(row).doesNotStartWith("null|"));
        }
    }

    private List<JsonNode> panels() {
        List<JsonNode> panels = new ArrayList<>();
        board.path("panels").forEach(panels::add);
        return panels;
    }

    private JsonNode panel(String title) {
        return panels().stream().filter(panel -> panel.path("title").asString().equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError("no panel " + title + " in " + BOARD));
    }

    /** The panel's SQL as Grafana's PostgreSQL data source runs it, over 10:00 to 11:00 and the table {@code revenue}. */
    private String expanded(JsonNode panel) {
        String sql = panel.path("targets").get(0).path("rawSql").asString().replace("${table}", "revenue");
        Matcher filter = TIME_FILTER.matcher(sql);
        return filter.replaceAll(match -> match.group(1)
                + " BETWEEN '2026-12-01T10:00:00Z' AND '2026-12-01T11:00:00Z'");
    }
}
