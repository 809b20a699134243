package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.live.LiveClient;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Spark's real-time trigger in a spec, {@code "trigger": {"realTime": "<checkpoint interval>"}}:
 * accepted for a stateless query over a stream in update mode, whose rows then reach a watcher
 * of its live feed; refused, with Spark 4.2's error class, for what Spark's real-time mode does
 * not run.
 */
@StartedService
class RealTimeTriggerTest {

    private static final String PROBLEMS = "https://arus.dev/problems/";

    @LocalServerPort
    int port;

    @BeforeEach
    void createStream() {
        ApiClient api = new ApiClient(port);
        api.delete("/api/streams/clicks");
        assertThat(api.post("/api/streams", "{\"name\": \"clicks\", \"schema\": \"page STRING, ms LONG\"}").status())
                .isEqualTo(201);
    }

    @AfterEach
    void deleteEverything() {
        new ApiClient(port).deleteEveryQuery();
        new ApiClient(port).delete("/api/streams/clicks");
    }

    private static String spec(String source, String steps, String outputMode, String trigger, String sink) {
        return "{\"name\": \"rt\", \"source\": " + source + ", \"steps\": [" + steps + "], \"outputMode\": \""
                + outputMode + "\", \"trigger\": " + trigger + ", \"sink\": {\"format\": \"" + sink + "\"}}";
    }

    private static final String CLICKS = "{\"format\": \"stream\", \"options\": {\"stream\": \"clicks\"}}";
    private static final String REAL_TIME = "{\"realTime\": \"5 seconds\"}";

    @Test
    void aStatelessQueryOverAStreamInUpdateModeRunsAndItsRowsReachTheLiveFeed() {
        ApiClient api = new ApiClient(port);
        String id = api.create(spec(CLICKS, "{\"filter\": \"ms > 0\"}", "update", "{\"realTime\": \"1 minute\"}",
                "console"));
        assertThat(api.query(id).path("spec").path("trigger").path("realTime").asString()).isEqualTo("1 minute");
        try (LiveClient live = LiveClient.connect(port, id)) {
            live.nextMatching(LiveClient.ofType("snapshot"));
            assertThat(api.post("/api/streams/clicks/events", "[{\"page\": \"/cart\", \"ms\": 42}]").status())
                    .isEqualTo(200);

            JsonNode batch = live.nextMatching(message -> message.path("type").asString().equals("batch")
                    && message.path("numRows").asLong() > 0);

            assertThat(batch.path("rows").get(0).path("page").asString()).isEqualTo("/cart");
            assertThat(batch.path("rows").get(0).path("ms").asLong()).isEqualTo(42);
        }
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("an interval under Spark's minimum of 5 seconds",
                        spec(CLICKS, "", "update", "{\"realTime\": \"4 seconds\"}", "console"),
                        "invalid-interval", "/trigger/realTime", "INVALID_STREAMING_REAL_TIME_MODE_TRIGGER_INTERVAL"),
                Arguments.of("a negative interval",
                        spec(CLICKS, "", "update", "{\"realTime\": \"-5 seconds\"}", "console"),
                        "invalid-interval", "/trigger/realTime", null),
                Arguments.of("an interval that is none",
                        spec(CLICKS, "", "update", "{\"realTime\": \"soon\"}", "console"),
                        "invalid-interval", "/trigger/realTime", null),
                Arguments.of("two triggers at once",
                        spec(CLICKS, "", "update", "{\"realTime\": \"5 seconds\", \"once\": true}", "console"),
                        "invalid-spec", "/trigger", null),
                Arguments.of("append mode",
                        spec(CLICKS, "", "append", REAL_TIME, "console"),
                        "invalid-output-mode", "/outputMode", "STREAMING_REAL_TIME_MODE.OUTPUT_MODE_NOT_SUPPORTED"),
                Arguments.of("a file sink, of Spark's first sink API",
                        "{\"name\": \"rt\", \"source\": " + CLICKS + ", \"outputMode\": \"update\", \"trigger\": "
                                + REAL_TIME + ", \"sink\": {\"format\": \"json\", \"options\": {\"path\": \"rt-out\"}}}",
                        "unsupported-operation", "/trigger/realTime", "STREAMING_REAL_TIME_MODE.SINK_NOT_SUPPORTED"),
                Arguments.of("a sink outside Spark's allowlist",
                        spec(CLICKS, "", "update", REAL_TIME, "noop"),
                        "unsupported-operation", "/trigger/realTime",
                        "STREAMING_REAL_TIME_MODE.OPERATOR_OR_SINK_NOT_IN_ALLOWLIST"),
                Arguments.of("a source without real-time mode",
                        spec("{\"format\": \"rate\"}", "", "update", REAL_TIME, "console"),
                        "unsupported-operation", "/trigger/realTime",
                        "STREAMING_REAL_TIME_MODE.INPUT_STREAM_NOT_SUPPORTED"),
                Arguments.of("an aggregation",
                        spec(CLICKS, "{\"groupBy\": {\"keys\": [\"page\"], \"aggregations\": [\"count(*) AS n\"]}}",
                                "update", REAL_TIME, "console"),
                        "unsupported-operation", "/trigger/realTime",
                        "STREAMING_REAL_TIME_MODE.OPERATOR_OR_SINK_NOT_IN_ALLOWLIST"),
                Arguments.of("a deduplication",
                        spec(CLICKS, "{\"dropDuplicates\": [\"page\"]}", "update", REAL_TIME, "console"),
                        "unsupported-operation", "/trigger/realTime",
                        "STREAMING_REAL_TIME_MODE.OPERATOR_OR_SINK_NOT_IN_ALLOWLIST"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void refusesWhatSparksRealTimeModeDoesNotRun(String kind, String spec, String type, String pointer,
                                                 String errorClass) {
        ApiClient api = new ApiClient(port);

        ApiClient.Response response = api.post("/api/queries", spec);

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        JsonNode problem = response.json();
        assertThat(problem.path("type").asString()).isEqualTo(PROBLEMS + type);
        assertThat(problem.path("pointer").asString()).isEqualTo(pointer);
        if (errorClass != null) {
            assertThat(problem.path("errorClass").asString()).isEqualTo(errorClass);
            assertThat(problem.path("detail").asString()).contains("[" + errorClass + "]");
        }
        assertThat(api.names()).isEmpty();
    }
}
