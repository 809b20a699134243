package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.Specs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@StartedService
class QueryControllerTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @LocalServerPort
    int port;

    ApiClient api() {
        return new ApiClient(port);
    }

    /**
     * Batch b of rate-micro-batch holds values [10b, 10b+10) at second b; event_time is b - value % 3,
     * so second t gets 3 * (multiples of 3 in [10t, 10t+10)) rows: 12, 9, 9, 12, ... (80 per 8 s on
     * average, 240 per 24 s). Spark emits each window once the watermark (max event time - 4 s)
     * passes its end. Batch 0's rows at -1 s and -2 s fall in [-8 s, 0 s), whose end is not after
     * the initial watermark (the epoch): late, dropped, never emitted.
     */
    @Test
    void emitsTheChaptersWindowsWithSparksCounts() {
        ApiClient api = api();
        String id = api.create(Specs.chapterOverMicroBatches("chapter-micro-batches"));
        Map<String, Long> counts = new TreeMap<>();

        await().atMost(DEADLINE).pollInterval(Duration.ofMillis(50)).until(() -> {
            for (JsonNode batch : api.get("/api/queries/" + id + "/batches").json()) {
                for (JsonNode row : batch.path("rows")) {
                    counts.put(row.path("window").path("start").asString() + "/" + row.path("window").path("end").asString(),
                            row.path("count").asLong());
                }
            }
            return counts.size() >= 3;
        });

        assertThat(counts).doesNotContainKey("1969-12-31T23:59:52.000Z/1970-01-01T00:00:00.000Z");
        assertThat(counts).containsAllEntriesOf(Map.of(
                "1970-01-01T00:00:00.000Z/1970-01-01T00:00:08.000Z", 81L,
                "1970-01-01T00:00:08.000Z/1970-01-01T00:00:16.000Z", 81L,
                "1970-01-01T00:00:16.000Z/1970-01-01T00:00:24.000Z", 78L));
        api.delete("/api/queries/" + id);
    }

    /**
     * A session window as a spec's groupBy key. Batch b of rate-micro-batch is at second b, and
     * {@code value / 30} gives each burst of three batches a key of its own: burst k's rows at
     * 3k, 3k + 1 and 3k + 2 s chain (the gap is 1.5 s) into the session [3k s, 3k + 3.5 s), which
     * is final once the watermark (max event time - 2 s) reaches its end.
     */
    @Test
    void groupsRowsIntoSessionWindowsFromASpec() {
        ApiClient api = api();
        String id = api.create("""
                {"name": "bursts",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10, "advanceMillisPerBatch": 1000}},
                 "steps": [
                   {"withWatermark": {"column": "timestamp", "delay": "2 seconds"}},
                   {"groupBy": {"keys": ["session_window(timestamp, '1500 milliseconds') AS session",
                                         "CAST(value / 30 AS BIGINT) AS burst"],
                                "aggregations": ["count(*) AS events"]}}
                 ],
                 "outputMode": "append",
                 "trigger": {"processingTime": "100 milliseconds"},
                 "sink": {"format": "noop"}}
                """);
        List<String> sessions = new ArrayList<>();

        await().atMost(DEADLINE).pollInterval(Duration.ofMillis(50)).until(() -> {
            sessions.clear();
            for (JsonNode batch : api.get("/api/queries/" + id + "/batches").json()) {
                for (JsonNode row : batch.path("rows")) {
                    sessions.add(row.path("burst").asLong() + " " + row.path("session").path("start").asString()
                            + "/" + row.path("session").path("end").asString() + " " + row.path("events").asLong());
                }
            }
            return sessions.size() >= 2;
        });

        assertThat(sessions).startsWith("0 1970-01-01T00:00:00.000Z/1970-01-01T00:00:03.500Z 30",
                "1 1970-01-01T00:00:03.000Z/1970-01-01T00:00:06.500Z 30");
        assertThat(api.get("/api/queries/" + id + "/progress").json().get(0).path("stateOperators").get(0)
                .path("operatorName").asString()).isEqualTo("sessionWindowStateStoreSaveExec");
        api.delete("/api/queries/" + id);
    }

    /** The submitted spec names no engine; the query's names the default's, Arus. */
    @Test
    void createsAQueryWithItsLocationAndTheSpecAsSubmittedNamingItsEngine() {
        ApiClient api = api();
        ApiClient.Response created = api.post("/api/queries", Specs.idle("created"));

        JsonNode query = created.json();
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.location()).endsWith("/api/queries/" + query.path("id").asString());
        assertThat(query.path("name").asString()).isEqualTo("created");
        assertThat(query.path("state").asString()).isEqualTo("ACTIVE");
        assertThat(query.path("spec").path("trigger").path("processingTime").asString()).isEqualTo("10 seconds");
        assertThat(query.path("spec").path("source").path("options").path("rowsPerSecond").isNumber()).isTrue();
        assertThat(query.path("spec").path("engine").asString()).isEqualTo("arus");
        assertThat(query.path("status").has("isDataAvailable")).isTrue();
        assertThat(api.get(created.location()).json().path("id")).isEqualTo(query.path("id"));
        api.delete(created.location());
    }

    @Test
    void reportsProgressInSparksFieldNamesOldestFirst() {
        ApiClient api = api();
        String id = api.create(Specs.chapterOverMicroBatches("progress"));
        await().atMost(DEADLINE).until(() -> api.get("/api/queries/" + id + "/progress").json().size() >= 3);

        JsonNode progress = api.get("/api/queries/" + id + "/progress?limit=2").json();

        assertThat(progress.size()).isEqualTo(2);
        long first = progress.get(0).path("batchId").asLong();
        assertThat(progress.get(1).path("batchId").asLong()).isEqualTo(first + 1);
        JsonNode last = progress.get(1);
        assertThat(last.path("timestamp").asString()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(last.path("numInputRows").asLong()).isEqualTo(10);
        assertThat(last.path("durationMs").has("triggerExecution")).isTrue();
        assertThat(last.path("eventTime").has("watermark")).isTrue();
        assertThat(last.path("stateOperators").get(0).path("operatorName").asString()).isEqualTo("stateStoreSave");
        assertThat(last.path("sources").get(0).path("endOffset").path("offset").isNumber()).isTrue();
        assertThat(last.path("sink").has("numOutputRows")).isTrue();
        api.delete("/api/queries/" + id);
    }

    @Test
    void pagesBackThroughBatchesAndProgressBeforeABatchId() {
        ApiClient api = api();
        String id = api.create(Specs.chapterOverMicroBatches("paging"));
        await().atMost(DEADLINE).until(() -> api.get("/api/queries/" + id + "/progress").json().size() >= 12);

        for (String list : List.of("batches", "progress")) {
            String path = "/api/queries/" + id + "/" + list;
            long oldestOfLatest = batchIds(api.get(path + "?limit=5").json()).get(0);
            assertThat(batchIds(api.get(path + "?limit=5&before=" + oldestOfLatest).json()))
                    .as("the page of %s before batch %d", list, oldestOfLatest)
                    .containsExactly(LongStream.range(oldestOfLatest - 5, oldestOfLatest).boxed().toArray(Long[]::new));
            assertThat(batchIds(api.get(path + "?before=2").json())).as("all %s before batch 2", list)
                    .containsExactly(0L, 1L);
            assertThat(api.get(path + "?before=0").json()).as("%s before the first batch", list).isEmpty();
        }
        api.delete("/api/queries/" + id);
    }

    @Test
    void keepsAsManyProgressReportsAsConfigured() {
        ApiClient api = api();
        String id = api.create(Specs.chapterOverMicroBatches("bounded-progress"));
        String path = "/api/queries/" + id + "/progress";
        await().atMost(DEADLINE).until(() -> batchIds(api.get(path + "?limit=1").json()).get(0)
                >= StartedService.RECENT_PROGRESS + 5);
        api.post("/api/queries/" + id + "/stop", "");

        List<Long> kept = batchIds(api.get(path + "?limit=1000").json());

        long latest = kept.get(kept.size() - 1);
        assertThat(kept).containsExactly(LongStream.rangeClosed(latest - StartedService.RECENT_PROGRESS + 1, latest)
                .boxed().toArray(Long[]::new));
        api.delete("/api/queries/" + id);
    }

    @Test
    void splitsTheStateIntoThePartitionsItsConfAsksFor() {
        ApiClient api = api();
        String spec = Specs.chapterOverMicroBatches("partitioned").replace("\"sink\": {\"format\": \"noop\"}}",
                "\"sink\": {\"format\": \"noop\"}, \"conf\": {\"spark.sql.shuffle.partitions\": 3}}");
        String id = api.create(spec);
        await().atMost(DEADLINE).until(() -> api.get("/api/queries/" + id + "/progress").json().size() >= 1);

        JsonNode state = api.get("/api/queries/" + id + "/progress").json().get(0).path("stateOperators").get(0);

        assertThat(state.path("numShufflePartitions").asInt()).isEqualTo(3);
        assertThat(state.path("numStateStoreInstances").asInt()).isEqualTo(3);
        assertThat(api.get("/api/queries/" + id).json().path("spec").path("conf")
                .path("spark.sql.shuffle.partitions").asInt()).isEqualTo(3);
        api.delete("/api/queries/" + id);
    }

    @Test
    void stopsStartsAgainUnderTheSameIdAndDeletes() {
        ApiClient api = api();
        String id = api.create(Specs.idle("restarted"));
        String firstRun = api.query(id).path("runId").asString();

        ApiClient.Response stopped = api.post("/api/queries/" + id + "/stop");
        ApiClient.Response stoppedAgain = api.post("/api/queries/" + id + "/stop");
        ApiClient.Response started = api.post("/api/queries/" + id + "/start");
        ApiClient.Response startedWhileActive = api.post("/api/queries/" + id + "/start");
        ApiClient.Response deleted = api.delete("/api/queries/" + id);

        assertThat(stopped.status()).isEqualTo(200);
        assertThat(stopped.json().path("state").asString()).isEqualTo("STOPPED");
        assertThat(stopped.json().path("status").path("message").asString()).isEqualTo("Stopped");
        assertThat(stoppedAgain.status()).isEqualTo(200);
        assertThat(stoppedAgain.json().path("state").asString()).isEqualTo("STOPPED");
        assertThat(started.status()).isEqualTo(200);
        assertThat(started.json().path("id").asString()).isEqualTo(id);
        assertThat(started.json().path("runId").asString()).isNotEqualTo(firstRun);
        assertThat(started.json().path("state").asString()).isEqualTo("ACTIVE");
        assertThat(startedWhileActive.status()).isEqualTo(409);
        assertThat(startedWhileActive.json().path("type").asString()).isEqualTo("https://arus.dev/problems/query-active");
        assertThat(deleted.status()).isEqualTo(204);
        assertThat(api.get("/api/queries/" + id).status()).isEqualTo(404);
        assertThat(api.delete("/api/queries/" + id).status()).isEqualTo(404);
    }

    @Test
    void showsAFailedQueryWithItsExceptionWhileAnotherKeepsRunning() {
        ApiClient api = api();
        String healthy = api.create(Specs.chapterOverMicroBatches("healthy"));
        String failing = api.create(Specs.dividingByZero("failing"));

        await().atMost(DEADLINE).until(() -> api.query(failing).path("state").asString().equals("FAILED"));
        long batchWhenFailed = api.query(healthy).path("lastProgress").path("batchId").asLong(-1);
        await().atMost(DEADLINE).until(() ->
                api.query(healthy).path("lastProgress").path("batchId").asLong(-1) > batchWhenFailed + 2);

        JsonNode failed = api.query(failing);
        assertThat(failed.path("exception").path("class").asString()).endsWith("EvaluationException");
        assertThat(failed.path("exception").path("message").asString()).startsWith("[DIVIDE_BY_ZERO]");
        assertThat(failed.path("exception").path("errorClass").asString()).isEqualTo("DIVIDE_BY_ZERO");
        assertThat(failed.path("status").path("message").asString()).startsWith("Terminated with exception");
        assertThat(api.query(healthy).path("state").asString()).isEqualTo("ACTIVE");
        assertThat(api.query(healthy).has("exception")).isFalse();
        api.delete("/api/queries/" + healthy);
        api.delete("/api/queries/" + failing);
    }

    @Test
    void readsAMemorySinksTableAPageAtATime() {
        ApiClient api = api();
        String id = api.create(Specs.toMemory("table", 5));
        await().atMost(DEADLINE).until(() -> api.get("/api/queries/" + id + "/table").json().path("numRows").asLong() >= 10);

        JsonNode page = api.get("/api/queries/" + id + "/table?offset=2&limit=3").json();

        assertThat(page.path("rows").size()).isEqualTo(3);
        assertThat(page.path("rows").get(0).path("value").asLong()).isEqualTo(2);
        assertThat(page.path("rows").get(2).path("value").asLong()).isEqualTo(4);
        assertThat(page.path("numRows").asLong()).isGreaterThanOrEqualTo(10);
        assertThat(api.get("/api/queries/" + id + "/table?offset=-1").status()).isEqualTo(400);
        api.delete("/api/queries/" + id);
    }

    @Test
    void aMemoryTableOverItsLimitFailsItsQueryAloneAndStaysReadable() {
        ApiClient api = api();
        String healthy = api.create(Specs.chapterOverMicroBatches("beside-the-hog"));
        String hog = api.create(Specs.toMemory("hog", 400));

        await().atMost(DEADLINE).until(() -> api.query(hog).path("state").asString().equals("FAILED"));

        JsonNode failed = api.query(hog);
        assertThat(failed.path("exception").path("errorClass").asString()).isEqualTo("MEMORY_SINK_ROWS_LIMIT_EXCEEDED");
        assertThat(failed.path("exception").path("message").asString())
                .contains("more than its limit of " + StartedService.MAX_MEMORY_TABLE_ROWS);
        assertThat(api.get("/api/queries/" + hog + "/table").json().path("numRows").asLong()).isEqualTo(800);
        assertThat(api.query(healthy).path("state").asString()).isEqualTo("ACTIVE");
        api.delete("/api/queries/" + healthy);
        api.delete("/api/queries/" + hog);
    }

    @Test
    void aQueryThatWritesNoMemoryTableHasNoTable() {
        ApiClient api = api();
        String id = api.create(Specs.idle("tableless"));

        ApiClient.Response table = api.get("/api/queries/" + id + "/table");

        assertThat(table.status()).isEqualTo(404);
        assertThat(table.json().path("type").asString()).isEqualTo("https://arus.dev/problems/no-memory-table");
        api.delete("/api/queries/" + id);
    }

    @Test
    void servesTheOpenApiDescriptionWithTheChaptersQueryAsExample() {
        ApiClient api = api();

        JsonNode docs = api.get("/v3/api-docs").json();
        ApiClient.Response ui = api.get("/swagger-ui/index.html");

        JsonNode example = docs.path("paths").path("/api/queries").path("post").path("requestBody")
                .path("content").path("application/json").path("example");
        assertThat(example.path("name").asString()).isEqualTo("visits-per-8s");
        assertThat(docs.path("paths").has("/api/queries/{id}/batches")).isTrue();
        assertThat(ui.status()).isEqualTo(200);
    }

    private static List<Long> batchIds(JsonNode list) {
        List<Long> ids = new ArrayList<>();
        list.forEach(item -> ids.add(item.path("batchId").asLong()));
        return ids;
    }
}
