package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.log.EventLog;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.time.Clock;
import dev.arus.server.ApiClient;
import dev.arus.server.query.EngineComparison;
import dev.arus.server.query.EventLogStreams;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import dev.arus.server.web.ProblemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The {@code stream} source on Spark: a Spark query reads a stream of the service's event log as
 * a query on Arus's engine reads it. On both engines every batch compares equal, column types and
 * {@code ingest_time} included, and both checkpoints keep the same offsets in the same JSON and
 * the same starting offsets in {@code sources/0/0}. A Spark query with a checkpoint goes on after
 * a stop from where it committed, and a batch its checkpoint left uncommitted reads the same
 * records again: every event once. While it runs it is one of the stream's readers (retention
 * keeps what it has not read, and the stream cannot be deleted under it). On a cluster's master
 * the source is refused: executors in other JVMs cannot reach the service's log.
 */
@SparkService
class SparkStreamSourceTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);

    /** A column of each type a stream holds, a struct among them. */
    private static final String SCHEMA = "order_id STRING NOT NULL, category STRING, amount DOUBLE, ratio FLOAT, "
            + "qty INT, small TINYINT, mid SMALLINT, big BIGINT, price DECIMAL(10,2), wide DECIMAL(30,5), ok BOOLEAN, "
            + "paid_at TIMESTAMP, day DATE, blob BINARY, meta STRUCT<channel: STRING, tries: BIGINT>";

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    @Autowired
    DataDirectory dataDirectory;

    @Autowired
    SparkSessions spark;

    @Autowired
    EventLog eventLog;

    @Autowired
    Clock clock;

    @Autowired
    EventLogStreams eventLogStreams;

    private final RegistryEvents events = new RegistryEvents();

    @BeforeEach
    void hear() {
        registry.addListener(events);
        spark.newSession(); // Spark starts at its first query: here, not within a request's time
    }

    @Test
    void onBothEnginesEveryBatchOfAStreamAgreesAndBothCheckpointsKeepTheSameOffsets() throws Exception {
        ApiClient api = new ApiClient(port);
        createStream(api, "both-orders", 2);
        post(api, "both-orders", 0, 13);
        String id = api.create("""
                {"name": "both-orders", "engine": "both",
                 "source": {"format": "stream",
                            "options": {"stream": "both-orders", "startingOffsets": "earliest", "maxOffsetsPerTrigger": 4}},
                 "steps": [{"withColumn": {"name": "total", "expr": "price * qty"}},
                           {"withColumn": {"name": "channel", "expr": "meta.channel"}}],
                 "trigger": {"availableNow": true}, "sink": {"format": "memory"},
                 "checkpointLocation": "checkpoints/both-orders"}
                """);
        try {
            events.awaitRunsEnded(id, 1);
            JsonNode arusBatches = api.get("/api/queries/" + id + "/batches?limit=100").json();
            assertThat(arusBatches.size()).as("13 events, at most 4 a batch").isGreaterThanOrEqualTo(4);
            EngineComparison.Summary compared = events.awaitCompared(id, arusBatches.size());
            assertThat(compared.verdict()).as(compared.toString()).isEqualTo(EngineComparison.Verdict.AGREE);
            assertThat(compared.batchesDiffering()).isZero();
            assertThat(compared.sparkBatches()).isEqualTo(arusBatches.size());
            long rows = 0;
            for (JsonNode batch : arusBatches) {
                rows += batch.path("numRows").asLong();
            }
            assertThat(rows).isEqualTo(13);

            Path arus = dataDirectory.resolve("checkpoints/both-orders");
            Path beside = arus.resolve("spark-beside");
            assertThat(Files.readString(beside.resolve("sources/0/0")))
                    .isEqualTo(Files.readString(arus.resolve("sources/0/0")))
                    .isEqualTo("v1\n{\"both-orders\":{\"0\":0,\"1\":0}}");
            for (int batch = 0; batch < arusBatches.size(); batch++) {
                assertThat(sourceOffsets(beside, batch)).as("batch %d's offsets", batch)
                        .isEqualTo(sourceOffsets(arus, batch)).startsWith("{\"both-orders\":{\"0\":");
            }
        } finally {
            api.delete("/api/queries/" + id + "?purge=true");
            api.delete("/api/streams/both-orders");
        }
    }

    @Test
    void aSparkQueryGoesOnFromItsCheckpointReadsAnUncommittedBatchAgainAndIsTheStreamsReaderWhileItRuns()
            throws Exception {
        ApiClient api = new ApiClient(port);
        createStream(api, "spark-orders", 2);
        post(api, "spark-orders", 0, 10);
        String id = api.withTimeout(DEADLINE).create("""
                {"name": "spark-orders-reader", "engine": "spark",
                 "source": {"format": "stream",
                            "options": {"stream": "spark-orders", "startingOffsets": "earliest", "maxOffsetsPerTrigger": 3}},
                 "steps": [{"select": ["order_id", "ingest_time"]}],
                 "trigger": {"processingTime": "100 milliseconds"}, "sink": {"format": "noop"},
                 "checkpointLocation": "checkpoints/spark-orders-reader"}
                """);
        try {
            await().atMost(DEADLINE).until(() -> orderIds(api, id).size() >= 10);
            assertThat(readers(api, "spark-orders")).containsExactly("spark-orders-reader");
            ApiClient.Response inUse = api.delete("/api/streams/spark-orders");
            assertThat(inUse.status()).as(inUse.body()).isEqualTo(409);
            assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
            assertThat(readers(api, "spark-orders")).as("a stopped query reads nothing").isEmpty();
            JsonNode progress = api.get("/api/queries/" + id + "/progress?limit=1").json().get(0);
            assertThat(progress.path("sources").get(0).path("description").asString())
                    .isEqualTo("EventLogStream[spark-orders]");
            assertThat(progress.path("sources").get(0).path("endOffset").toString())
                    .matches("\\{\"spark-orders\":\\{\"0\":[0-9]+,\"1\":[0-9]+}}");

            // As after a crash between the batch and its commit entry: Spark reads batch `last` again.
            long last = CommittedBatches.forgetLatest(dataDirectory.resolve("checkpoints/spark-orders-reader"));
            List<String> lastRows = rowsOf(api, id, last);
            post(api, "spark-orders", 10, 16);
            assertThat(api.post("/api/queries/" + id + "/start").status()).isEqualTo(200);
            await().atMost(DEADLINE).until(() -> orderIds(api, id).size() >= 16);
            assertThat(orderIds(api, id)).as("every event once, over both runs")
                    .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 16).mapToObj(i -> "o-" + i).toList());
            JsonNode batches = api.get("/api/queries/" + id + "/batches?limit=1000").json();
            List<List<String>> runsOfLast = new ArrayList<>();
            for (JsonNode batch : batches) {
                if (batch.path("batchId").asLong() == last) {
                    runsOfLast.add(rows(batch));
                }
            }
            assertThat(runsOfLast).as("batch %d, run again with the same records", last)
                    .containsExactly(lastRows, lastRows);
        } finally {
            api.delete("/api/queries/" + id + "?purge=true");
            api.delete("/api/streams/spark-orders");
        }
    }

    @Test
    void aStreamCreatedAgainUnderAStoppedSparkQueryFailsItWithArusDataLossClassUnlessItMayGoOn() throws Exception {
        ApiClient api = new ApiClient(port);
        createStream(api, "spark-lost", 1);
        post(api, "spark-lost", 0, 5);
        String spec = """
                {"name": "spark-lost-reader", "engine": "spark",
                 "source": {"format": "stream",
                            "options": {"stream": "spark-lost", "startingOffsets": "earliest", "failOnDataLoss": %b}},
                 "trigger": {"processingTime": "100 milliseconds"}, "sink": {"format": "noop"},
                 "checkpointLocation": "checkpoints/spark-lost-reader"}
                """;
        String id = api.withTimeout(DEADLINE).create(spec.formatted(true));
        try {
            await().atMost(DEADLINE).until(() -> orderIds(api, id).size() >= 5);
            assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
            assertThat(api.delete("/api/streams/spark-lost").status()).isEqualTo(204);
            createStream(api, "spark-lost", 1);
            post(api, "spark-lost", 100, 102);

            assertThat(api.post("/api/queries/" + id + "/start").status()).isEqualTo(200);
            await().atMost(DEADLINE).until(() -> api.query(id).path("state").asString().equals("FAILED"));
            JsonNode failure = api.query(id).path("exception");
            assertThat(failure.path("errorClass").asString()).as(failure.toString())
                    .isEqualTo("STREAM_DATA_LOSS.PARTITION_OFFSET_CHANGED");
            assertThat(failure.path("message").asString()).contains("failOnDataLoss");
        } finally {
            api.delete("/api/queries/" + id);
        }
        // failOnDataLoss false: the same checkpoint goes on, reading what the stream holds now
        String goesOn = api.create(spec.formatted(false));
        try {
            await().atMost(DEADLINE).until(() -> !api.get("/api/queries/" + goesOn + "/progress?limit=1").json()
                    .isEmpty());
            assertThat(api.query(goesOn).path("state").asString()).isEqualTo("ACTIVE");
            post(api, "spark-lost", 102, 103);
            await().atMost(DEADLINE).until(() -> orderIds(api, goesOn).contains("o-102"));
        } finally {
            api.delete("/api/queries/" + goesOn + "?purge=true");
            api.delete("/api/streams/spark-lost");
        }
    }

    @Test
    void onAClustersMasterTheStreamSourceIsRefusedAtItsFormatAndATaskFindsNoLogOutsideTheServicesJvm() {
        for (String master : List.of("spark://127.0.0.1:7077", "local-cluster[2,1,1024]", "k8s://https://k8s:6443")) {
            SparkEventLog onCluster = new SparkEventLog(eventLog, clock, new SparkSettings(master, Map.of()),
                    eventLogStreams);
            try {
                assertThatThrownBy(() -> onCluster.stream(null, Map.of("stream", "orders"), null, "q", "/source"))
                        .isInstanceOfSatisfying(ProblemException.class, refused -> {
                            assertThat(refused.properties()).containsEntry("pointer", "/source/format")
                                    .containsEntry("errorClass", SparkEventLog.UNREACHABLE);
                            assertThat(refused.getMessage()).contains(master);
                        });
            } finally {
                onCluster.unregister();
            }
        }
        assertThatThrownBy(() -> SparkEventLog.find("no-such-registration"))
                .isInstanceOfSatisfying(ArusException.class,
                        missing -> assertThat(missing.errorClass()).isEqualTo(SparkEventLog.UNREACHABLE));
    }

    @Test
    void aRealTimeTriggerOnSparkIsRefusedWithSparksErrorClassForItsForeachBatchSink() {
        ApiClient api = new ApiClient(port);
        createStream(api, "spark-real-time", 1);
        try {
            ApiClient.Response refused = api.withTimeout(DEADLINE).post("/api/queries", """
                    {"name": "spark-real-time", "engine": "spark",
                     "source": {"format": "stream", "options": {"stream": "spark-real-time"}},
                     "outputMode": "update", "trigger": {"realTime": "5 seconds"}, "sink": {"format": "console"}}
                    """);

            // what Spark 4.2's RealTimeModeAllowlist says of the ForeachBatchSink the service writes through
            assertThat(refused.status()).as(refused.body()).isEqualTo(400);
            assertThat(refused.json().path("errorClass").asString())
                    .isEqualTo("STREAMING_REAL_TIME_MODE.OPERATOR_OR_SINK_NOT_IN_ALLOWLIST");
            assertThat(refused.json().path("pointer").asString()).isEqualTo("/trigger/realTime");
            assertThat(api.names()).doesNotContain("spark-real-time");
        } finally {
            api.delete("/api/streams/spark-real-time");
        }
    }

    private static void createStream(ApiClient api, String name, int partitions) {
        ApiClient.Response created = api.post("/api/streams", """
                {"name": "%s", "partitions": %d, "keyField": "order_id", "schema": "%s"}
                """.formatted(name, partitions, SCHEMA));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }

    /** Orders {@code o-from} to {@code o-(to-1)}, each column filled but now and then NULL. */
    private static void post(ApiClient api, String stream, int from, int to) {
        String events = IntStream.range(from, to).mapToObj(SparkStreamSourceTest::order).collect(Collectors.joining(",", "[", "]"));
        ApiClient.Response written = api.post("/api/streams/" + stream + "/events", events);
        assertThat(written.status()).as(written.body()).isEqualTo(200);
    }

    /** Order {@code o-id}, its other columns made of {@code id % 20}. */
    private static String order(int id) {
        int i = id % 20;
        return i % 5 == 4
                ? "{\"order_id\": \"o-" + id + "\"}"
                : """
                {"order_id": "o-%d", "category": "%s", "amount": %d.25, "ratio": 0.%d, "qty": %d, "small": %d,
                 "mid": %d, "big": %d, "price": %d.99, "wide": 12345678901234567890.%05d, "ok": %b,
                 "paid_at": "2026-12-01T10:00:%02d.250Z", "day": "2026-12-%02d", "blob": "AAEC%s",
                 "meta": {"channel": "web-%d", "tries": %d}}""".formatted(id, i % 2 == 0 ? "books" : "games", i, i,
                        i + 1, -i, i * 100, i * 1_000_000_000_000L, i, i, i % 2 == 0, i, i + 1, "A".repeat(i % 3 == 0 ? 4 : 0),
                        i % 3, i);
    }

    private static List<String> readers(ApiClient api, String stream) {
        List<String> names = new ArrayList<>();
        api.get("/api/streams/" + stream).json().path("readers").forEach(reader ->
                names.add(reader.path("query").asString()));
        return names;
    }

    /** The order ids of query {@code id}'s batches, each batch id once (its latest run's rows). */
    private static List<String> orderIds(ApiClient api, String id) {
        Map<Long, JsonNode> byBatch = new HashMap<>();
        api.get("/api/queries/" + id + "/batches?limit=1000").json()
                .forEach(batch -> byBatch.put(batch.path("batchId").asLong(), batch));
        return byBatch.values().stream().flatMap(batch -> Stream.of(batch.path("rows")))
                .flatMap(rows -> {
                    List<String> ids = new ArrayList<>();
                    rows.forEach(row -> ids.add(row.path("order_id").asString()));
                    return ids.stream();
                }).toList();
    }

    private static List<String> rowsOf(ApiClient api, String id, long batchId) {
        for (JsonNode batch : api.get("/api/queries/" + id + "/batches?limit=1000").json()) {
            if (batch.path("batchId").asLong() == batchId) {
                return rows(batch);
            }
        }
        throw new AssertionError("no batch " + batchId + " of " + id);
    }

    private static List<String> rows(JsonNode batch) {
        List<String> rows = new ArrayList<>();
        batch.path("rows").forEach(row -> rows.add(row.toString()));
        rows.sort(null);
        return rows;
    }

    /** The offsets line of source 0 in batch {@code batch}'s entry of the checkpoint's offset log. */
    private static String sourceOffsets(Path checkpoint, int batch) throws Exception {
        List<String> lines = Files.readAllLines(checkpoint.resolve("offsets").resolve(Integer.toString(batch)));
        return lines.get(2);
    }
}
