package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /api/queries/{id}/result} on the started service, over real HTTP: the last row
 * written for each key of a query in update or complete mode, into a sink that keeps nothing
 * ({@code noop}), looked up by key, bounded by {@code arus.live.result-max-keys}
 * ({@value StartedService#RESULT_MAX_KEYS} here). Each batch's input is posted once the batch
 * before has been written, so what each batch wrote is known.
 */
@StartedService
class MaterializedResultTest {

    private static final String CLICKS = "{\"name\": \"clicks\", \"schema\": \"page STRING, at TIMESTAMP\"}";

    private static final String COUNT_BY_WINDOW_AND_PAGE = """
            {"groupBy": {"keys": ["window(at, '10 minutes')", "page"], "aggregations": ["count(*) AS clicks"]}}""";

    private static final String COUNT_BY_PAGE = """
            {"groupBy": {"keys": ["page"], "aggregations": ["count(*) AS clicks"]}}""";

    @LocalServerPort
    int port;

    private ApiClient api() {
        return new ApiClient(port);
    }

    @AfterEach
    void deleteEverything() {
        api().deleteEverything();
    }

    private static String clicksQuery(String name, String steps, String outputMode) {
        return """
                {"name": "%s", "source": {"format": "stream", "options": {"stream": "clicks",
                  "startingOffsets": "earliest"}},
                 "steps": [%s], "outputMode": "%s",
                 "conf": {"spark.sql.shuffle.partitions": 2},
                 "trigger": {"processingTime": "50 milliseconds"}, "sink": {"format": "noop"}}"""
                .formatted(name, steps, outputMode);
    }

    /** Posts one batch's clicks, waits until the query has written the batch that read them all, and returns its id. */
    private static long batch(ApiClient api, String id, long rowsBefore, String events, int rows) {
        return StateViews.read(api, id, "clicks", rowsBefore, events, rows);
    }

    private static String click(String page, String at) {
        return "{\"page\": \"" + page + "\", \"at\": \"2026-12-01T" + at + "Z\"}";
    }

    /** Three batches of clicks counted by 10-minute window and page in update mode; returns the query's id. */
    private static String windowedCountOverThreeBatches(ApiClient api) {
        api.post("/api/streams", CLICKS);
        String id = api.create(clicksQuery("clicks-by-window", COUNT_BY_WINDOW_AND_PAGE, "update"));
        batch(api, id, 0, "[" + click("home", "10:01:00") + ", " + click("cart", "10:02:00") + ", "
                + click("home", "10:03:00") + "]", 3);
        batch(api, id, 3, "[" + click("home", "10:04:00") + ", " + click("home", "10:12:00") + "]", 2);
        batch(api, id, 5, "[" + click("cart", "10:05:00") + ", " + click("help", "10:15:00") + "]", 2);
        return id;
    }

    private static String windowPageClicks(JsonNode row) {
        return row.path("window").path("start").asString() + " " + row.path("page").asString() + " "
                + row.path("clicks").asLong();
    }

    @Test
    void theResultOfAnUpdateModeWindowedCountIsTheLastRowWrittenForEachKey() {
        ApiClient api = api();
        String id = windowedCountOverThreeBatches(api);

        // The last row each key was written with, from the batches as the sink got them.
        Map<String, JsonNode> lastByKey = new LinkedHashMap<>();
        long lastBatch = -1;
        for (JsonNode written : api.get("/api/queries/" + id + "/batches").json()) {
            for (JsonNode row : written.path("rows")) {
                String key = row.path("window").toString() + row.path("page").asString();
                lastByKey.remove(key);
                lastByKey.put(key, row);
            }
            lastBatch = written.path("batchId").asLong();
        }
        JsonNode result = api.get("/api/queries/" + id + "/result").json();

        assertThat(result.path("outputMode").asString()).isEqualTo("update");
        assertThat(result.path("keyColumns").toString()).isEqualTo("[\"window\",\"page\"]");
        assertThat(result.path("batchId").asLong()).isEqualTo(lastBatch);
        assertThat(result.path("truncated").asBoolean()).isFalse();
        assertThat(result.path("numKeys").asLong()).isEqualTo(4);
        List<String> rows = new ArrayList<>();
        result.path("rows").forEach(row -> rows.add(row.toString()));
        assertThat(rows).isEqualTo(lastByKey.values().stream().map(JsonNode::toString).toList());
        List<String> counts = new ArrayList<>();
        result.path("rows").forEach(row -> counts.add(windowPageClicks(row)));
        assertThat(counts).containsExactlyInAnyOrder(
                "2026-12-01T10:00:00.000Z home 3", "2026-12-01T10:10:00.000Z home 1",
                "2026-12-01T10:00:00.000Z cart 2", "2026-12-01T10:10:00.000Z help 1");
    }

    @Test
    void aKeyLookupGivesTheRowsOfTheKeysThatMatchEveryColumnAsked() {
        ApiClient api = api();
        String id = windowedCountOverThreeBatches(api);
        String result = "/api/queries/" + id + "/result";

        JsonNode home = api.get(result + "?key=page=home").json();
        List<String> homeRows = new ArrayList<>();
        home.path("rows").forEach(row -> homeRows.add(windowPageClicks(row)));
        assertThat(homeRows).containsExactlyInAnyOrder("2026-12-01T10:00:00.000Z home 3",
                "2026-12-01T10:10:00.000Z home 1");
        assertThat(home.path("numRows").asLong()).isEqualTo(2);
        assertThat(home.path("numKeys").asLong()).isEqualTo(4);

        JsonNode one = api.get(result + "?key=window.start=2026-12-01T10:00:00.000Z&key=page=cart").json();
        assertThat(one.path("rows")).hasSize(1);
        assertThat(windowPageClicks(one.path("rows").get(0))).isEqualTo("2026-12-01T10:00:00.000Z cart 2");

        assertThat(api.get(result + "?key=page=nowhere").json().path("rows")).isEmpty();
        ApiClient.Response notAKey = api.get(result + "?key=clicks=3");
        assertThat(notAKey.status()).isEqualTo(400);
        assertThat(notAKey.json().path("type").asString()).endsWith("/invalid-parameter");
        assertThat(notAKey.json().path("detail").asString()).contains("[window, page]");
        assertThat(api.get(result + "?key=page").status()).isEqualTo(400);
    }

    @Test
    void aCompleteModeResultIsTheLastBatchWrittenWhole() {
        ApiClient api = api();
        api.post("/api/streams", CLICKS);
        String id = api.create(clicksQuery("clicks-by-page", COUNT_BY_PAGE, "complete"));
        batch(api, id, 0, "[" + click("home", "10:01:00") + ", " + click("cart", "10:02:00") + "]", 2);
        long second = batch(api, id, 2, "[" + click("home", "10:04:00") + ", " + click("help", "10:05:00") + "]", 2);

        await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/api/queries/" + id + "/result").json().path("batchId").asLong() >= second);
        JsonNode result = api.get("/api/queries/" + id + "/result").json();
        assertThat(result.path("outputMode").asString()).isEqualTo("complete");
        assertThat(result.path("keyColumns").toString()).isEqualTo("[\"page\"]");
        List<String> rows = new ArrayList<>();
        result.path("rows").forEach(row -> rows.add(row.path("page").asString() + " " + row.path("clicks").asLong()));
        assertThat(rows).containsExactlyInAnyOrder("home 2", "cart 1", "help 1");
        assertThat(api.get("/api/queries/" + id + "/result?key=page=help").json().path("rows").get(0)
                .path("clicks").asLong()).isEqualTo(1);
    }

    @Test
    void anAppendModeQueryHasNoResultByKeyAndAnUnknownQueryIsNotFound() {
        ApiClient api = api();
        api.post("/api/streams", CLICKS);
        String id = api.create(clicksQuery("clicks-as-they-come", "{\"filter\": \"page <> 'help'\"}", "append"));

        ApiClient.Response refused = api.get("/api/queries/" + id + "/result");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.json().path("type").asString()).endsWith("/no-result");
        assertThat(refused.json().path("errorClass").asString())
                .isEqualTo("RESULT_NOT_MATERIALIZED.APPEND_OUTPUT_MODE");
        assertThat(refused.json().path("detail").asString()).contains("append mode");

        ApiClient.Response unknown = api.get("/api/queries/00000000-0000-0000-0000-000000000000/result");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().path("type").asString()).endsWith("/query-not-found");
    }

    @Test
    void anUpdateModeQueryWithoutAKeyHasNoResultByKey() {
        ApiClient api = api();
        api.post("/api/streams", CLICKS);
        String id = api.create(clicksQuery("clicks-updated", "{\"filter\": \"page <> 'help'\"}", "update"));

        ApiClient.Response refused = api.get("/api/queries/" + id + "/result");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().path("errorClass").asString()).isEqualTo("RESULT_NOT_MATERIALIZED.KEY_UNKNOWN");
    }

    private static List<String> pageClicks(JsonNode result) {
        List<String> rows = new ArrayList<>();
        result.path("rows").forEach(row -> rows.add(row.path("page").asString() + " " + row.path("clicks").asLong()));
        return rows;
    }

    private static void restart(ApiClient api, String id) {
        assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
        assertThat(api.post("/api/queries/" + id + "/start").status()).isEqualTo(200);
    }

    @Test
    void aCheckpointedQueryKeepsItsResultAcrossRunsAndOneWithoutStartsItAfreshWithEachRun() {
        ApiClient api = api();
        api.post("/api/streams", CLICKS);
        String kept = api.create(clicksQuery("kept", COUNT_BY_PAGE, "update")
                .replace("\"startingOffsets\": \"earliest\"", "\"startingOffsets\": \"latest\"")
                .replace("\"sink\"", "\"checkpointLocation\": \"checkpoints/kept\", \"sink\""));
        String afresh = api.create(clicksQuery("afresh", COUNT_BY_PAGE, "update")
                .replace("\"startingOffsets\": \"earliest\"", "\"startingOffsets\": \"latest\""));
        String home = "[" + click("home", "10:01:00") + "]";
        ApiClient.Response posted = api.post("/api/streams/clicks/events", home);
        assertThat(posted.status()).as(posted.body()).isLessThan(300);
        for (String id : List.of(kept, afresh)) {
            await().atMost(Duration.ofSeconds(30)).until(() ->
                    pageClicks(api.get("/api/queries/" + id + "/result").json()).equals(List.of("home 1")));
            restart(api, id);
        }
        posted = api.post("/api/streams/clicks/events", "[" + click("cart", "10:02:00") + "]");
        assertThat(posted.status()).as(posted.body()).isLessThan(300);

        await().atMost(Duration.ofSeconds(30)).until(() ->
                pageClicks(api.get("/api/queries/" + kept + "/result").json()).contains("cart 1"));
        assertThat(pageClicks(api.get("/api/queries/" + kept + "/result").json())).containsExactly("home 1", "cart 1");
        await().atMost(Duration.ofSeconds(30)).until(() ->
                pageClicks(api.get("/api/queries/" + afresh + "/result").json()).contains("cart 1"));
        assertThat(pageClicks(api.get("/api/queries/" + afresh + "/result").json())).containsExactly("cart 1");
    }

    @Test
    void pastTheBoundUpdateModeForgetsTheKeysWrittenLongestAgoAndSaysSo() {
        ApiClient api = api();
        api.post("/api/streams", CLICKS);
        String id = api.create(clicksQuery("many-pages", COUNT_BY_PAGE, "update"));
        batch(api, id, 0, "[" + click("p1", "10:00:00") + ", " + click("p2", "10:00:00") + ", "
                + click("p3", "10:00:00") + ", " + click("p4", "10:00:00") + "]", 4);
        long last = batch(api, id, 4, "[" + click("p5", "10:00:00") + ", " + click("p6", "10:00:00") + ", "
                + click("p1", "10:00:00") + "]", 3);

        JsonNode result = api.get("/api/queries/" + id + "/result").json();
        assertThat(result.path("batchId").asLong()).isEqualTo(last);
        assertThat(result.path("maxKeys").asInt()).isEqualTo(StartedService.RESULT_MAX_KEYS);
        assertThat(result.path("numKeys").asLong()).isEqualTo(StartedService.RESULT_MAX_KEYS);
        assertThat(result.path("truncated").asBoolean()).isTrue();
        // Six keys were written, p1 again in the second batch: the first batch's first row other
        // than p1's, in the order the sink got them, was written longest ago, and was forgotten.
        assertThat(result.path("omittedRows").asLong()).isEqualTo(1);
        List<String> firstBatch = new ArrayList<>();
        for (JsonNode written : api.get("/api/queries/" + id + "/batches").json()) {
            if (firstBatch.isEmpty()) {
                written.path("rows").forEach(row -> firstBatch.add(row.path("page").asString()));
            }
        }
        String forgotten = firstBatch.stream().filter(page -> !page.equals("p1")).findFirst().orElseThrow();
        List<String> kept = new ArrayList<>(firstBatch);
        kept.remove("p1");
        kept.remove(forgotten);
        kept.addAll(List.of("p5", "p6", "p1"));
        List<String> pages = new ArrayList<>();
        result.path("rows").forEach(row -> pages.add(row.path("page").asString()));
        assertThat(pages).containsExactlyInAnyOrderElementsOf(kept).doesNotContain(forgotten);
        assertThat(api.get("/api/queries/" + id + "/result?key=page=p1").json().path("rows").get(0)
                .path("clicks").asLong()).isEqualTo(2);
    }

    @Test
    void pastTheBoundCompleteModeKeepsTheBatchsFirstRowsAndSaysSo() {
        ApiClient api = api();
        api.post("/api/streams", CLICKS);
        String id = api.create(clicksQuery("all-pages", COUNT_BY_PAGE, "complete"));
        StringBuilder clicks = new StringBuilder("[");
        for (int page = 1; page <= 7; page++) {
            clicks.append(page > 1 ? ", " : "").append(click("p" + page, "10:00:00"));
        }
        batch(api, id, 0, clicks.append("]").toString(), 7);

        JsonNode result = api.get("/api/queries/" + id + "/result").json();
        assertThat(result.path("rows")).hasSize(StartedService.RESULT_MAX_KEYS);
        assertThat(result.path("truncated").asBoolean()).isTrue();
        assertThat(result.path("omittedRows").asLong()).isEqualTo(2);
    }
}
