package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The same spec through the same service on both engines gives the same batches: each batch id's
 * rows (in any order within the batch), its watermark, input rows, output rows and state figures
 * (rows total, updated, removed, dropped as late). The cases are the engine's golden cases over
 * {@code rate-micro-batch} (those over {@code rate} as the same query over micro-batches), the
 * chapter's query over micro-batches, a stream-static join (with a key the table lacks) into a
 * keyed window aggregation, a deduplication within the watermark, a limit (alone in append mode,
 * and before a count in complete mode), a json file source read a
 * file per batch with a row that comes late, then the batch without data that the last file's
 * watermark brings, and the same orders from a stream of the event log, two a batch
 * ({@code maxOffsetsPerTrigger}); Spark runs in local mode.
 */
@SparkService
class SparkDifferentialTest {

    /** The stream of the orders, for the case that reads them from the event log. */
    private static final String ORDERS_STREAM = "differential-orders";

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    private final RegistryEvents events = new RegistryEvents();

    @Autowired
    DataDirectory dataDirectory;

    @BeforeEach
    void hear() throws Exception {
        registry.addListener(events);
        Path skus = dataDirectory.resolve("tables/skus.csv");
        Files.createDirectories(skus.getParent());
        Files.writeString(skus, "sku,category\n0,books\n1,games\n2,books\n");
        writeOrders(dataDirectory.resolve("drops/orders"));
        writeOrdersOfEqualTimes(dataDirectory.resolve("drops/ties"));
        postOrders(new ApiClient(port));
    }

    /** The orders of {@link #writeOrders} in one post to the stream {@value #ORDERS_STREAM}, created once. */
    private static void postOrders(ApiClient api) {
        ApiClient.Response created = api.post("/api/streams", "{\"name\": \"" + ORDERS_STREAM + "\", \"schema\": "
                + "\"order_id INT, category STRING, amount DOUBLE, event_time TIMESTAMP\"}");
        if (created.status() == 201) {
            String orders = String.join(",", order(1, "books", 10.5, "12:00:05"), order(2, "games", 5, "12:00:20"),
                    order(3, "books", 7, "12:00:40"), order(4, "books", 3, "12:01:10"),
                    order(5, "games", 2, "12:01:30"), order(6, "books", 1, "12:00:10"));
            ApiClient.Response posted = api.post("/api/streams/" + ORDERS_STREAM + "/events", "[" + orders + "]");
            assertThat(posted.status()).as(posted.body()).isEqualTo(200);
        } else {
            assertThat(created.status()).as(created.body()).isEqualTo(409);
        }
    }

    /**
     * Three NDJSON files of orders, a minute apart in modification time so that both engines take
     * them in the same order; the third holds a row behind the watermark the second leaves.
     */
    static void writeOrders(Path directory) throws Exception {
        Files.createDirectories(directory);
        List<List<String>> files = List.of(
                List.of(order(1, "books", 10.5, "12:00:05"), order(2, "games", 5, "12:00:20")),
                List.of(order(3, "books", 7, "12:00:40"), order(4, "books", 3, "12:01:10")),
                List.of(order(5, "games", 2, "12:01:30"), order(6, "books", 1, "12:00:10")));
        for (int i = 0; i < files.size(); i++) {
            Path file = directory.resolve("orders-" + i + ".json");
            Files.write(file, files.get(i));
            Files.setLastModifiedTime(file, FileTime.fromMillis(1_790_000_000_000L + i * 60_000L));
        }
    }

    /**
     * Six NDJSON files of an order each, all of the same modification time, so that which file a
     * batch of one takes depends on how the engine orders files of equal times (Spark: in the
     * order Hadoop lists the directory, not by path).
     */
    static void writeOrdersOfEqualTimes(Path directory) throws Exception {
        Files.createDirectories(directory);
        for (int i = 0; i < 6; i++) {
            Path file = directory.resolve("tie-" + i + ".json");
            Files.write(file, List.of(order(i, "books", i, "12:00:0" + i)));
            Files.setLastModifiedTime(file, FileTime.fromMillis(1_790_000_000_000L));
        }
    }

    private static String order(int id, String category, double amount, String time) {
        return "{\"order_id\":" + id + ",\"category\":\"" + category + "\",\"amount\":" + amount
                + ",\"event_time\":\"2026-10-16T" + time + "Z\"}";
    }

    static Stream<GoldenCase> cases() throws Exception {
        Map<String, Object> chapter = new LinkedHashMap<>();
        chapter.put("source", Map.of("format", "rate-micro-batch",
                "options", Map.of("rowsPerBatch", 10, "advanceMillisPerBatch", 1000)));
        chapter.put("steps", List.of(
                Map.of("withColumn", Map.of("name", "event_time",
                        "expr", "CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP)")),
                Map.of("withWatermark", Map.of("column", "event_time", "delay", "1 second")),
                Map.of("groupBy", Map.of("keys", List.of("window(event_time, '2 seconds')"),
                        "aggregations", List.of("count(*) AS count")))));
        chapter.put("outputMode", "append");
        chapter.put("trigger", Map.of("processingTime", "100 milliseconds"));
        chapter.put("sink", Map.of("format", "noop"));
        Map<String, Object> joined = new LinkedHashMap<>();
        joined.put("source", Map.of("format", "rate-micro-batch",
                "options", Map.of("rowsPerBatch", 6, "advanceMillisPerBatch", 2000)));
        joined.put("steps", List.of(
                Map.of("withColumn", Map.of("name", "sku", "expr", "CAST(value % 4 AS STRING)")),
                Map.of("join", Map.of("with", Map.of("static", Map.of("format", "csv",
                                "schema", "sku STRING, category STRING",
                                "options", Map.of("path", "tables/skus.csv", "header", true))),
                        "on", List.of("sku"), "how", "left_outer")),
                Map.of("withWatermark", Map.of("column", "timestamp", "delay", "2 seconds")),
                Map.of("groupBy", Map.of("keys", List.of("window(timestamp, '4 seconds')", "category"),
                        "aggregations", List.of("count(*) AS orders", "sum(value) AS total")))));
        joined.put("outputMode", "update");
        joined.put("trigger", Map.of("processingTime", "100 milliseconds"));
        joined.put("sink", Map.of("format", "noop"));
        Map<String, Object> deduplicated = new LinkedHashMap<>();
        deduplicated.put("source", Map.of("format", "rate-micro-batch",
                "options", Map.of("rowsPerBatch", 5, "advanceMillisPerBatch", 1000)));
        deduplicated.put("steps", List.of(
                Map.of("withColumn", Map.of("name", "order_id", "expr", "value % 7")),
                Map.of("withWatermark", Map.of("column", "timestamp", "delay", "3 seconds")),
                Map.of("dropDuplicatesWithinWatermark", List.of("order_id")),
                Map.of("select", List.of("order_id", "timestamp"))));
        deduplicated.put("trigger", Map.of("processingTime", "100 milliseconds"));
        deduplicated.put("sink", Map.of("format", "noop"));
        Map<String, Object> files = new LinkedHashMap<>();
        files.put("source", Map.of("format", "json",
                "schema", "order_id INT, category STRING, amount DOUBLE, event_time TIMESTAMP",
                "options", Map.of("path", "drops/orders", "maxFilesPerTrigger", 1)));
        files.put("steps", List.of(
                Map.of("withWatermark", Map.of("column", "event_time", "delay", "10 seconds")),
                Map.of("groupBy", Map.of("keys", List.of("window(event_time, '1 minute')", "category"),
                        "aggregations", List.of("count(*) AS orders", "sum(amount) AS revenue")))));
        files.put("outputMode", "update");
        files.put("trigger", Map.of("processingTime", "100 milliseconds"));
        files.put("sink", Map.of("format", "noop"));
        Map<String, Object> logged = new LinkedHashMap<>(files);
        logged.put("source", Map.of("format", "stream", "options",
                Map.of("stream", ORDERS_STREAM, "startingOffsets", "earliest", "maxOffsetsPerTrigger", 2)));
        return Stream.concat(Stream.of(new GoldenCase("chapter-over-micro-batches", chapter, 10),
                        new GoldenCase("join-with-a-table-update", joined, 8),
                        new GoldenCase("deduplicated-within-watermark", deduplicated, 10),
                        new GoldenCase("json-files-one-per-batch", files, 4),
                        new GoldenCase("event-log-stream-two-a-batch", logged, 4)),
                GoldenCase.all());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void bothEnginesGiveTheSameRowsBatchIdsWatermarksAndStateFigures(GoldenCase golden) throws Exception {
        DifferentialRun.assertSameBatches(new ApiClient(port), events, golden, true);
    }

    /**
     * Cases without a watermark: a limit before a count in complete mode, and alone in append mode,
     * and json files of equal modification times taken one a batch.
     * One input partition each, since which rows Spark's global limit lets through from several
     * partitions depends on the order their rows reach it.
     */
    static Stream<GoldenCase> casesWithoutAWatermark() {
        Map<String, Object> limited = new LinkedHashMap<>();
        limited.put("source", Map.of("format", "rate-micro-batch",
                "options", Map.of("rowsPerBatch", 3, "advanceMillisPerBatch", 1000, "numPartitions", 1)));
        limited.put("steps", List.of(Map.of("select", List.of("value")), Map.of("limit", 7)));
        limited.put("trigger", Map.of("processingTime", "100 milliseconds"));
        limited.put("sink", Map.of("format", "noop"));
        Map<String, Object> limitedThenCounted = new LinkedHashMap<>();
        limitedThenCounted.put("source", Map.of("format", "rate-micro-batch",
                "options", Map.of("rowsPerBatch", 4, "advanceMillisPerBatch", 1000, "numPartitions", 1)));
        limitedThenCounted.put("steps", List.of(
                Map.of("withColumn", Map.of("name", "k", "expr", "value % 3")),
                Map.of("limit", 6),
                Map.of("groupBy", Map.of("keys", List.of("k"), "aggregations", List.of("count(*) AS n")))));
        limitedThenCounted.put("outputMode", "complete");
        limitedThenCounted.put("trigger", Map.of("processingTime", "100 milliseconds"));
        limitedThenCounted.put("sink", Map.of("format", "noop"));
        Map<String, Object> ties = new LinkedHashMap<>();
        ties.put("source", Map.of("format", "json",
                "schema", "order_id INT, category STRING, amount DOUBLE, event_time TIMESTAMP",
                "options", Map.of("path", "drops/ties", "maxFilesPerTrigger", 1)));
        ties.put("steps", List.of(Map.of("select", List.of("order_id"))));
        ties.put("trigger", Map.of("processingTime", "100 milliseconds"));
        ties.put("sink", Map.of("format", "noop"));
        return Stream.of(new GoldenCase("limited-before-a-count-complete", limitedThenCounted, 4),
                new GoldenCase("limited-append", limited, 5),
                new GoldenCase("json-files-of-equal-times-one-per-batch", ties, 6));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("casesWithoutAWatermark")
    void bothEnginesGiveTheSameRowsBatchIdsAndStateFiguresWithoutAWatermark(GoldenCase golden) throws Exception {
        DifferentialRun.assertSameBatches(new ApiClient(port), events, golden, false);
    }
}
