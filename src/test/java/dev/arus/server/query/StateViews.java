package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** What the tests of the state views do over HTTP: feed a query batch by batch, and read every page. */
final class StateViews {

    private StateViews() {
    }

    /**
     * Posts one batch's events to {@code stream}, waits until the query has read them all and committed the batch
     * that did, and returns that batch's id.
     */
    static long batch(ApiClient api, String id, String stream, long rowsBefore, String events, int rows) {
        long batchId = read(api, id, stream, rowsBefore, events, rows);
        await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/api/queries/" + id + "/state").json().path(0).path("maxBatchId").asLong() >= batchId);
        return batchId;
    }

    /** Posts one batch's events to {@code stream}, waits until the query has read them all, and returns the batch that did. */
    static long read(ApiClient api, String id, String stream, long rowsBefore, String events, int rows) {
        ApiClient.Response posted = api.post("/api/streams/" + stream + "/events", events);
        assertThat(posted.status()).as(posted.body()).isLessThan(300);
        long[] batchId = {-1};
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            long read = 0;
            for (JsonNode progress : api.get("/api/queries/" + id + "/progress").json()) {
                read += progress.path("numInputRows").asLong();
                if (read == rowsBefore + rows && progress.path("numInputRows").asLong() > 0) {
                    batchId[0] = progress.path("batchId").asLong();
                }
            }
            return batchId[0] >= 0;
        });
        return batchId[0];
    }

    /**
     * Creates the streams {@code impressions} and {@code clicks} and a checkpointed query that joins each impression
     * with the clicks on its ad within a minute ({@code how}: Spark's join type), under watermarks of the delays given.
     */
    static String adAttribution(ApiClient api, String impressionDelay, String clickDelay, String how, String sink) {
        api.post("/api/streams", "{\"name\": \"impressions\", \"schema\": \"ad_id STRING, impression_time TIMESTAMP\"}");
        api.post("/api/streams", "{\"name\": \"clicks\", \"schema\": \"ad_id STRING, click_time TIMESTAMP\"}");
        return api.create("""
                {"name": "attributed", "source": {"format": "stream", "options": {"stream": "impressions",
                  "startingOffsets": "earliest"}},
                 "steps": [{"withWatermark": {"column": "impression_time", "delay": "%s"}},
                   {"select": ["ad_id", "impression_time"]}, {"alias": "i"},
                   {"join": {"with": {"source": {"format": "stream", "options": {"stream": "clicks",
                       "startingOffsets": "earliest"}},
                     "steps": [{"withWatermark": {"column": "click_time", "delay": "%s"}}, {"alias": "c"}]},
                     "on": "i.ad_id = c.ad_id AND c.click_time >= i.impression_time AND c.click_time <= i.impression_time + INTERVAL 1 MINUTE",
                     "how": "%s"}}],
                 "outputMode": "append",
                 "trigger": {"processingTime": "50 milliseconds"}, "sink": {"format": "%s"},
                 "checkpointLocation": "checkpoints/attributed"}""".formatted(impressionDelay, clickDelay, how, sink));
    }

    /** The rows of every page of {@code path}, following nextPage. */
    static List<JsonNode> allPages(ApiClient api, String path) {
        List<JsonNode> rows = new ArrayList<>();
        String after = null;
        do {
            JsonNode page = api.get(path + (after == null ? "" : (path.contains("?") ? "&" : "?") + "after=" + after))
                    .json();
            page.path("rows").forEach(rows::add);
            after = page.path("nextPage").isMissingNode() || page.path("nextPage").isNull() ? null
                    : page.path("nextPage").asString();
        } while (after != null);
        return rows;
    }

    static String keysAndValues(List<JsonNode> rows) {
        return rows.stream().map(row -> row.path("key").toString() + "=" + row.path("value").toString())
                .sorted().toList().toString();
    }
}
