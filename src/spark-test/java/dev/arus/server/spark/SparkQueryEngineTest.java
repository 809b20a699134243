package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A Spark query that Spark cannot run, or that the translation cannot express, is refused at
 * creation with a problem at the field that says why, and leaves nothing behind.
 */
@SparkService
class SparkQueryEngineTest {

    private static final String PROBLEMS = "https://arus.dev/problems/";

    @LocalServerPort
    int port;

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("a misspelt column in a filter", spec("{\"format\": \"rate\"}",
                        "[{\"withColumn\": {\"name\": \"x\", \"expr\": \"value * 2\"}}, {\"filter\": \"valeu > 1\"}]",
                        "append", "noop"), "invalid-expression", "/steps/1/filter", "UNRESOLVED_COLUMN"),
                Arguments.of("an expression that does not parse", spec("{\"format\": \"rate\"}",
                        "[{\"selectExpr\": [\"value +\"]}]", "append", "noop"),
                        "invalid-expression", "/steps/0/selectExpr", "PARSE_SYNTAX_ERROR"),
                Arguments.of("a stream the event log has not", spec("{\"format\": \"stream\", \"options\": "
                        + "{\"stream\": \"nowhere\"}}", "[]", "append", "noop"),
                        "invalid-spec", "/source", "STREAM_NOT_FOUND"),
                Arguments.of("an option the stream source does not know, as Arus refuses it", spec("{\"format\": "
                        + "\"stream\", \"options\": {\"stream\": \"nowhere\", \"maxOffsetsPerTriger\": 3}}", "[]",
                        "append", "noop"), "invalid-option", "/source/options/maxOffsetsPerTriger", "maxOffsetsPerTriger"),
                Arguments.of("an aggregation in append mode without a watermark", spec("{\"format\": \"rate\"}",
                        "[{\"groupBy\": {\"keys\": [\"value % 3\"], \"aggregations\": [\"count(*) AS n\"]}}]",
                        "append", "noop"), "invalid-output-mode", "/outputMode", "not supported for streaming aggregations without watermark"),
                Arguments.of("an output mode Spark has not, as Arus refuses it", spec("{\"format\": \"rate\"}", "[]",
                        "upsert", "noop"), "invalid-output-mode", "/outputMode", "Unknown output mode upsert"),
                Arguments.of("a setting a query's conf may not give, as Arus refuses it", withConf(spec(
                        "{\"format\": \"rate\"}", "[]", "append", "noop"), "{\"spark.sql.adaptive.enabled\": false}"),
                        "invalid-option", "/conf/spark.sql.adaptive.enabled", "Unknown setting"),
                Arguments.of("state partitions fewer than one, as Arus refuses them", withConf(spec(
                        "{\"format\": \"rate\"}", "[]", "append", "noop"), "{\"spark.sql.shuffle.partitions\": 0}"),
                        "invalid-option", "/conf/spark.sql.shuffle.partitions", "a whole number of at least 1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void refusesWhatSparkCannotRunAtTheFieldThatSaysSoAndLeavesNothing(String kind, String spec, String type,
                                                                          String pointer, String detail) {
        ApiClient api = new ApiClient(port);
        List<String> before = api.names();

        ApiClient.Response response = api.post("/api/queries", spec);

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        JsonNode problem = response.json();
        assertThat(problem.path("type").asString()).isEqualTo(PROBLEMS + type);
        assertThat(problem.path("pointer").asString()).isEqualTo(pointer);
        assertThat(problem.path("detail").asString() + problem.path("errorClass").asString()).contains(detail);
        assertThat(api.names()).isEqualTo(before);
    }

    private static String spec(String source, String steps, String outputMode, String sink) {
        return """
                {"name": "refused", "engine": "spark", "source": %s, "steps": %s, "outputMode": "%s",
                 "sink": {"format": "%s"}}
                """.formatted(source, steps, outputMode, sink);
    }

    /** {@code spec} with {@code conf} as its conf. */
    private static String withConf(String spec, String conf) {
        return spec.substring(0, spec.lastIndexOf('}')) + ", \"conf\": " + conf + "}";
    }
}
