package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A spec in SQL on the Spark engine, through the started service: the statement goes to
 * {@code spark.sql} over the spec's tables as temporary views of the query's own Spark session.
 * A query on Spark and the same on both engines give the same batches; the statement's mistakes
 * are the problems Arus's engine gives, at the same line and column; a query sees only its own
 * views; and an event-log stream is found by its name and read, as on Arus's engine.
 */
@SparkService
class SparkSqlQueryTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);

    /** The chapter's query in SQL over micro-batches, as {@code %s} for its name and engine. */
    private static final String CHAPTER = """
            {"name": "%s", "engine": "%s",
             "sql": "SELECT window(event_time, '2 seconds') AS window, count(*) AS count\\nFROM visits WATERMARK CAST(unix_timestamp(timestamp) - value %% 3 AS TIMESTAMP) AS event_time\\n  DELAY OF INTERVAL 1 SECOND\\nGROUP BY window(event_time, '2 seconds')",
             "tables": {"visits": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10, "advanceMillisPerBatch": 1000}}},
             "outputMode": "append", "trigger": {"processingTime": "200 milliseconds"}, "sink": {"format": "noop"}}
            """;

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    @Autowired
    DataDirectory dataDirectory;

    @Autowired
    SparkSessions spark;

    private final RegistryEvents events = new RegistryEvents();

    @BeforeEach
    void hear() throws Exception {
        registry.addListener(events);
        spark.newSession(); // Spark starts at its first query: here, not within a request's time
        Path skus = dataDirectory.resolve("tables/skus.csv");
        Files.createDirectories(skus.getParent());
        Files.writeString(skus, "sku,category\n0,books\n1,games\n");
    }

    @Test
    void theSameStatementOnSparkAndOnBothEnginesGivesTheSameBatches() throws Exception {
        ApiClient api = new ApiClient(port);
        String onSpark = api.create(CHAPTER.formatted("chapter-sql-on-spark", "spark"));
        String onBoth = api.create(CHAPTER.formatted("chapter-sql-on-both", "both"));
        try {
            events.awaitBatches(onSpark, 8);
            events.awaitBatches(onBoth, 8);
            await().atMost(DEADLINE).until(() ->
                    api.query(onBoth).path("comparison").path("batchesCompared").asLong() >= 8);
            api.post("/api/queries/" + onSpark + "/stop");
            api.post("/api/queries/" + onBoth + "/stop");

            JsonNode comparison = api.query(onBoth).path("comparison");
            assertThat(comparison.path("batchesDiffering").asLong()).as(comparison.toString()).isZero();
            List<String> spark = DifferentialRun.lines(api, onSpark, 8);
            assertThat(spark).as("the windows come out").anyMatch(line -> line.contains("\"count\":"));
            assertThat(DifferentialRun.lines(api, onBoth, 8)).as("Arus's run of the query on both")
                    .containsExactlyElementsOf(spark);
            assertThat(api.query(onSpark).path("spec").path("sql").asString()).startsWith("SELECT window(");
        } finally {
            api.delete("/api/queries/" + onSpark);
            api.delete("/api/queries/" + onBoth);
        }
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of("a syntax error", "SELECT value\\nFROM visits\\nGROUP value", "invalid-sql",
                        "PARSE_SYNTAX_ERROR", 3, 7, 31),
                Arguments.of("an unknown column", "SELECT valeu FROM visits", "invalid-sql",
                        "UNRESOLVED_COLUMN.WITH_SUGGESTION", 1, 8, 7),
                Arguments.of("an unknown qualified column", "SELECT v.timestmp FROM visits v", "invalid-sql",
                        "UNRESOLVED_COLUMN.WITH_SUGGESTION", 1, 8, 7),
                Arguments.of("an unknown table", "SELECT value\\nFROM  vists", "invalid-sql",
                        "TABLE_OR_VIEW_NOT_FOUND", 2, 7, 19),
                Arguments.of("an unknown table read as a stream", "SELECT value FROM STREAM(vists)", "invalid-sql",
                        "TABLE_OR_VIEW_NOT_FOUND", 1, 19, 18),
                Arguments.of("an unknown function", "SELECT value, foo(value) FROM visits", "invalid-sql",
                        "UNRESOLVED_ROUTINE", 1, 15, 14));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mistakes")
    void aStatementsMistakeIsTheProblemArusGivesAtItsLineAndColumn(String kind, String sql, String type,
                                                                  String errorClass, int line, int column,
                                                                  int position) {
        ApiClient api = new ApiClient(port);
        List<String> before = api.names();

        JsonNode onSpark = refused(api, sql, "spark");
        JsonNode onArus = refused(api, sql, "arus");

        assertThat(onSpark.path("type").asString()).isEqualTo("https://arus.dev/problems/" + type);
        assertThat(onSpark.path("pointer").asString()).isEqualTo("/sql");
        assertThat(onSpark.path("errorClass").asString()).isEqualTo(errorClass);
        assertThat(onSpark.path("line").asInt()).isEqualTo(line);
        assertThat(onSpark.path("column").asInt()).isEqualTo(column);
        assertThat(onSpark.path("position").asInt()).isEqualTo(position);
        assertThat(onSpark.path("detail").asString()).startsWith("[" + errorClass + "]")
                .doesNotContain("== SQL ==").doesNotContain("\n+- ");
        if (errorClass.startsWith("UNRESOLVED_COLUMN")) {
            // Spark's words and its suggestions, in its order
            assertThat(onArus.path("detail").asString()).startsWith(sqlStateOf(onSpark.path("detail").asString()));
        }
        for (String field : List.of("type", "pointer", "errorClass", "line", "column", "position")) {
            assertThat(onSpark.path(field)).as("%s on Spark and on Arus", field).isEqualTo(onArus.path(field));
        }
        assertThat(api.names()).isEqualTo(before);
    }

    static Stream<Arguments> refusedAtStart() {
        return Stream.of(
                Arguments.of("a distinct aggregate", "SELECT value % 3 AS k, count(DISTINCT value) AS n FROM visits"
                        + " GROUP BY 1", "update", "unsupported-operation", "/sql", "_LEGACY_ERROR_TEMP_3102"),
                Arguments.of("a window function", "SELECT value, row_number() OVER (PARTITION BY value % 2 ORDER BY"
                        + " timestamp) AS r FROM visits", "append", "unsupported-operation", "/sql",
                        "NON_TIME_WINDOW_NOT_SUPPORTED_IN_STREAMING"),
                Arguments.of("an aggregation without a watermark in append mode", "SELECT value % 3 AS k, count(*) AS n"
                        + " FROM visits GROUP BY 1", "append", "invalid-output-mode", "/outputMode",
                        "STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION"),
                Arguments.of("a sort without an aggregation", "SELECT value FROM visits ORDER BY value", "append",
                        "unsupported-operation", "/sql", "_LEGACY_ERROR_TEMP_3102"),
                Arguments.of("a sort after an aggregation in update mode", "SELECT value % 3 AS k, count(*) AS n"
                        + " FROM visits GROUP BY 1 ORDER BY n", "update", "unsupported-operation", "/sql",
                        "_LEGACY_ERROR_TEMP_3102"));
    }

    /** Spark refuses these as the query starts, not as it analyses the statement; Arus as it plans or starts it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedAtStart")
    void whatSparkRefusesAsTheQueryStartsIsTheProblemArusGives(String kind, String sql, String outputMode,
                                                               String type, String pointer, String errorClass) {
        ApiClient api = new ApiClient(port);
        List<String> before = api.names();

        JsonNode onSpark = refused(api, sql, "spark", outputMode);
        JsonNode onArus = refused(api, sql, "arus", outputMode);

        assertThat(onSpark.path("type").asString()).isEqualTo("https://arus.dev/problems/" + type);
        assertThat(onSpark.path("pointer").asString()).isEqualTo(pointer);
        assertThat(onSpark.path("errorClass").asString()).isEqualTo(errorClass);
        assertThat(onSpark.path("detail").asString()).doesNotContain("\n+- ").doesNotContain("~Aggregate");
        for (String field : List.of("type", "pointer", "errorClass")) {
            assertThat(onSpark.path(field)).as("%s on Spark and on Arus", field).isEqualTo(onArus.path(field));
        }
        assertThat(api.names()).isEqualTo(before);
    }

    /** A message up to its SQLSTATE, inclusive: what follows (the place) each engine words its own way. */
    private static String sqlStateOf(String detail) {
        int state = detail.indexOf("SQLSTATE: ");
        return state < 0 ? detail : detail.substring(0, Math.min(detail.length(), state + "SQLSTATE: ".length() + 5));
    }

    private static JsonNode refused(ApiClient api, String sql, String engine) {
        return refused(api, sql, engine, "append");
    }

    private static JsonNode refused(ApiClient api, String sql, String engine, String outputMode) {
        ApiClient.Response response = api.post("/api/queries", """
                {"name": "refused", "engine": "%s", "sql": "%s",
                 "tables": {"visits": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10}}},
                 "outputMode": "%s", "sink": {"format": "noop"}}""".formatted(engine, sql, outputMode));
        assertThat(response.status()).as(response.body()).isEqualTo(400);
        return response.json();
    }

    @Test
    void aStatementOverStaticTablesAloneIsNoStream() {
        ApiClient.Response response = new ApiClient(port).post("/api/queries", """
                {"name": "static-only", "engine": "spark", "sql": "SELECT * FROM skus",
                 "tables": {"skus": {"format": "csv", "static": true, "schema": "sku STRING, category STRING",
                                     "options": {"path": "tables/skus.csv", "header": true}}},
                 "sink": {"format": "noop"}}""");

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.json().path("pointer").asString()).isEqualTo("/sql");
        assertThat(response.json().path("errorClass").asString()).isEqualTo("WRITE_STREAM_NOT_ALLOWED");
    }

    @ParameterizedTest
    @ValueSource(strings = {"spark", "both"})
    void aStreamingTableRunsOnArussEngineOnly(String engine) {
        ApiClient.Response response = new ApiClient(port).post("/api/queries", """
                {"name": "table-on-%s", "engine": "%s",
                 "sql": "CREATE STREAMING TABLE doubled AS SELECT value * 2 AS twice FROM STREAM(visits)",
                 "tables": {"visits": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10}}}}"""
                .formatted(engine, engine));

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.json().path("pointer").asString()).isEqualTo("/sql");
        assertThat(response.json().path("detail").asString()).contains("runs on Arus's engine only");
    }

    @Test
    void eachQueryHasTheViewsOfItsOwnTablesOnly() throws Exception {
        ApiClient api = new ApiClient(port);
        String two = api.create(perBatch("two-a-batch", 2));
        String five = null;
        try {
            ApiClient.Response unnamed = api.post("/api/queries", """
                    {"name": "no-tables", "engine": "spark", "sql": "SELECT value FROM events",
                     "sink": {"format": "noop"}}""");
            assertThat(unnamed.status()).as("another query's view is not this one's").isEqualTo(400);
            assertThat(unnamed.json().path("errorClass").asString()).isEqualTo("TABLE_OR_VIEW_NOT_FOUND");

            five = api.create(perBatch("five-a-batch", 5));
            events.awaitBatches(two, 4);
            events.awaitBatches(five, 4);
            api.post("/api/queries/" + two + "/stop");
            api.post("/api/queries/" + five + "/stop");
            assertThat(DifferentialRun.lines(api, two, 4)).allMatch(line -> line.contains(" in=2 "));
            assertThat(DifferentialRun.lines(api, five, 4)).allMatch(line -> line.contains(" in=5 "));
        } finally {
            api.delete("/api/queries/" + two);
            if (five != null) {
                api.delete("/api/queries/" + five);
            }
        }
    }

    /** A query on Spark of its own table {@code events}, {@code rows} a batch. */
    private static String perBatch(String name, int rows) {
        return """
                {"name": "%s", "engine": "spark", "sql": "SELECT value, timestamp FROM events",
                 "tables": {"events": {"format": "rate-micro-batch", "options": {"rowsPerBatch": %d}}},
                 "trigger": {"processingTime": "100 milliseconds"}, "sink": {"format": "noop"}}
                """.formatted(name, rows);
    }

    @Test
    void anEventLogStreamIsFoundByItsNameAndReadFromTheLatestOffsetsAsOnArusOrFromAnEntryOfTables() throws Exception {
        ApiClient api = new ApiClient(port);
        assertThat(api.post("/api/streams", "{\"name\": \"sales\", \"schema\": \"order_id STRING\"}").status())
                .isEqualTo(201);
        assertThat(api.post("/api/streams/sales/events", "[{\"order_id\": \"before\"}]").status()).isEqualTo(200);
        String byName = api.withTimeout(DEADLINE).create("""
                {"name": "sales-by-name", "engine": "spark", "sql": "SELECT order_id FROM STREAM(sales)",
                 "trigger": {"processingTime": "100 milliseconds"}, "sink": {"format": "memory"}}""");
        String byEntry = api.create("""
                {"name": "sales-by-entry", "engine": "spark", "sql": "SELECT order_id FROM sales",
                 "tables": {"sales": {"format": "stream", "options": {"stream": "sales", "startingOffsets": "earliest"}}},
                 "trigger": {"availableNow": true}, "sink": {"format": "memory"}}""");
        try {
            events.awaitRunsEnded(byEntry, 1);
            assertThat(api.get("/api/queries/" + byEntry + "/table").json().path("rows").toString())
                    .isEqualTo("[{\"order_id\":\"before\"}]");
            // by its name the stream is read from its latest offsets, once the query has started reading
            await().atMost(DEADLINE).until(() -> api.get("/api/streams/sales").json().path("readers").toString()
                    .contains("sales-by-name"));
            assertThat(api.post("/api/streams/sales/events", "[{\"order_id\": \"after\"}]").status())
                    .isEqualTo(200);
            await().atMost(DEADLINE).until(() -> !api.get("/api/queries/" + byName + "/table").json().path("rows")
                    .isEmpty());
            assertThat(api.get("/api/queries/" + byName + "/table").json().path("rows").toString())
                    .isEqualTo("[{\"order_id\":\"after\"}]");
        } finally {
            api.delete("/api/queries/" + byName);
            api.delete("/api/queries/" + byEntry);
            api.delete("/api/streams/sales");
        }
    }
}
