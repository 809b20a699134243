package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import dev.arus.server.Specs;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Queries written in SQL (DESIGN §11) on the started service: the chapter's query posted as
 * {@code "sql"} gives the windows its steps give, batch for batch; its tables are sources,
 * static tables and the event log's streams; and a statement's mistakes are refused with a
 * pointer to {@code /sql}, their line and column, and the engine's error class.
 */
@StartedService
class SqlQueriesTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    /** {@link Specs#chapterOverMicroBatches} in SQL: the same source, watermark, window and count. */
    private static final String CHAPTER_SQL = """
            {"name": "%s",
             "sql": "SELECT window(event_time, '8 seconds') AS window, count(*) AS count\\nFROM visits WATERMARK CAST(unix_timestamp(timestamp) - value %% 3 AS TIMESTAMP) AS event_time\\n  DELAY OF INTERVAL 4 SECONDS\\nGROUP BY window(event_time, '8 seconds')",
             "tables": {"visits": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10, "advanceMillisPerBatch": 1000}}},
             "outputMode": "append",
             "trigger": {"processingTime": "100 milliseconds"},
             "sink": {"format": "noop"}}
            """;

    @LocalServerPort
    int port;

    @Autowired
    ArusProperties properties;

    private ApiClient api() {
        return new ApiClient(port);
    }

    @AfterEach
    void deleteEverything() {
        ApiClient api = api();
        api.get("/api/queries").json().forEach(query -> api.delete("/api/queries/" + query.path("id").asString()));
        api.get("/api/streams").json().forEach(stream -> api.delete("/api/streams/" + stream.path("name").asString()));
    }

    /**
     * The chapter's windows (see {@code QueryControllerTest}): 81 rows in [0 s, 8 s) and in
     * [8 s, 16 s), 78 in [16 s, 24 s), each in the same batch as the steps emit it.
     */
    @Test
    void theChaptersQueryInSqlEmitsTheWindowsOfItsStepsBatchForBatch() {
        ApiClient api = api();
        String steps = api.create(Specs.chapterOverMicroBatches("chapter-steps"));
        String sql = api.create(CHAPTER_SQL.formatted("chapter-sql"));

        Map<Long, String> fromSteps = windowsUntil(api, steps, 30);
        Map<Long, String> fromSql = windowsUntil(api, sql, 30);

        assertThat(fromSql).isEqualTo(fromSteps);
        assertThat(fromSql.values()).contains(
                "[{\"window\":{\"start\":\"1970-01-01T00:00:00.000Z\",\"end\":\"1970-01-01T00:00:08.000Z\"},\"count\":81}]",
                "[{\"window\":{\"start\":\"1970-01-01T00:00:08.000Z\",\"end\":\"1970-01-01T00:00:16.000Z\"},\"count\":81}]",
                "[{\"window\":{\"start\":\"1970-01-01T00:00:16.000Z\",\"end\":\"1970-01-01T00:00:24.000Z\"},\"count\":78}]");
        JsonNode served = api.query(sql).path("spec");
        assertThat(served.path("sql").asString()).startsWith("SELECT window(event_time, '8 seconds')");
        assertThat(served.has("source")).isFalse();
    }

    /** The rows of each of the query's batches up to {@code batches}, by batch id, once it has run that many and stopped. */
    private static Map<Long, String> windowsUntil(ApiClient api, String id, int batches) {
        await().atMost(DEADLINE).pollInterval(Duration.ofMillis(50)).until(() ->
                api.query(id).path("lastProgress").path("batchId").asLong(-1) >= batches);
        api.post("/api/queries/" + id + "/stop");
        Map<Long, String> rows = new LinkedHashMap<>();
        for (JsonNode batch : api.get("/api/queries/" + id + "/batches?limit=100").json()) {
            if (batch.path("batchId").asLong() <= batches) {
                rows.put(batch.path("batchId").asLong(), batch.path("rows").toString());
            }
        }
        assertThat(rows).as("batches of %s", id).hasSize(batches + 1);
        return rows;
    }

    @Test
    void readsAStaticTableOfTheSpecAndAnEventLogStreamByItsName() throws IOException {
        Files.createDirectories(properties.dataDir().resolve("tables"));
        Files.writeString(properties.dataDir().resolve("tables/catalogue.csv"), "product,category\nnovel,books\n");
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"sales\", \"schema\": \"order_id STRING, product STRING\"}");
        String id = api.create("""
                {"name": "enriched-sql",
                 "sql": "SELECT s.order_id, c.category FROM STREAM(sales) s LEFT JOIN catalogue c ON s.product = c.product",
                 "tables": {"catalogue": {"format": "csv", "static": true, "schema": "product STRING, category STRING",
                                          "options": {"path": "tables/catalogue.csv", "header": true}}},
                 "trigger": {"processingTime": "50 milliseconds"}, "sink": {"format": "memory"}}""");
        api.post("/api/streams/sales/events", "[{\"order_id\": \"o-1\", \"product\": \"novel\"}, "
                + "{\"order_id\": \"o-2\", \"product\": \"lamp\"}]");

        await().atMost(DEADLINE).until(() -> api.get("/api/queries/" + id + "/table").json().path("numRows").asInt() == 2);
        String rows = api.get("/api/queries/" + id + "/table").json().path("rows").toString();
        assertThat(rows).contains("{\"order_id\":\"o-1\",\"category\":\"books\"}")
                .contains("{\"order_id\":\"o-2\",\"category\":null}");
    }

    @Test
    void pointsAtTheLineAndColumnOfASyntaxError() {
        ApiClient.Response refused = api().post("/api/queries", sqlSpec("SELECT value\\nFROM visits\\nGROUP value"));

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        JsonNode problem = refused.json();
        assertThat(problem.path("type").asString()).endsWith("/invalid-sql");
        assertThat(problem.path("pointer").asString()).isEqualTo("/sql");
        assertThat(problem.path("line").asInt()).isEqualTo(3);
        assertThat(problem.path("column").asInt()).isEqualTo(7);
        assertThat(problem.path("position").asInt()).isEqualTo(31);
        assertThat(problem.path("errorClass").asString()).isEqualTo("PARSE_SYNTAX_ERROR");
        assertThat(problem.path("detail").asString()).isEqualTo("[PARSE_SYNTAX_ERROR] Syntax error at or near"
                + " 'value': missing 'BY'. SQLSTATE: 42601 (line 3, pos 6)");
    }

    @Test
    void pointsAtAnUnknownTableAndAnUnknownColumn() {
        ApiClient api = api();
        JsonNode table = api.post("/api/queries", sqlSpec("SELECT value FROM vists")).json();
        assertThat(table.path("errorClass").asString()).isEqualTo("TABLE_OR_VIEW_NOT_FOUND");
        assertThat(table.path("column").asInt()).isEqualTo(19);

        JsonNode column = api.post("/api/queries", sqlSpec("SELECT valeu FROM visits")).json();
        assertThat(column.path("type").asString()).endsWith("/invalid-sql");
        assertThat(column.path("errorClass").asString()).isEqualTo("UNRESOLVED_COLUMN.WITH_SUGGESTION");
        assertThat(column.path("line").asInt()).isEqualTo(1);
        assertThat(column.path("column").asInt()).isEqualTo(8);
        assertThat(column.path("detail").asString()).isEqualTo("[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column,"
                + " variable, or function parameter with name `valeu` cannot be resolved. Did you mean one of the"
                + " following? [`value`, `timestamp`]. SQLSTATE: 42703; line 1 pos 7");
    }

    @Test
    void refusesWhatArusDoesNotRunYetAsAnUnsupportedOperation() {
        JsonNode limit = api().post("/api/queries", sqlSpec("SELECT value FROM visits LIMIT 1 + 1")).json();

        assertThat(limit.path("type").asString()).endsWith("/unsupported-operation");
        assertThat(limit.path("errorClass").asString()).isEqualTo("UNSUPPORTED_FEATURE.SQL_CONSTRUCT");
        assertThat(limit.path("column").asInt()).isEqualTo(32);
    }

    /**
     * Spark's {@code UNION ALL} of two streams: every row each input reads, in the batch that
     * reads it, under the first input's column names, each column of the type both widen to.
     */
    @Test
    void unionAllOfTwoStreamsWritesTheRowsOfBothUnderTheFirstInputsNames() {
        ApiClient api = api();
        String id = api.create("""
                {"name": "union-sql",
                 "sql": "SELECT value AS v, 'a' AS side FROM a\\nUNION ALL\\nSELECT CAST(value + 100 AS INT), 'b' FROM b",
                 "tables": {"a": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 2}},
                            "b": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 3}}},
                 "trigger": {"processingTime": "50 milliseconds"}, "sink": {"format": "memory"}}""");

        await().atMost(DEADLINE).until(() -> api.get("/api/queries/" + id + "/table").json().path("numRows").asInt() >= 10);
        String rows = api.get("/api/queries/" + id + "/table").json().path("rows").toString();
        assertThat(rows).contains("{\"v\":0,\"side\":\"a\"}", "{\"v\":3,\"side\":\"a\"}",
                "{\"v\":100,\"side\":\"b\"}", "{\"v\":105,\"side\":\"b\"}");
        JsonNode progress = api.query(id).path("lastProgress");
        assertThat(progress.path("sources")).hasSize(2);
        assertThat(progress.path("numInputRows").asLong()).isEqualTo(5);
    }

    /** Spark's ORDER BY after an aggregation in complete mode: each batch's whole result, in the sort's order. */
    @Test
    void ordersEachBatchOfACompleteAggregationAsItsOrderBySays() {
        ApiClient api = api();
        String id = api.create("""
                {"name": "sorted-sql",
                 "sql": "SELECT value % 4 AS k, sum(value) AS s FROM visits GROUP BY 1 ORDER BY s DESC",
                 "tables": {"visits": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10}}},
                 "outputMode": "complete", "conf": {"spark.sql.shuffle.partitions": "4"},
                 "trigger": {"processingTime": "50 milliseconds"}, "sink": {"format": "memory"}}""");

        await().atMost(DEADLINE).until(() -> api.query(id).path("lastProgress").path("batchId").asLong(-1) >= 1);
        api.post("/api/queries/" + id + "/stop");
        for (JsonNode batch : api.get("/api/queries/" + id + "/batches?limit=100").json()) {
            JsonNode rows = batch.path("rows");
            assertThat(rows).as("batch %s", batch.path("batchId")).hasSize(4);
            for (int i = 1; i < rows.size(); i++) {
                assertThat(rows.get(i).path("s").asLong()).isLessThan(rows.get(i - 1).path("s").asLong());
            }
        }
    }

    @Test
    void refusesAnOrderByInUpdateModeAsTheStatementsProblemWithSparksWords() {
        JsonNode refused = api().post("/api/queries", """
                {"name": "sorted-update", "outputMode": "update",
                 "sql": "SELECT value % 4 AS k, count(*) AS n FROM visits GROUP BY 1 ORDER BY n",
                 "tables": {"visits": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10}}},
                 "sink": {"format": "noop"}}""").json();

        assertThat(refused.path("type").asString()).endsWith("/unsupported-operation");
        assertThat(refused.path("pointer").asString()).isEqualTo("/sql");
        assertThat(refused.path("errorClass").asString()).isEqualTo("_LEGACY_ERROR_TEMP_3102");
        assertThat(refused.path("detail").asString()).isEqualTo("Sorting is not supported on streaming"
                + " DataFrames/Datasets, unless it is on aggregated DataFrame/Dataset in Complete output mode");
    }

    @Test
    void refusesAUnionOfInputsOfDifferentWidthsAtItsStartWithSparksErrorClass() {
        JsonNode refused = api().post("/api/queries", sqlSpec("SELECT value FROM visits\\nUNION ALL"
                + " SELECT value, timestamp FROM visits")).json();

        assertThat(refused.path("type").asString()).endsWith("/invalid-sql");
        assertThat(refused.path("errorClass").asString()).isEqualTo("NUM_COLUMNS_MISMATCH");
        assertThat(refused.path("line").asInt()).isEqualTo(1);
        assertThat(refused.path("column").asInt()).isEqualTo(1);
        assertThat(refused.path("detail").asString()).startsWith("[NUM_COLUMNS_MISMATCH] UNION can only be performed"
                + " on inputs with the same number of columns, but the first input has 1 columns and the second"
                + " input has 2 columns.");
    }

    @Test
    void refusesSqlBesideStepsAndTablesWithoutSql() {
        ApiClient api = api();
        ApiClient.Response both = api.post("/api/queries", """
                {"name": "both", "sql": "SELECT * FROM visits",
                 "source": {"format": "rate"}, "sink": {"format": "noop"}}""");
        assertThat(both.status()).isEqualTo(400);
        assertThat(both.json().path("pointer").asString()).isEqualTo("/sql");

        ApiClient.Response tables = api.post("/api/queries", """
                {"name": "tables", "source": {"format": "rate"}, "tables": {"t": {"format": "rate"}},
                 "sink": {"format": "noop"}}""");
        assertThat(tables.status()).isEqualTo(400);
        assertThat(tables.json().path("pointer").asString()).isEqualTo("/tables");

        ApiClient.Response badTable = api.post("/api/queries", """
                {"name": "bad-table", "sql": "SELECT * FROM t", "tables": {"t": {"format": "rate",
                 "options": {"rowsPerSecnd": 1}}}, "sink": {"format": "noop"}}""");
        assertThat(badTable.status()).isEqualTo(400);
        assertThat(badTable.json().path("pointer").asString()).isEqualTo("/tables/t/options/rowsPerSecnd");
    }

    private static String sqlSpec(String sql) {
        return """
                {"name": "refused", "sql": "%s",
                 "tables": {"visits": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10}}},
                 "sink": {"format": "noop"}}""".formatted(sql);
    }
}
