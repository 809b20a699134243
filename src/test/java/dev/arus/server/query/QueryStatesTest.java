package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The state views on the started service, over real HTTP: a query's stateful operators and
 * their rows at a committed batch, in the shapes of Spark's {@code state-metadata} and
 * {@code statestore} sources, read from the checkpoint while the query runs and after it stopped.
 * Each batch's input is posted to a stream once the batch before is committed, so the state of
 * each batch is known.
 */
@StartedService
class QueryStatesTest {

    @LocalServerPort
    int port;

    private ApiClient api() {
        return new ApiClient(port);
    }

    @AfterEach
    void deleteEverything() {
        api().deleteEverything();
    }

    private static String salesQuery(String name, String steps, String outputMode, String checkpoint) {
        return """
                {"name": "%s", "source": {"format": "stream", "options": {"stream": "sales",
                  "startingOffsets": "earliest"}},
                 "steps": [%s],
                 "outputMode": "%s",
                 "conf": {"spark.sql.shuffle.partitions": 2},
                 "trigger": {"processingTime": "50 milliseconds"}, "sink": {"format": "memory"}%s}"""
                .formatted(name, steps, outputMode, checkpoint == null ? ""
                        : ", \"checkpointLocation\": \"" + checkpoint + "\"");
    }

    private static final String COUNT_BY_CATEGORY = """
            {"groupBy": {"keys": ["category"], "aggregations": ["count(*) AS orders", "max(amount) AS biggest"]}}""";

    /** A query and the batches that read its two posts. */
    private record TwoBatches(String id, long first, long second) {
    }

    private static TwoBatches aggregationOverTwoBatches(ApiClient api) {
        api.post("/api/streams", "{\"name\": \"sales\", \"schema\": \"category STRING, amount BIGINT\"}");
        String id = api.create(salesQuery("by-category", COUNT_BY_CATEGORY, "update", "checkpoints/by-category"));
        long first = StateViews.batch(api, id, "sales", 0, """
                [{"category": "books", "amount": 12}, {"category": "toys", "amount": 30},
                 {"category": "books", "amount": 7}]""", 3);
        long second = StateViews.batch(api, id, "sales", 3, """
                [{"category": "books", "amount": 40}, {"category": "games", "amount": 5}]""", 2);
        return new TwoBatches(id, first, second);
    }

    @Test
    void listsAnAggregationAsSparksStateMetadataSourceDoes() {
        ApiClient api = api();
        TwoBatches batches = aggregationOverTwoBatches(api);
        String id = batches.id();

        JsonNode operators = api.get("/api/queries/" + id + "/state").json();
        assertThat(operators).hasSize(1);
        JsonNode aggregation = operators.get(0);
        assertThat(aggregation.path("operatorId").asLong()).isZero();
        assertThat(aggregation.path("operatorName").asString()).isEqualTo("stateStoreSave");
        assertThat(aggregation.path("stateStoreName").asString()).isEqualTo("default");
        assertThat(aggregation.path("numPartitions").asInt()).isEqualTo(2);
        assertThat(aggregation.path("minBatchId").asLong()).isZero();
        assertThat(aggregation.path("maxBatchId").asLong()).isEqualTo(batches.second());
        assertThat(aggregation.path("operatorProperties").isNull()).as("as Spark's state-metadata has it").isTrue();
        assertThat(aggregation.path("numRowsTotal").asLong()).isEqualTo(3);

        assertThat(api.get("/api/queries/" + id + "/state?engine=ARUS").json()).isEqualTo(operators);
        ApiClient.Response other = api.get("/api/queries/" + id + "/state?engine=spark");
        assertThat(other.status()).as("an Arus query has no Spark state beside its own").isEqualTo(400);
        assertThat(other.body()).contains("invalid-parameter", "runs on arus");
    }

    @Test
    void readsAnAggregationsStateAtEachCommittedBatchKeyedByGroupWithItsBuffer() {
        ApiClient api = api();
        TwoBatches batches = aggregationOverTwoBatches(api);
        String id = batches.id();
        String state = "/api/queries/" + id + "/state/0";

        JsonNode first = api.get(state + "?batchId=" + batches.first()).json();
        assertThat(first.path("batchId").asLong()).isEqualTo(batches.first());
        assertThat(StateViews.keysAndValues(StateViews.allPages(api, state + "?batchId=" + batches.first()))).isEqualTo(List.of(
                "{\"category\":\"books\"}={\"count\":2,\"max\":12}",
                "{\"category\":\"toys\"}={\"count\":1,\"max\":30}").toString());
        JsonNode latest = api.get(state).json();
        assertThat(latest.path("batchId").asLong()).isEqualTo(batches.second());
        assertThat(latest.path("numRows").asLong()).isEqualTo(3);
        assertThat(StateViews.keysAndValues(StateViews.allPages(api, state))).isEqualTo(List.of(
                "{\"category\":\"books\"}={\"count\":3,\"max\":40}",
                "{\"category\":\"games\"}={\"count\":1,\"max\":5}",
                "{\"category\":\"toys\"}={\"count\":1,\"max\":30}").toString());
        JsonNode row = latest.path("rows").get(0);
        assertThat(row.propertyNames()).containsExactly("key", "value", "partition_id");
    }

    @Test
    void anAveragesBufferIsItsSumAndCountAndABufferNameThatComesAgainIsNumbered() {
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"sales\", \"schema\": \"category STRING, amount BIGINT\"}");
        String id = api.create(salesQuery("mean-by-category", """
                {"groupBy": {"keys": ["category"], "aggregations": ["count(*) AS orders", "avg(amount) AS mean"]}}""",
                "update", "checkpoints/mean-by-category"));
        StateViews.batch(api, id, "sales", 0, """
                [{"category": "books", "amount": 12}, {"category": "books", "amount": 7}]""", 2);

        assertThat(StateViews.keysAndValues(StateViews.allPages(api, "/api/queries/" + id + "/state/0")))
                .isEqualTo(List.of("{\"category\":\"books\"}={\"count\":2,\"sum\":19.0,\"count_2\":2}").toString());
    }

    @Test
    void readsEachPartitionAlonePagesABoundedNumberOfRowsAndFiltersByKey() {
        ApiClient api = api();
        TwoBatches batches = aggregationOverTwoBatches(api);
        String id = batches.id();
        String state = "/api/queries/" + id + "/state/0";

        List<JsonNode> byPartition = new ArrayList<>();
        for (int partition = 0; partition < 2; partition++) {
            for (JsonNode row : StateViews.allPages(api, state + "?partition=" + partition)) {
                assertThat(row.path("partition_id").asInt()).isEqualTo(partition);
                byPartition.add(row);
            }
        }
        assertThat(StateViews.keysAndValues(byPartition)).isEqualTo(StateViews.keysAndValues(StateViews.allPages(api, state)));

        JsonNode page = api.get(state + "?limit=2").json();
        assertThat(page.path("rows")).hasSize(2);
        assertThat(page.path("numRows").asLong()).isEqualTo(3);
        assertThat(page.path("nextPage").asString()).isNotEmpty();
        JsonNode rest = api.get(state + "?limit=2&after=" + page.path("nextPage").asString()).json();
        assertThat(rest.path("rows")).hasSize(1);
        assertThat(rest.path("nextPage").isMissingNode() || rest.path("nextPage").isNull()).isTrue();
        assertThat(api.get(state + "?limit=5000").json().path("rows")).hasSize(3);

        JsonNode books = api.get(state + "?key=category=books").json();
        assertThat(books.path("numRows").asLong()).isEqualTo(1);
        assertThat(books.path("rows").get(0).path("value").path("count").asLong()).isEqualTo(3);
    }

    @Test
    void readsTheChangeFeedOfAnAggregationBatchByBatch() {
        ApiClient api = api();
        TwoBatches batches = aggregationOverTwoBatches(api);
        String id = batches.id();

        List<JsonNode> changes = StateViews.allPages(api, "/api/queries/" + id + "/state/0?readChangeFeed=true"
                + "&changeStartBatchId=0&changeEndBatchId=" + batches.second());
        List<String> shown = changes.stream().map(row -> row.path("batch_id").asLong() + " "
                + row.path("change_type").asString() + " " + row.path("key") + "=" + row.path("value")).sorted().toList();
        assertThat(shown).containsExactly(
                batches.first() + " update {\"category\":\"books\"}={\"count\":2,\"max\":12}",
                batches.first() + " update {\"category\":\"toys\"}={\"count\":1,\"max\":30}",
                batches.second() + " update {\"category\":\"books\"}={\"count\":3,\"max\":40}",
                batches.second() + " update {\"category\":\"games\"}={\"count\":1,\"max\":5}");
        assertThat(changes.get(0).propertyNames())
                .containsExactly("batch_id", "change_type", "key", "value", "partition_id");
    }

    @Test
    void readsTheStateOfAStoppedQueryFromItsCheckpoint() {
        ApiClient api = api();
        TwoBatches batches = aggregationOverTwoBatches(api);
        String id = batches.id();
        api.post("/api/queries/" + id + "/stop");
        assertThat(api.query(id).path("state").asString()).isEqualTo("STOPPED");

        assertThat(api.get("/api/queries/" + id + "/state").json().get(0).path("maxBatchId").asLong())
                .isEqualTo(batches.second());
        assertThat(StateViews.keysAndValues(StateViews.allPages(api, "/api/queries/" + id + "/state/0?batchId=" + batches.first())))
                .isEqualTo(List.of(
                "{\"category\":\"books\"}={\"count\":2,\"max\":12}",
                "{\"category\":\"toys\"}={\"count\":1,\"max\":30}").toString());
    }

    @Test
    void refusesWhatSparksStateSourceRefusesAsProblems() {
        ApiClient api = api();
        TwoBatches batches = aggregationOverTwoBatches(api);
        String id = batches.id();
        String state = "/api/queries/" + id + "/state/";

        ApiClient.Response unknown = api.get(state + "7");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().path("type").asString()).endsWith("/operator-not-found");
        ApiClient.Response future = api.get(state + "0?batchId=" + (batches.second() + 5));
        assertThat(future.status()).isEqualTo(400);
        assertThat(future.json().path("type").asString()).endsWith("/invalid-parameter");
        assertThat(future.json().path("errorClass").asString()).isEqualTo("STDS_INVALID_OPTION_VALUE.WITH_MESSAGE");
        ApiClient.Response both = api.get(state + "0?readChangeFeed=true&changeStartBatchId=0&batchId=1");
        assertThat(both.json().path("errorClass").asString()).isEqualTo("STDS_CONFLICT_OPTIONS");
        ApiClient.Response side = api.get(state + "0?joinSide=left");
        assertThat(side.status()).isEqualTo(400);
        ApiClient.Response store = api.get(state + "0?storeName=left-keyToNumValues");
        assertThat(store.status()).isEqualTo(400);
        ApiClient.Response noStart = api.get(state + "0?readChangeFeed=true");
        assertThat(noStart.json().path("errorClass").asString()).isEqualTo("STDS_REQUIRED_OPTION_UNSPECIFIED");
        ApiClient.Response cursor = api.get(state + "0?after=nonsense");
        assertThat(cursor.status()).isEqualTo(400);
    }

    /**
     * A query on a 100 ms trigger whose batch {@code b} adds 10 rows to each of 10 keys: the state
     * after batch {@code b} counts {@code 10 * (b + 1)} for every key, so a read that mixed two
     * batches shows. Reads go on, back to back, until the query has committed 30 more batches.
     */
    @Test
    void readsWhileTheQueryRunsEachSeeOneCommittedBatchAndNeverHoldItUp() {
        ApiClient api = api();
        String id = api.create("""
                {"name": "busy", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 100}},
                 "steps": [{"groupBy": {"keys": ["value % 10 AS bucket"], "aggregations": ["count(*) AS rows"]}}],
                 "outputMode": "update", "conf": {"spark.sql.shuffle.partitions": 3},
                 "trigger": {"processingTime": "100 milliseconds"}, "sink": {"format": "noop"},
                 "checkpointLocation": "checkpoints/busy"}""");
        await().atMost(Duration.ofSeconds(30)).until(() ->
                api.get("/api/queries/" + id + "/state").json().path(0).path("maxBatchId").asLong() >= 0);
        long start = api.get("/api/queries/" + id + "/state").json().path(0).path("maxBatchId").asLong();
        long read = start;
        int reads = 0;
        while (read < start + 30) {
            JsonNode page = api.get("/api/queries/" + id + "/state/0").json();
            long batchId = page.path("batchId").asLong();
            assertThat(batchId).as("batches go back").isGreaterThanOrEqualTo(read);
            assertThat(page.path("rows")).hasSize(10);
            for (JsonNode row : page.path("rows")) {
                assertThat(row.path("value").path("count").asLong()).as("%s at batch %d", row, batchId)
                        .isEqualTo(10 * (batchId + 1));
            }
            read = batchId;
            reads++;
        }
        assertThat(reads).isGreaterThan(1);
        assertThat(api.query(id).path("state").asString()).isEqualTo("ACTIVE");
    }

    @Test
    void aQueryWithoutCheckpointHasNoStateToRead() {
        ApiClient api = api();
        api.post("/api/streams", "{\"name\": \"sales\", \"schema\": \"category STRING, amount BIGINT\"}");
        String id = api.create(salesQuery("unkept", COUNT_BY_CATEGORY, "update", null));

        ApiClient.Response refused = api.get("/api/queries/" + id + "/state");
        assertThat(refused.status()).isEqualTo(404);
        assertThat(refused.json().path("type").asString()).endsWith("/no-state");
        assertThat(api.get("/api/queries/00000000-0000-0000-0000-000000000000/state").json().path("type")
                .asString()).endsWith("/query-not-found");
    }
}
