package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.server.ApiClient;
import dev.arus.server.Specs;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every kind of bad request gets its problem (status, type, pointer, position) and changes
 * nothing: the query list, the engine's active queries and its trigger threads are the same
 * before and after.
 */
@StartedService
class QueryProblemsTest {

    private static final String PROBLEMS = "https://arus.dev/problems/";

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    @BeforeEach
    void fillTriggerPool() {
        TriggerThreads.fillPool(new ApiClient(port));
    }

    static Stream<Arguments> badSpecs() {
        return Stream.of(
                bad("malformed JSON", "{\"name\": \"a\",\n \"source\": }", 400, "malformed-json", null),
                bad("missing field", spec("\"source\": {\"format\": \"rate\"}, \"sink\": {\"format\": \"noop\"}"),
                        400, "invalid-spec", "/name"),
                bad("unknown field", withSource("{\"format\": \"rate\", \"fromat\": \"rate\"}"),
                        400, "invalid-spec", "/source/fromat"),
                bad("wrong type", spec("\"name\": 5, \"source\": {\"format\": \"rate\"}, \"sink\": {\"format\": \"noop\"}"),
                        400, "invalid-spec", "/name"),
                bad("unknown step", withSteps("{\"fliter\": \"value > 0\"}"), 400, "invalid-spec", "/steps/0"),
                bad("option of an object", withSource("{\"format\": \"rate\", \"options\": {\"rowsPerSecond\": {}}}"),
                        400, "invalid-spec", "/source/options/rowsPerSecond"),
                bad("unknown engine", spec("\"name\": \"a\", \"engine\": \"flink\", \"source\": {\"format\": \"rate\"}, "
                        + "\"sink\": {\"format\": \"noop\"}"), 400, "invalid-spec", "/engine"),
                bad("unknown source format", withSource("{\"format\": \"kinesis\"}"),
                        400, "unknown-format", "/source/format"),
                bad("unknown sink format", spec("\"name\": \"a\", \"source\": {\"format\": \"rate\"}, \"sink\": {\"format\": \"delta\"}"),
                        400, "unknown-format", "/sink/format"),
                bad("unknown option", withSource("{\"format\": \"rate\", \"options\": {\"rowsPerSec\": 5}}"),
                        400, "invalid-option", "/source/options/rowsPerSec"),
                bad("option out of range", withSource("{\"format\": \"rate\", \"options\": {\"rowsPerSecond\": 0}}"),
                        400, "invalid-option", "/source/options/rowsPerSecond"),
                bad("option over the configured maximum",
                        withSource("{\"format\": \"rate-micro-batch\", \"options\": {\"rowsPerBatch\": \"10000001\"}}"),
                        400, "invalid-option", "/source/options/rowsPerBatch"),
                bad("bad sink option value", spec("\"name\": \"a\", \"source\": {\"format\": \"rate\"}, "
                        + "\"sink\": {\"format\": \"console\", \"options\": {\"numRows\": \"many\"}}"),
                        400, "invalid-option", "/sink/options/numRows"),
                bad("unknown conf setting", spec("\"name\": \"a\", \"source\": {\"format\": \"rate\"}, "
                        + "\"sink\": {\"format\": \"noop\"}, \"conf\": {\"spark.sql.ansi.enabled\": false}"),
                        400, "invalid-option", "/conf/spark.sql.ansi.enabled"),
                bad("state partitions below one", spec("\"name\": \"a\", \"source\": {\"format\": \"rate\"}, "
                        + "\"sink\": {\"format\": \"noop\"}, \"conf\": {\"spark.sql.shuffle.partitions\": 0}"),
                        400, "invalid-option", "/conf/spark.sql.shuffle.partitions"),
                bad("unknown watermark policy", spec("\"name\": \"a\", \"source\": {\"format\": \"rate\"}, "
                        + "\"sink\": {\"format\": \"noop\"}, \"conf\": {\"spark.sql.streaming.multipleWatermarkPolicy\": "
                        + "\"median\"}"), 400, "invalid-option", "/conf/spark.sql.streaming.multipleWatermarkPolicy"),
                bad("bad trigger interval", spec("\"name\": \"a\", \"source\": {\"format\": \"rate\"}, "
                        + "\"trigger\": {\"processingTime\": \"4 secs\"}, \"sink\": {\"format\": \"noop\"}"),
                        400, "invalid-interval", "/trigger/processingTime"),
                bad("bad watermark delay", withSteps("{\"withWatermark\": {\"column\": \"timestamp\", \"delay\": \"soon\"}}"),
                        400, "invalid-interval", "/steps/0/withWatermark/delay"),
                bad("expression that does not parse", withSteps("{\"filter\": \"value >\"}"),
                        400, "invalid-expression", "/steps/0/filter"),
                bad("misspelt column", withSteps("{\"withColumn\": {\"name\": \"t\", \"expr\": \"valeu + 1\"}}"),
                        400, "invalid-expression", "/steps/0/withColumn/expr"),
                bad("misspelt column in an aggregation", withSteps("{\"groupBy\": {\"keys\": [\"value % 2\"], "
                        + "\"aggregations\": [\"count(*)\", \"sum(valeu)\"]}}"),
                        400, "invalid-expression", "/steps/0/groupBy/aggregations/1"),
                bad("name with a newline and a forged log line",
                        named("forged\\n2026-12-01T00:00:00.000Z ERROR 1 --- [arus] [main] d.a.s.q.QueryRegistry : fake"),
                        400, "invalid-spec", "/name"),
                bad("name with a NUL", named("nul\\u0000"), 400, "invalid-spec", "/name"),
                bad("name with an ANSI escape", named("\\u001b[2J\\u001b[31mred"), 400, "invalid-spec", "/name"),
                bad("name with a bidi override", named("abc\u202Edef"), 400, "invalid-spec", "/name"),
                bad("name with a line separator", named("line\u2028break"), 400, "invalid-spec", "/name"),
                bad("name with an unpaired surrogate", named("half\\ud800"), 400, "invalid-spec", "/name"),
                bad("name over 100 characters", named("n".repeat(101)), 400, "invalid-spec", "/name"),
                bad("duplicate key", "{\"name\": \"a\", \"name\": \"b\", \"source\": {\"format\": \"rate\"}, "
                        + "\"sink\": {\"format\": \"noop\"}}", 400, "malformed-json", null),
                bad("duplicate option key", withSource("{\"format\": \"rate\", \"options\": "
                        + "{\"rowsPerSecond\": 1, \"rowsPerSecond\": 5}}"), 400, "malformed-json", null),
                bad("nesting deeper than the reader allows", withSource("{\"format\": \"rate\", \"options\": {\"x\": "
                        + "[".repeat(1000) + "]".repeat(1000) + "}}"), 400, "json-limit-exceeded", null),
                bad("5,000-digit number", withSource("{\"format\": \"rate\", \"options\": {\"rowsPerSecond\": "
                        + "9".repeat(5000) + "}}"), 400, "json-limit-exceeded", null),
                bad("deduplication on a column that does not exist", withSteps("{\"dropDuplicates\": [\"valeu\"]}"),
                        400, "invalid-expression", "/steps/0/dropDuplicates"),
                bad("deduplication within a watermark without one",
                        withSteps("{\"dropDuplicatesWithinWatermark\": [\"value\"]}"),
                        400, "unsupported-operation", "/steps/0/dropDuplicatesWithinWatermark"),
                bad("a negative limit", withSteps("{\"limit\": -1}"), 400, "invalid-spec", "/steps/0/limit"),
                bad("a limit that is no integer", withSteps("{\"limit\": 2.5}"), 400, "invalid-spec",
                        "/steps/0"),
                bad("a limit in update mode", spec("\"name\": \"a\", \"source\": {\"format\": \"rate\"}, "
                        + "\"steps\": [{\"groupBy\": {\"keys\": [\"value\"], \"aggregations\": [\"count(*) AS n\"]}}, "
                        + "{\"limit\": 5}], \"outputMode\": \"update\", \"sink\": {\"format\": \"noop\"}"),
                        400, "unsupported-operation", "/outputMode"),
                bad("a deduplication after an aggregation in update mode", spec("\"name\": \"a\", "
                        + "\"source\": {\"format\": \"rate\"}, \"steps\": [{\"withWatermark\": {\"column\": "
                        + "\"timestamp\", \"delay\": \"1 second\"}}, {\"groupBy\": {\"keys\": [\"timestamp\"], "
                        + "\"aggregations\": [\"count(*) AS n\"]}}, {\"dropDuplicates\": [\"timestamp\"]}], "
                        + "\"outputMode\": \"update\", \"sink\": {\"format\": \"noop\"}"),
                        400, "unsupported-operation", "/outputMode"),
                bad("output mode Spark rejects", withSteps("{\"groupBy\": {\"keys\": [\"window(timestamp, '8 seconds')\"], "
                        + "\"aggregations\": [\"count(*) AS count\"]}}"),
                        400, "invalid-output-mode", "/outputMode"),
                bad("session window in update mode", sessions("\"session_window(timestamp, '5 seconds')\", "
                        + "\"value % 2\"", "update"), 400, "invalid-output-mode", "/outputMode"),
                bad("session window without a watermark in append mode", withSteps("{\"groupBy\": {\"keys\": "
                        + "[\"session_window(timestamp, '5 seconds')\", \"value % 2\"], "
                        + "\"aggregations\": [\"count(*) AS count\"]}}"),
                        400, "invalid-output-mode", "/outputMode"),
                bad("session window as the only key", sessions("\"session_window(timestamp, '5 seconds')\"",
                        "append"), 400, "unsupported-operation", "/steps/1/groupBy/keys/0"),
                bad("session window and a window", sessions("\"session_window(timestamp, '5 seconds')\", "
                        + "\"window(timestamp, '5 seconds')\", \"value\"", "append"),
                        400, "invalid-expression", "/steps/1/groupBy"),
                bad("session window gap that is no interval", sessions("\"session_window(timestamp, 'soon')\", "
                        + "\"value\"", "append"), 400, "invalid-expression", "/steps/1/groupBy/keys/0"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badSpecs")
    void refusesABadSpecAndLeavesNothingBehind(String kind, String body, int status, String type, String pointer) {
        ApiClient api = new ApiClient(port);
        Snapshot before = snapshot(api);

        ApiClient.Response response = api.post("/api/queries", body);

        assertProblem(response, status, type, pointer);
        assertThat(snapshot(api)).isEqualTo(before);
    }

    static Stream<Arguments> badRestarts() {
        return Stream.of(
                bad("no strategy", withRestart("{}"), 400, "invalid-spec", "/restart/strategy"),
                bad("unknown strategy", withRestart("{\"strategy\": \"exponential\"}"),
                        400, "invalid-spec", "/restart/strategy"),
                bad("strategy in another case", withRestart("{\"strategy\": \"Fixed-Delay\"}"),
                        400, "invalid-spec", "/restart/strategy"),
                bad("unknown field", withRestart("{\"strategy\": \"fixed-delay\", \"tries\": 3}"),
                        400, "invalid-spec", "/restart/tries"),
                bad("parameter of another strategy", withRestart("{\"strategy\": \"none\", \"delay\": \"1 second\"}"),
                        400, "invalid-spec", "/restart/delay"),
                bad("attempts below zero", withRestart("{\"strategy\": \"fixed-delay\", \"attempts\": -1}"),
                        400, "invalid-spec", "/restart/attempts"),
                bad("attempts as a string", withRestart("{\"strategy\": \"fixed-delay\", \"attempts\": \"3\"}"),
                        400, "invalid-spec", "/restart/attempts"),
                bad("attempts as a fraction", withRestart("{\"strategy\": \"fixed-delay\", \"attempts\": 2.5}"),
                        400, "invalid-spec", "/restart/attempts"),
                bad("delay that is no interval", withRestart("{\"strategy\": \"fixed-delay\", \"delay\": \"soon\"}"),
                        400, "invalid-interval", "/restart/delay"),
                bad("negative delay", withRestart("{\"strategy\": \"failure-rate\", \"delay\": \"-1 second\"}"),
                        400, "invalid-spec", "/restart/delay"),
                bad("multiplier of one", withRestart("{\"strategy\": \"exponential-delay\", "
                        + "\"backoffMultiplier\": 1}"), 400, "invalid-spec", "/restart/backoffMultiplier"),
                bad("jitter above one", withRestart("{\"strategy\": \"exponential-delay\", \"jitterFactor\": 1.5}"),
                        400, "invalid-spec", "/restart/jitterFactor"),
                bad("maximum backoff below the initial one", withRestart("{\"strategy\": \"exponential-delay\", "
                        + "\"initialBackoff\": \"10 seconds\", \"maxBackoff\": \"5 seconds\"}"),
                        400, "invalid-spec", "/restart/maxBackoff"),
                bad("initial backoff above the service's maximum", withRestart("{\"strategy\": \"exponential-delay\", "
                        + "\"initialBackoff\": \"2 minutes\"}"), 400, "invalid-spec", "/restart"),
                bad("no failures per interval", withRestart("{\"strategy\": \"failure-rate\", "
                        + "\"maxFailuresPerInterval\": 0}"), 400, "invalid-spec", "/restart/maxFailuresPerInterval"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRestarts")
    void refusesABadRestartStrategyAndLeavesNothingBehind(String kind, String body, int status, String type,
                                                          String pointer) {
        refusesABadSpecAndLeavesNothingBehind(kind, body, status, type, pointer);
    }

    @Test
    void acceptsEachRestartStrategyAndShowsItInTheSpec() {
        ApiClient api = new ApiClient(port);
        List<String> strategies = List.of(
                "{\"strategy\": \"fixed-delay\", \"attempts\": 3, \"delay\": \"10 seconds\"}",
                "{\"strategy\": \"exponential-delay\", \"initialBackoff\": \"2 seconds\", \"maxBackoff\": "
                        + "\"5 minutes\", \"backoffMultiplier\": 2.0, \"resetBackoffThreshold\": \"30 minutes\", "
                        + "\"jitterFactor\": 0.2, \"attemptsBeforeResetBackoff\": 10}",
                "{\"strategy\": \"failure-rate\", \"maxFailuresPerInterval\": 3, \"failureRateInterval\": "
                        + "\"5 minutes\", \"delay\": \"1 second\"}",
                "{\"strategy\": \"none\"}");
        for (int i = 0; i < strategies.size(); i++) {
            String id = api.create(Specs.withRestart(Specs.idle("restarts-" + i), strategies.get(i)));
            JsonNode shown = api.query(id).path("spec").path("restart");
            assertThat(shown).as(strategies.get(i)).isEqualTo(JsonMapper.builder().build().readTree(strategies.get(i)));
            api.delete("/api/queries/" + id);
        }
    }

    private static String withRestart(String restart) {
        return Specs.withRestart(Specs.idle("restarting"), restart);
    }

    /** In the default build (without the spark profile) only: a Spark query is refused with how to build Spark in. */
    @Test
    void refusesASparkQueryInABuildWithoutSparkSayingHowToBuildIt() {
        assumeFalse(sparkInTheBuild(), "this build has Spark (the spark profile)");
        ApiClient api = new ApiClient(port);
        Snapshot before = snapshot(api);

        ApiClient.Response response = api.post("/api/queries", spec("\"name\": \"on-spark\", \"engine\": \"spark\", "
                + "\"source\": {\"format\": \"rate\"}, \"sink\": {\"format\": \"noop\"}"));

        assertProblem(response, 400, "engine-not-built", "/engine");
        assertThat(response.json().get("detail").asString()).contains("./mvnw -Pspark package", "-spark.jar");
        assertThat(snapshot(api)).isEqualTo(before);
    }

    static boolean sparkInTheBuild() {
        try {
            Class.forName("org.apache.spark.sql.SparkSession", false, QueryProblemsTest.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException absent) {
            return false;
        }
    }

    @Test
    void givesTheLineAndColumnOfMalformedJson() {
        JsonNode problem = new ApiClient(port).post("/api/queries", "{\"name\": \"a\",\n \"source\": }").json();

        assertThat(problem.path("line").asInt()).isEqualTo(2);
        assertThat(problem.path("column").asInt()).isEqualTo(12);
        assertThat(problem.path("detail").asString()).contains("line 2, column 12");
    }

    @Test
    void givesThePositionInABadExpressionAndASuggestion() {
        JsonNode problem = new ApiClient(port).post("/api/queries",
                withSteps("{\"withColumn\": {\"name\": \"t\", \"expr\": \"value + valeu\"}}")).json();

        assertThat(problem.path("position").asInt()).isEqualTo(8);
        assertThat(problem.path("detail").asString()).contains("`valeu`")
                .contains("Did you mean one of the following? [`value`, `timestamp`]");
    }

    @Test
    void namesEveryKindOfStepForAnUnknownOne() {
        JsonNode problem = new ApiClient(port).post("/api/queries", withSteps("{\"fliter\": \"value > 0\"}")).json();

        assertThat(problem.path("detail").asString()).contains("Unknown step 'fliter'", "withColumn, filter",
                "dropDuplicatesWithinWatermark", "alias, join, limit");
    }

    @Test
    void saysWhatANameMayBe() {
        JsonNode problem = new ApiClient(port).post("/api/queries", named("tab\\there")).json();

        assertThat(problem.path("detail").asString()).contains("1 to 100 characters", "control", "format");
    }

    @Test
    void acceptsANameOfAHundredPrintableCharactersInAnyScript() {
        ApiClient api = new ApiClient(port);
        String prefix = "Zählung café 📈 ";
        String name = prefix + "x".repeat(100 - prefix.codePointCount(0, prefix.length()));

        String id = api.create(Specs.idle(name));

        assertThat(api.query(id).path("name").asString()).isEqualTo(name);
        api.delete("/api/queries/" + id);
    }

    /** C0 AF is an overlong form of '/', which a lenient UTF-8 decoder reads as one. */
    @Test
    void refusesOverlongUtf8WithWhereItIs() {
        ApiClient api = new ApiClient(port);
        Snapshot before = snapshot(api);
        byte[] body = "{\"name\": \"a\u0001\u0001\", \"source\": {\"format\": \"rate\"}, \"sink\": {\"format\": \"noop\"}}"
                .getBytes(StandardCharsets.UTF_8);
        body[11] = (byte) 0xC0;
        body[12] = (byte) 0xAF;

        ApiClient.Response response = api.post("/api/queries", body, "application/json");

        assertProblem(response, 400, "malformed-json", null);
        assertThat(response.json().path("detail").asString()).contains("UTF-8");
        assertThat(response.json().path("line").asInt()).isEqualTo(1);
        assertThat(response.json().path("column").asInt()).isEqualTo(12);
        assertThat(snapshot(api)).isEqualTo(before);
    }

    @Test
    void namesTheDuplicateKeyAndWhereItIs() {
        JsonNode problem = new ApiClient(port).post("/api/queries",
                "{\"name\": \"a\",\n \"name\": \"b\", \"source\": {\"format\": \"rate\"}, \"sink\": {\"format\": \"noop\"}}")
                .json();

        assertThat(problem.path("detail").asString()).contains("Duplicate", "\"name\"");
        assertThat(problem.path("line").asInt()).isEqualTo(2);
    }

    @Test
    void namesTheLimitATooDeepOrTooLongValueExceeds() {
        ApiClient api = new ApiClient(port);

        assertThat(api.post("/api/queries", withSource("{\"format\": \"rate\", \"options\": {\"x\": "
                + "[".repeat(1000) + "]".repeat(1000) + "}}")).json().path("detail").asString()).contains("nesting depth");
        assertThat(api.post("/api/queries", withSource("{\"format\": \"rate\", \"options\": {\"rowsPerSecond\": "
                + "9".repeat(5000) + "}}")).json().path("detail").asString()).contains("Number value length");
    }

    @Test
    void refusesABodyOver64KiB() {
        ApiClient api = new ApiClient(port);
        Snapshot before = snapshot(api);
        String padding = " ".repeat(64 * 1024);

        ApiClient.Response response = api.post("/api/queries", "{\"name\": \"big\"" + padding + "}");

        assertProblem(response, 413, "request-too-large", null);
        assertThat(snapshot(api)).isEqualTo(before);
    }

    @Test
    void refusesAContentTypeOtherThanJson() {
        ApiClient api = new ApiClient(port);
        Snapshot before = snapshot(api);

        ApiClient.Response response = api.post("/api/queries", Specs.idle("text"), "text/plain");

        assertProblem(response, 415, "unsupported-media-type", null);
        assertThat(snapshot(api)).isEqualTo(before);
    }

    @Test
    void refusesADuplicateName() {
        ApiClient api = new ApiClient(port);
        String id = api.create(Specs.idle("taken"));
        Snapshot before = snapshot(api);

        ApiClient.Response response = api.post("/api/queries", Specs.idle("taken"));

        assertProblem(response, 409, "duplicate-name", "/name");
        assertThat(snapshot(api)).isEqualTo(before);
        api.delete("/api/queries/" + id);
    }

    @Test
    void refusesMoreQueriesThanTheLimitWithTheLimitInTheBody() {
        ApiClient api = new ApiClient(port);
        List<String> ids = new ArrayList<>();
        for (int i = api.names().size(); i < StartedService.MAX_QUERIES; i++) {
            ids.add(api.create(Specs.idle("filler-" + i)));
        }
        Snapshot before = snapshot(api);

        ApiClient.Response response = api.post("/api/queries", Specs.idle("one-too-many"));

        assertProblem(response, 429, "too-many-queries", null);
        assertThat(response.json().path("limit").asInt()).isEqualTo(StartedService.MAX_QUERIES);
        assertThat(snapshot(api)).isEqualTo(before);
        ids.forEach(id -> api.delete("/api/queries/" + id));
    }

    @Test
    void answers404ForAnUnknownId() {
        ApiClient api = new ApiClient(port);
        String unknown = "/api/queries/" + UUID.randomUUID();

        assertProblem(api.get(unknown), 404, "query-not-found", null);
        assertProblem(api.get(unknown + "/progress"), 404, "query-not-found", null);
        assertProblem(api.get(unknown + "/batches"), 404, "query-not-found", null);
        assertProblem(api.post(unknown + "/stop"), 404, "query-not-found", null);
        assertProblem(api.post(unknown + "/start"), 404, "query-not-found", null);
        assertProblem(api.delete(unknown), 404, "query-not-found", null);
        assertProblem(api.get("/api/queries/not-a-uuid"), 404, "query-not-found", null);
    }

    @Test
    void refusesALimitBelowOne() {
        ApiClient api = new ApiClient(port);
        String id = api.create(Specs.idle("limited"));

        assertProblem(api.get("/api/queries/" + id + "/batches?limit=0"), 400, "invalid-parameter", null);
        assertProblem(api.get("/api/queries/" + id + "/progress?limit=x"), 400, "invalid-parameter", null);
        api.delete("/api/queries/" + id);
    }

    private static void assertProblem(ApiClient.Response response, int status, String type, String pointer) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        JsonNode problem = response.json();
        assertThat(problem.path("type").asString()).isEqualTo(PROBLEMS + type);
        assertThat(problem.path("status").asInt()).isEqualTo(status);
        assertThat(problem.path("detail").asString()).isNotBlank();
        if (pointer != null) {
            assertThat(problem.path("pointer").asString()).isEqualTo(pointer);
        }
    }

    private Snapshot snapshot(ApiClient api) {
        return new Snapshot(api.names(), session.streams().active().stream().map(StreamingQuery::id).sorted().toList(),
                TriggerThreads.count());
    }

    /** What a refused request must leave unchanged. */
    private record Snapshot(List<String> queryNames, List<UUID> activeRuns, long triggerThreads) {
    }

    private static Arguments bad(String kind, String body, int status, String type, String pointer) {
        return Arguments.of(kind, body, status, type, pointer);
    }

    private static String spec(String fields) {
        return "{" + fields + "}";
    }

    /** A spec named by {@code jsonName}, the name as it stands between the quotes of a JSON string. */
    private static String named(String jsonName) {
        return spec("\"name\": \"" + jsonName + "\", \"source\": {\"format\": \"rate\"}, \"sink\": {\"format\": \"noop\"}");
    }

    /** A count per session window over a watermarked rate source, grouped by {@code keys} (JSON strings). */
    private static String sessions(String keys, String outputMode) {
        return spec("\"name\": \"a\", \"source\": {\"format\": \"rate\"}, \"steps\": [{\"withWatermark\": "
                + "{\"column\": \"timestamp\", \"delay\": \"1 second\"}}, {\"groupBy\": {\"keys\": [" + keys
                + "], \"aggregations\": [\"count(*) AS n\"]}}], \"outputMode\": \"" + outputMode
                + "\", \"sink\": {\"format\": \"noop\"}");
    }

    private static String withSource(String source) {
        return spec("\"name\": \"a\", \"source\": " + source + ", \"sink\": {\"format\": \"noop\"}");
    }

    private static String withSteps(String... steps) {
        return spec("\"name\": \"a\", \"source\": {\"format\": \"rate\"}, \"steps\": [" + String.join(", ", steps)
                + "], \"sink\": {\"format\": \"noop\"}");
    }
}
