package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Golden state of each kind of stateful operator on the started service: the rows the state
 * views give after a known batch, in the shapes Spark 4's {@code statestore} source gives
 * (DESIGN §12): a deduplication, one within the watermark, a session window, each side of a
 * stream-stream join, and the change feed of a windowed count whose window the watermark closes.
 */
@StartedService
class OperatorStatesTest {

    private static final String ORDERS = "order_id STRING, category STRING, ts TIMESTAMP";

    @LocalServerPort
    int port;

    private ApiClient api() {
        return new ApiClient(port);
    }

    @AfterEach
    void deleteEverything() {
        api().deleteEverything();
    }

    private static String ordersQuery(String name, String steps, String outputMode) {
        return """
                {"name": "%s", "source": {"format": "stream", "options": {"stream": "orders",
                  "startingOffsets": "earliest"}},
                 "steps": [%s],
                 "outputMode": "%s",
                 "trigger": {"processingTime": "50 milliseconds"}, "sink": {"format": "memory"},
                 "checkpointLocation": "checkpoints/%s"}""".formatted(name, steps, outputMode, name);
    }

    private String ordersStream(ApiClient api) {
        ApiClient.Response created = api.post("/api/streams", "{\"name\": \"orders\", \"schema\": \"" + ORDERS + "\"}");
        assertThat(created.status()).as(created.body()).isLessThan(300);
        return "orders";
    }

    private static JsonNode operator(ApiClient api, String id) {
        return api.get("/api/queries/" + id + "/state").json().get(0);
    }

    @Test
    void aDeduplicationKeepsEachKeyWithSparksPlaceholderValue() {
        ApiClient api = api();
        String stream = ordersStream(api);
        String id = api.create(ordersQuery("distinct-orders", "{\"dropDuplicates\": [\"order_id\"]}", "append"));
        long first = StateViews.batch(api, id, stream, 0, """
                [{"order_id": "o-1", "category": "books"}, {"order_id": "o-2", "category": "toys"},
                 {"order_id": "o-1", "category": "books"}]""", 3);
        StateViews.batch(api, id, stream, 3, "[{\"order_id\": \"o-2\"}, {\"order_id\": \"o-3\"}]", 2);

        assertThat(operator(api, id).path("operatorName").asString()).isEqualTo("dedupe");
        assertThat(StateViews.keysAndValues(StateViews.allPages(api, "/api/queries/" + id + "/state/0?batchId="
                + first))).isEqualTo(List.of(
                "{\"order_id\":\"o-1\"}={\"__dummy__\":null}",
                "{\"order_id\":\"o-2\"}={\"__dummy__\":null}").toString());
        assertThat(StateViews.keysAndValues(StateViews.allPages(api, "/api/queries/" + id + "/state/0")))
                .isEqualTo(List.of(
                        "{\"order_id\":\"o-1\"}={\"__dummy__\":null}",
                        "{\"order_id\":\"o-2\"}={\"__dummy__\":null}",
                        "{\"order_id\":\"o-3\"}={\"__dummy__\":null}").toString());
    }

    @Test
    void aDeduplicationWithinTheWatermarkKeepsWhenEachKeyExpires() {
        ApiClient api = api();
        String stream = ordersStream(api);
        String id = api.create(ordersQuery("distinct-within", """
                {"withWatermark": {"column": "ts", "delay": "10 seconds"}},
                {"dropDuplicatesWithinWatermark": ["order_id"]}""", "append"));
        StateViews.batch(api, id, stream, 0, """
                [{"order_id": "o-1", "ts": "2026-12-01T10:00:00Z"}, {"order_id": "o-1", "ts": "2026-12-01T10:00:04Z"}]""",
                2);

        assertThat(operator(api, id).path("operatorName").asString()).isEqualTo("dedupeWithinWatermark");
        List<JsonNode> rows = StateViews.allPages(api, "/api/queries/" + id + "/state/0");
        assertThat(rows).hasSize(1);
        long expires = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.parse("2026-12-01T10:00:10Z"));
        assertThat(rows.get(0).path("key").toString()).isEqualTo("{\"order_id\":\"o-1\"}");
        assertThat(rows.get(0).path("value").toString()).isEqualTo("{\"expiresAtMicros\":" + expires + "}");
    }

    @Test
    void aSessionWindowIsKeyedByItsKeysAndStartAndHoldsTheWholeRow() {
        ApiClient api = api();
        String stream = ordersStream(api);
        String id = api.create(ordersQuery("sessions", """
                {"withWatermark": {"column": "ts", "delay": "10 seconds"}},
                {"groupBy": {"keys": ["category", "session_window(ts, '5 seconds')"],
                  "aggregations": ["count(*) AS orders"]}}""", "append"));
        StateViews.batch(api, id, stream, 0, """
                [{"category": "books", "ts": "2026-12-01T10:00:00Z"}, {"category": "books", "ts": "2026-12-01T10:00:03Z"},
                 {"category": "toys", "ts": "2026-12-01T10:00:01Z"}]""", 3);

        assertThat(operator(api, id).path("operatorName").asString()).isEqualTo("sessionWindowStateStoreSaveExec");
        assertThat(StateViews.keysAndValues(StateViews.allPages(api, "/api/queries/" + id + "/state/0")))
                .isEqualTo(List.of(
                        "{\"category\":\"books\",\"sessionStartTime\":\"2026-12-01T10:00:00.000Z\"}="
                                + "{\"category\":\"books\",\"session_window\":{\"start\":\"2026-12-01T10:00:00.000Z\","
                                + "\"end\":\"2026-12-01T10:00:08.000Z\"},\"count\":2}",
                        "{\"category\":\"toys\",\"sessionStartTime\":\"2026-12-01T10:00:01.000Z\"}="
                                + "{\"category\":\"toys\",\"session_window\":{\"start\":\"2026-12-01T10:00:01.000Z\","
                                + "\"end\":\"2026-12-01T10:00:06.000Z\"},\"count\":1}").toString());
    }

    @Test
    void aStreamStreamJoinListsSparksFourStoresAndIsReadASideOrAStoreAtATime() {
        ApiClient api = api();
        String id = StateViews.adAttribution(api, "10 seconds", "20 seconds", "inner", "memory");
        StateViews.batch(api, id, "impressions", 0, """
                [{"ad_id": "a", "impression_time": "2026-12-01T10:00:00Z"},
                 {"ad_id": "b", "impression_time": "2026-12-01T10:00:05Z"}]""", 2);

        JsonNode stores = api.get("/api/queries/" + id + "/state").json();
        assertThat(stores.findValuesAsString("stateStoreName")).containsExactly("left-keyToNumValues",
                "left-keyWithIndexToValue", "right-keyToNumValues", "right-keyWithIndexToValue");
        assertThat(stores.findValuesAsString("operatorName")).containsOnly("symmetricHashJoin");
        assertThat(stores.get(0).path("numRowsTotal").asLong()).isEqualTo(2);
        String state = "/api/queries/" + id + "/state/0";
        assertThat(StateViews.keysAndValues(StateViews.allPages(api, state + "?joinSide=left"))).isEqualTo(List.of(
                "{\"field0\":\"a\"}={\"ad_id\":\"a\",\"impression_time\":\"2026-12-01T10:00:00.000Z\"}",
                "{\"field0\":\"b\"}={\"ad_id\":\"b\",\"impression_time\":\"2026-12-01T10:00:05.000Z\"}").toString());
        assertThat(StateViews.allPages(api, state + "?joinSide=right")).isEmpty();
        assertThat(StateViews.keysAndValues(StateViews.allPages(api, state + "?storeName=left-keyToNumValues")))
                .isEqualTo(List.of("{\"field0\":\"a\"}={\"value\":1}", "{\"field0\":\"b\"}={\"value\":1}").toString());
        assertThat(StateViews.keysAndValues(StateViews.allPages(api, state + "?storeName=left-keyWithIndexToValue")))
                .isEqualTo(List.of(
                        "{\"field0\":\"a\",\"index\":0}={\"ad_id\":\"a\",\"impression_time\":"
                                + "\"2026-12-01T10:00:00.000Z\",\"matched\":false}",
                        "{\"field0\":\"b\",\"index\":0}={\"ad_id\":\"b\",\"impression_time\":"
                                + "\"2026-12-01T10:00:05.000Z\",\"matched\":false}").toString());
        assertThat(StateViews.allPages(api, state + "?storeName=left-keyToNumValues&readChangeFeed=true"
                + "&changeStartBatchId=0").stream().map(row -> row.path("change_type").asString()).toList())
                .containsExactly("update", "update");
        assertThat(api.get(state).status()).isEqualTo(400);
        assertThat(api.get(state + "?joinSide=left&readChangeFeed=true&changeStartBatchId=0").json()
                .path("errorClass").asString()).isEqualTo("STDS_CONFLICT_OPTIONS");
    }

    @Test
    void theChangeFeedTellsTheUpdateOfEachBatchAndTheDeleteOfAWindowTheWatermarkClosed() {
        ApiClient api = api();
        String stream = ordersStream(api);
        String id = api.create(ordersQuery("per-window", """
                {"withWatermark": {"column": "ts", "delay": "0 seconds"}},
                {"groupBy": {"keys": ["window(ts, '10 seconds')"], "aggregations": ["count(*) AS orders"]}}""",
                "update"));
        long first = StateViews.batch(api, id, stream, 0, "[{\"ts\": \"2026-12-01T10:00:01Z\"}]", 1);
        long second = StateViews.batch(api, id, stream, 1, "[{\"ts\": \"2026-12-01T10:00:25Z\"}]", 1);
        // The watermark, 10:00:25 after the second batch, closes the first window in the no-data batch after it.
        await().atMost(Duration.ofSeconds(30)).until(() -> operator(api, id).path("maxBatchId").asLong() > second
                && operator(api, id).path("numRowsTotal").asLong() == 1);
        long closing = operator(api, id).path("maxBatchId").asLong();

        List<String> changes = StateViews.allPages(api, "/api/queries/" + id + "/state/0?readChangeFeed=true"
                        + "&changeStartBatchId=" + first + "&changeEndBatchId=" + closing).stream()
                .map(row -> row.path("batch_id").asLong() + " " + row.path("change_type").asString() + " "
                        + row.path("key") + "=" + row.path("value")).toList();
        String firstWindow = "{\"window\":{\"start\":\"2026-12-01T10:00:00.000Z\",\"end\":\"2026-12-01T10:00:10.000Z\"}}";
        String secondWindow = "{\"window\":{\"start\":\"2026-12-01T10:00:20.000Z\",\"end\":\"2026-12-01T10:00:30.000Z\"}}";
        assertThat(changes).containsExactly(
                first + " update " + firstWindow + "={\"count\":1}",
                second + " update " + secondWindow + "={\"count\":1}",
                closing + " delete " + firstWindow + "=null");

        String byStart = "/api/queries/" + id + "/state/0?batchId=" + second + "&key=window.start=2026-12-01T10:00:00.000Z";
        assertThat(StateViews.keysAndValues(StateViews.allPages(api, byStart)))
                .isEqualTo(List.of(firstWindow + "={\"count\":1}").toString());
    }
}
