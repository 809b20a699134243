package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * What the State tab asks of the state beside its rows, on the started service over real HTTP:
 * the windows an aggregation or a session window holds in the order the watermark closes them
 * ({@code /state/{operatorId}/closing}), and a stream-stream join's rows still waiting for a match
 * (a value filter on Spark's {@code matched} flag).
 */
@StartedService
class ClosingAndWaitingStateTest {

    private static final String ORDERS = "{\"name\": \"orders\", \"schema\": \"category STRING, ts TIMESTAMP\"}";

    @LocalServerPort
    int port;

    private ApiClient api() {
        return new ApiClient(port);
    }

    @AfterEach
    void deleteEverything() {
        api().deleteEverything();
    }

    private static String ordersQuery(String name, String steps) {
        return """
                {"name": "%s", "source": {"format": "stream", "options": {"stream": "orders",
                  "startingOffsets": "earliest"}},
                 "steps": [%s], "outputMode": "append",
                 "trigger": {"processingTime": "50 milliseconds"}, "sink": {"format": "noop"},
                 "checkpointLocation": "checkpoints/%s"}""".formatted(name, steps, name);
    }

    private static List<String> closing(JsonNode answer) {
        List<String> windows = new ArrayList<>();
        answer.path("windows").forEach(window -> windows.add(window.path("closesAt").asString() + " "
                + window.path("window").path("start").asString() + " " + window.path("key").path("category").asString()));
        return windows;
    }

    @Test
    void aWindowedAggregationsWindowsComeInTheOrderTheWatermarkClosesThemEachAtItsEnd() {
        ApiClient api = api();
        api.post("/api/streams", ORDERS);
        String id = api.create(ordersQuery("per-window", """
                {"withWatermark": {"column": "ts", "delay": "1 minute"}},
                {"groupBy": {"keys": ["window(ts, '10 seconds')", "category"], "aggregations": ["count(*) AS orders"]}}"""));
        StateViews.batch(api, id, "orders", 0, """
                [{"category": "toys", "ts": "2026-12-01T10:00:12Z"}, {"category": "toys", "ts": "2026-12-01T10:00:03Z"},
                 {"category": "books", "ts": "2026-12-01T10:00:01Z"}]""", 3);

        JsonNode all = api.get("/api/queries/" + id + "/state/0/closing").json();
        assertThat(all.path("numWindows").asLong()).isEqualTo(3);
        assertThat(closing(all)).containsExactly(
                "2026-12-01T10:00:10.000Z 2026-12-01T10:00:00.000Z books",
                "2026-12-01T10:00:10.000Z 2026-12-01T10:00:00.000Z toys",
                "2026-12-01T10:00:20.000Z 2026-12-01T10:00:10.000Z toys");
        JsonNode first = api.get("/api/queries/" + id + "/state/0/closing?limit=1").json();
        assertThat(first.path("batchId").asLong()).isEqualTo(all.path("batchId").asLong());
        assertThat(closing(first)).containsExactly("2026-12-01T10:00:10.000Z 2026-12-01T10:00:00.000Z books");
        assertThat(first.path("numWindows").asLong()).isEqualTo(3);
        assertThat(api.get("/api/queries/" + id + "/state/0/closing?limit=0").status()).isEqualTo(400);
    }

    @Test
    void sessionsComeInTheOrderOfTheirEndsTheirLastEventPlusTheGap() {
        ApiClient api = api();
        api.post("/api/streams", ORDERS);
        String id = api.create(ordersQuery("sessions", """
                {"withWatermark": {"column": "ts", "delay": "10 seconds"}},
                {"groupBy": {"keys": ["category", "session_window(ts, '5 seconds')"],
                  "aggregations": ["count(*) AS orders"]}}"""));
        StateViews.batch(api, id, "orders", 0, """
                [{"category": "books", "ts": "2026-12-01T10:00:00Z"}, {"category": "books", "ts": "2026-12-01T10:00:03Z"},
                 {"category": "toys", "ts": "2026-12-01T10:00:01Z"}]""", 3);

        assertThat(closing(api.get("/api/queries/" + id + "/state/0/closing").json())).containsExactly(
                "2026-12-01T10:00:06.000Z 2026-12-01T10:00:01.000Z toys",
                "2026-12-01T10:00:08.000Z 2026-12-01T10:00:00.000Z books");
    }

    @Test
    void anAggregationByPlainKeysHasNoWindowToClose() {
        ApiClient api = api();
        api.post("/api/streams", ORDERS);
        String id = api.create(ordersQuery("per-category", """
                {"groupBy": {"keys": ["category"], "aggregations": ["count(*) AS orders"]}}""")
                .replace("\"append\"", "\"update\""));
        StateViews.batch(api, id, "orders", 0, "[{\"category\": \"toys\", \"ts\": \"2026-12-01T10:00:12Z\"}]", 1);

        JsonNode answer = api.get("/api/queries/" + id + "/state/0/closing").json();
        assertThat(answer.path("windows")).isEmpty();
        assertThat(answer.path("numWindows").asLong()).isZero();
    }

    @Test
    void aJoinsRowsWaitingForAMatchAreThoseNotMatchedYet() {
        ApiClient api = api();
        String id = StateViews.adAttribution(api, "10 minutes", "10 minutes", "left_outer", "noop");
        StateViews.batch(api, id, "impressions", 0, """
                [{"ad_id": "a", "impression_time": "2026-12-01T10:00:00Z"},
                 {"ad_id": "b", "impression_time": "2026-12-01T10:00:05Z"}]""", 2);
        StateViews.batch(api, id, "clicks", 2, "[{\"ad_id\": \"a\", \"click_time\": \"2026-12-01T10:00:20Z\"}]", 1);

        String left = "/api/queries/" + id + "/state/0?storeName=left-keyWithIndexToValue";
        assertThat(StateViews.allPages(api, left + "&value=matched=false").stream()
                .map(row -> row.path("value").path("ad_id").asString()).toList()).containsExactly("b");
        assertThat(StateViews.allPages(api, left + "&value=matched=true").stream()
                .map(row -> row.path("value").path("ad_id").asString()).toList()).containsExactly("a");
        assertThat(api.get(left + "&value=matched").status()).isEqualTo(400);
    }
}
