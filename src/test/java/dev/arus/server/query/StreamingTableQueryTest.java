package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Pipelines in SQL on the started service (DESIGN §11): {@code CREATE STREAMING TABLE} makes its
 * event-log stream with the query's columns and fills it, the next query reads the table by its
 * name; a stream of other columns is a conflict; a refused create leaves no stream it made; the
 * stream outlives its writer and cannot be deleted under it.
 */
@StartedService
class StreamingTableQueryTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    /** 10 rows per batch, each batch a second of event time: 80 rows per 8-second window. */
    private static final String TICKS = """
            "tables": {"ticks": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10, "advanceMillisPerBatch": 1000}}},
            "trigger": {"processingTime": "100 milliseconds"}""";

    @LocalServerPort
    int port;

    private ApiClient api() {
        return new ApiClient(port);
    }

    @AfterEach
    void deleteEverything() {
        ApiClient api = api();
        api.get("/api/queries").json().forEach(query -> api.delete("/api/queries/" + query.path("id").asString()));
        api.get("/api/streams").json().forEach(stream -> api.delete("/api/streams/" + stream.path("name").asString()));
    }

    private static String table(String name, String sql) {
        return "{\"name\": \"" + name + "\", \"sql\": \"" + sql + "\", " + TICKS + "}";
    }

    private static String withSink(String name, String sql, String sink) {
        return "{\"name\": \"" + name + "\", \"sql\": \"" + sql + "\", " + TICKS + ", \"sink\": " + sink + "}";
    }

    /**
     * The first stage counts ticks per 8 seconds into the table {@code per8}, whose window is a
     * struct in the stream; the second reads {@code STREAM(per8)} by its name and sums the
     * counts per 16 seconds, with a watermark on the window's start.
     */
    @Test
    void twoStagesOfSqlFlowRowsThroughTheTableTheFirstMakes() {
        ApiClient api = api();
        String first = api.create(table("per8", "CREATE STREAMING TABLE per8 AS SELECT window(event_time, '8 seconds')"
                + " AS window, count(*) AS count FROM ticks WATERMARK timestamp AS event_time DELAY OF INTERVAL 0 SECONDS"
                + " GROUP BY window(event_time, '8 seconds')"));
        JsonNode stream = api.get("/api/streams/per8").json();
        assertThat(stream.path("schema").asString()).isEqualTo("window STRUCT<start: TIMESTAMP, end: TIMESTAMP>, "
                + "count BIGINT");
        assertThat(stream.path("partitions").asInt()).isEqualTo(1);
        JsonNode spec = api.query(first).path("spec");
        assertThat(spec.has("sink")).as("the spec as served").isFalse();

        String second = api.create("""
                {"name": "per16",
                 "sql": "SELECT window(t, '16 seconds') AS window, sum(count) AS count FROM STREAM(per8) WATERMARK window.start AS t DELAY OF INTERVAL 0 SECONDS GROUP BY window(t, '16 seconds')",
                 "trigger": {"processingTime": "100 milliseconds"},
                 "sink": {"format": "memory"}}""");

        // It reads the table from its latest offsets: its first window may be partial, the next are whole.
        await().atMost(DEADLINE).pollInterval(Duration.ofMillis(100)).until(() ->
                api.get("/api/queries/" + second + "/table").json().path("rows").toString().contains("\"count\":160"));
        assertThat(api.query(first).path("state").asString()).isEqualTo("ACTIVE");
        assertThat(api.get("/api/streams/per8").json().path("readers").get(0).path("query").asString())
                .isEqualTo("per16");
    }

    @Test
    void aStreamOfOtherColumnsIsAConflictNamingEachDifferenceAndOneOfTheSameIsFilled() {
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"evens\", \"schema\": \"value STRING, note STRING\"}");

        ApiClient.Response clash = api.post("/api/queries", table("evens", "CREATE STREAMING TABLE evens AS SELECT"
                + " timestamp, value FROM ticks WHERE value % 2 = 0"));

        assertThat(clash.status()).as(clash.body()).isEqualTo(409);
        JsonNode problem = clash.json();
        assertThat(problem.path("type").asString()).endsWith("/stream-schema-mismatch");
        assertThat(problem.path("pointer").asString()).isEqualTo("/sql");
        assertThat(problem.path("differences").toString()).isEqualTo("[\"the query's column `timestamp` TIMESTAMP is "
                + "not the stream's\",\"column `value` is BIGINT in the query's output and STRING in the stream\","
                + "\"the stream's column `note` STRING is not in the query's output\"]");
        assertThat(api.names()).doesNotContain("evens");

        api.delete("/api/streams/evens");
        api.post("/api/streams", "{\"name\": \"evens\", \"schema\": \"TimeStamp TIMESTAMP NOT NULL, value BIGINT\","
                + " \"retention\": {}}");
        api.create(table("evens", "CREATE STREAMING TABLE evens AS SELECT timestamp, value FROM ticks"
                + " WHERE value % 2 = 0"));
        await().atMost(DEADLINE).until(() ->
                api.get("/api/streams/evens").json().path("offsets").get(0).path("latest").asLong() >= 10);
        assertThat(api.get("/api/streams/evens").json().path("schema").asString())
                .as("the stream as it was made").isEqualTo("TimeStamp TIMESTAMP NOT NULL, value BIGINT");
    }

    /**
     * A count without a watermark in append mode is refused as the run starts, after the table's
     * stream was made: that stream is removed; one that was there before stays.
     */
    @Test
    void aCreateRefusedAfterTheStreamWasMadeLeavesNoStreamButOneThatWasThereBefore() {
        ApiClient api = api();
        String unbounded = "CREATE STREAMING TABLE counts AS SELECT value % 3 AS k, count(*) AS n FROM ticks"
                + " GROUP BY value % 3";

        ApiClient.Response refused = api.post("/api/queries", table("counts", unbounded));

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("type").asString()).endsWith("/invalid-output-mode");
        assertThat(api.get("/api/streams/counts").status()).isEqualTo(404);

        api.post("/api/streams", "{\"name\": \"counts\", \"schema\": \"k BIGINT, n BIGINT\"}");
        assertThat(api.post("/api/queries", table("counts", unbounded)).status()).isEqualTo(400);
        assertThat(api.get("/api/streams/counts").status()).as("made before, by someone else").isEqualTo(200);

        api.create(withSink("counts-writer", "SELECT value FROM ticks", "{\"format\": \"noop\"}"));
        ApiClient.Response taken = api.post("/api/queries", table("counts-writer",
                "CREATE STREAMING TABLE taken AS SELECT value FROM ticks"));
        assertThat(taken.status()).as("a name in use refuses the create before a stream is made").isEqualTo(409);
        assertThat(api.get("/api/streams/taken").status()).isEqualTo(404);
    }

    @Test
    void aSinkBesideAStreamingTableIsRefused() {
        ApiClient.Response refused = api().post("/api/queries", withSink("sunk", "CREATE STREAMING TABLE sunk AS SELECT"
                + " value FROM ticks", "{\"format\": \"console\"}"));

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("pointer").asString()).isEqualTo("/sink");
        assertThat(refused.json().path("detail").asString()).contains("its spec has no sink");
        assertThat(api().get("/api/streams/sunk").status()).isEqualTo(404);
    }

    @Test
    void theTableOutlivesItsWriterAndCannotBeDeletedWhileWritten() {
        ApiClient api = api();
        String writer = api.create(table("copies", "CREATE STREAMING TABLE copies AS SELECT value FROM ticks"));

        ApiClient.Response inUse = api.delete("/api/streams/copies");
        assertThat(inUse.status()).isEqualTo(409);
        assertThat(inUse.json().path("type").asString()).endsWith("/stream-in-use");
        assertThat(inUse.json().path("detail").asString()).contains("written by active queries [copies]");

        assertThat(api.delete("/api/queries/" + writer).status()).isEqualTo(204);
        assertThat(api.get("/api/streams/copies").status()).as("the table stays").isEqualTo(200);
        assertThat(api.delete("/api/streams/copies").status()).isEqualTo(204);
    }
}
