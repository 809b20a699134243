package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.kafka.KafkaTestBroker;
import dev.arus.engine.sink.FileSinkLogReader;
import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A stateless query moves between engines with its checkpoint: created on Arus, stopped, its
 * {@code engine} edited to {@code spark} and started, stopped again and edited back to
 * {@code arus}, it goes on each time from where it stopped. Its json file sink, read as Spark
 * reads it (through {@code _spark_metadata}), then holds exactly the rows of a query that never
 * moved: none lost, none twice. So for each source whose offsets both engines keep in Spark's
 * form: {@code rate-micro-batch}, {@code rate}, Kafka, json files and the event log's {@code stream}. A query
 * whose checkpoint holds operator state is refused the move, at {@code /engine}, since neither
 * engine reads the other's state files.
 */
@SparkService
class SparkEngineMoveTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    @Autowired
    DataDirectory dataDirectory;

    @Autowired
    SparkSessions spark;

    private final RegistryEvents events = new RegistryEvents();

    @BeforeEach
    void hear() {
        registry.addListener(events);
        spark.newSession(); // Spark starts at its first query: here, not within a request's time
    }

    @AfterEach
    void clear() {
        new ApiClient(port).deleteEveryQuery();
    }

    @Test
    void aRateMicroBatchQueryMovedToSparkAndBackWritesTheRowsOfOneThatNeverMoved() throws IOException {
        ApiClient api = new ApiClient(port).withTimeout(DEADLINE);
        String source = """
                {"format": "rate-micro-batch", "options": {"rowsPerBatch": 5, "startTimestamp": 1000}}""";
        String steps = """
                [{"selectExpr": ["value", "timestamp", "value % 3 AS bucket"]}]""";
        String trigger = """
                {"processingTime": "100 milliseconds"}""";
        String id = api.create(spec("move-rate", "arus", source, steps, trigger));
        Path out = dataDirectory.resolve("out/move-rate");
        int written = awaitMoreRows(out, 0, 10);
        stop(api, id);
        written = rows(out).size();

        move(api, id, spec("move-rate", "spark", source, steps, trigger));
        start(api, id);
        written = awaitMoreRows(out, written, 10);
        stop(api, id);
        written = rows(out).size();
        assertThat(lastEntrySparkWrote(dataDirectory.resolve("checkpoints/move-rate/offsets")))
                .as("Spark ran it as a query born on Spark, not one of an old checkpoint")
                .contains("\"spark.sql.streaming.aggregation.stateFormatVersion\":\"2\"",
                        "\"spark.sql.optimizer.pruneFiltersCanPruneStreamingSubplan\":\"false\"");

        move(api, id, spec("move-rate", "arus", source, steps, trigger));
        start(api, id);
        awaitMoreRows(out, written, 10);
        stop(api, id);
        List<String> moved = rows(out);

        String never = api.create(spec("never-moved-rate", "arus", source, steps, trigger));
        Path reference = dataDirectory.resolve("out/never-moved-rate");
        awaitMoreRows(reference, 0, moved.size());
        stop(api, never);
        List<String> unmoved = byValue(rows(reference));
        assertThat(byValue(moved)).as("the moved query's rows, in value order, against the query that never moved")
                .containsExactlyElementsOf(unmoved.subList(0, moved.size()));
    }

    /**
     * The {@code rate} source counts from the creation time it keeps in {@code sources/0/0}, so no
     * run that never moved has the same rows: the moved query's values go on from 0 with none
     * lost or twice, each at the creation time Arus's first run kept plus a tenth of a second a value.
     */
    @Test
    void aRateQueryMovedToSparkAndBackGoesOnCountingFromItsCreationTime() throws Exception {
        ApiClient api = new ApiClient(port).withTimeout(DEADLINE);
        String source = """
                {"format": "rate", "options": {"rowsPerSecond": 10}}""";
        String steps = """
                [{"selectExpr": ["value", "timestamp"]}]""";
        String trigger = """
                {"processingTime": "200 milliseconds"}""";
        String id = api.create(spec("move-per-second", "arus", source, steps, trigger));
        Path out = dataDirectory.resolve("out/move-per-second");
        awaitMoreRows(out, 0, 5);
        stop(api, id);
        for (String engine : List.of("spark", "arus")) {
            int written = rows(out).size();
            move(api, id, spec("move-per-second", engine, source, steps, trigger));
            start(api, id);
            awaitMoreRows(out, written, 5);
            stop(api, id);
        }
        List<String> metadata = Files.readAllLines(dataDirectory.resolve("checkpoints/move-per-second/sources/0/0"));
        Instant created = Instant.ofEpochMilli(Long.parseLong(metadata.get(1)));
        List<JsonNode> moved = new ArrayList<>();
        for (String row : rows(out)) {
            moved.add(JSON.readTree(row));
        }
        moved.sort(Comparator.comparingLong(row -> row.path("value").asLong()));
        assertThat(moved).extracting(row -> row.path("value").asLong())
                .containsExactlyElementsOf(LongStream.range(0, moved.size()).boxed().toList());
        for (JsonNode row : moved) {
            assertThat(Instant.parse(row.path("timestamp").asString())).as(row.toString())
                    .isEqualTo(created.plusMillis(row.path("value").asLong() * 100));
        }
    }

    @Test
    void aKafkaQueryMovedToSparkAndBackWritesTheRowsOfOneThatNeverMoved() throws Exception {
        KafkaTestBroker.createTopic("move-orders", 2);
        String source = """
                {"format": "kafka", "options": {"kafka.bootstrap.servers": "%s", "subscribe": "move-orders",
                 "startingOffsets": "earliest", "maxOffsetsPerTrigger": 3}}""".formatted(KafkaTestBroker.servers());
        String steps = """
                [{"selectExpr": ["CAST(value AS STRING) AS order", "partition", "offset"]}]""";
        movesInThreeRunsAsOneThatNeverMoved("move-kafka", source, steps, part -> KafkaTestBroker.send(
                IntStream.range(part * 4, part * 4 + 4).mapToObj(order -> new ProducerRecord<byte[], byte[]>(
                        "move-orders", order % 2, null, ("order-" + order).getBytes(StandardCharsets.UTF_8))).toList()));
    }

    @Test
    void aFileSourceQueryMovedToSparkAndBackWritesTheRowsOfOneThatNeverMoved() throws Exception {
        Path in = dataDirectory.resolve("in/move-files");
        Files.createDirectories(in);
        String source = """
                {"format": "json", "schema": "order_id INT, category STRING, amount DOUBLE",
                 "options": {"path": "in/move-files", "maxFilesPerTrigger": 1}}""";
        String steps = """
                [{"selectExpr": ["order_id", "category", "amount * 2 AS doubled"]}]""";
        movesInThreeRunsAsOneThatNeverMoved("move-files", source, steps, part -> {
            for (int file = 0; file < 2; file++) {
                int order = part * 2 + file;
                write(in.resolve("orders-" + order + ".json"), "{\"order_id\":" + order + ",\"category\":\""
                        + (order % 2 == 0 ? "books" : "games") + "\",\"amount\":" + (order * 2.5) + "}\n");
            }
        });
    }

    @Test
    void anEventLogQueryMovedToSparkAndBackWritesTheRowsOfOneThatNeverMoved() throws Exception {
        ApiClient api = new ApiClient(port);
        ApiClient.Response created = api.post("/api/streams", """
                {"name": "move-orders", "partitions": 2, "keyField": "order_id",
                 "schema": "order_id STRING NOT NULL, amount DOUBLE"}""");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        try {
            String source = """
                    {"format": "stream", "options": {"stream": "move-orders", "startingOffsets": "earliest",
                     "maxOffsetsPerTrigger": 3}}""";
            String steps = """
                    [{"selectExpr": ["order_id", "amount"]}]""";
            movesInThreeRunsAsOneThatNeverMoved("move-stream", source, steps, part -> {
                String orders = IntStream.range(part * 4, part * 4 + 4)
                        .mapToObj(order -> "{\"order_id\": \"o-" + order + "\", \"amount\": " + order + ".5}")
                        .collect(Collectors.joining(",", "[", "]"));
                ApiClient.Response posted = api.post("/api/streams/move-orders/events", orders);
                assertThat(posted.status()).as(posted.body()).isEqualTo(200);
            });
        } finally {
            api.deleteEveryQuery();
            api.delete("/api/streams/move-orders");
        }
    }

    @Test
    void aQueryWhoseCheckpointHoldsStateIsRefusedTheMoveAtItsEngine() throws Exception {
        ApiClient api = new ApiClient(port).withTimeout(DEADLINE);
        String source = """
                {"format": "rate-micro-batch", "options": {"rowsPerBatch": 5}}""";
        String steps = """
                [{"groupBy": {"keys": ["value % 2 AS parity"], "aggregations": ["count(*) AS n"]}}]""";
        String trigger = """
                {"processingTime": "100 milliseconds"}""";
        String id = api.create(statefulSpec("arus", source, steps, trigger));
        events.awaitBatches(id, 2);
        stop(api, id);

        ApiClient.Response refused = api.put("/api/queries/" + id, statefulSpec("spark", source, steps, trigger));
        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        JsonNode problem = refused.json();
        assertThat(problem.path("type").asString()).endsWith("/checkpoint-incompatible");
        assertThat(problem.path("pointer").asString()).isEqualTo("/engine");
        assertThat(problem.path("errorClass").asString()).isEqualTo("ENGINE_MOVE_STATE_NOT_PORTABLE");
        assertThat(problem.path("detail").asString()).contains("state");
        assertThat(api.query(id).path("spec").path("engine").asString()).isEqualTo("arus");
    }

    /**
     * Feeds part 0 of the input and runs the query on Arus, then part 1 on Spark, then part 2 on
     * Arus again, each run {@code availableNow} to the end of its part; then a query that never
     * moved reads all three parts, and both sinks hold the same rows.
     */
    private void movesInThreeRunsAsOneThatNeverMoved(String name, String source, String steps, IntConsumer feedPart)
            throws InterruptedException {
        ApiClient api = new ApiClient(port).withTimeout(DEADLINE);
        String trigger = """
                {"availableNow": true}""";
        Path out = dataDirectory.resolve("out/" + name);
        feedPart.accept(0);
        String id = api.create(spec(name, "arus", source, steps, trigger));
        events.awaitRunsEnded(id, 1);
        stop(api, id); // an ended run's query is still wanted active: an edit would start it
        int afterArus = rows(out).size();
        assertThat(afterArus).as("rows written on Arus").isPositive();

        feedPart.accept(1);
        move(api, id, spec(name, "spark", source, steps, trigger));
        start(api, id);
        events.awaitRunsEnded(id, 2);
        stop(api, id);
        int afterSpark = rows(out).size();
        assertThat(afterSpark).as("rows written on Spark after Arus's").isGreaterThan(afterArus);

        feedPart.accept(2);
        move(api, id, spec(name, "arus", source, steps, trigger));
        start(api, id);
        events.awaitRunsEnded(id, 3);
        stop(api, id);
        List<String> moved = rows(out);
        assertThat(moved.size()).as("rows written on Arus again").isGreaterThan(afterSpark);

        String never = api.create(spec("never-" + name, "arus", source, steps, trigger));
        events.awaitRunsEnded(never, 1);
        List<String> unmoved = rows(dataDirectory.resolve("out/never-" + name));
        assertThat(sorted(moved)).as("the moved query's rows against the query that never moved")
                .containsExactlyElementsOf(sorted(unmoved));
    }

    private static String statefulSpec(String engine, String source, String steps, String trigger) {
        return """
                {"name": "move-counts", "engine": "%s", "source": %s, "steps": %s, "outputMode": "update", "trigger": %s,
                 "sink": {"format": "noop"}, "checkpointLocation": "checkpoints/move-counts"}
                """.formatted(engine, source, steps, trigger);
    }

    private static String spec(String name, String engine, String source, String steps, String trigger) {
        return """
                {"name": "%s", "engine": "%s", "source": %s, "steps": %s, "outputMode": "append", "trigger": %s,
                 "sink": {"format": "json", "options": {"path": "out/%s"}}, "checkpointLocation": "checkpoints/%s"}
                """.formatted(name, engine, source, steps, trigger, name, name);
    }

    private static void move(ApiClient api, String id, String spec) {
        ApiClient.Response moved = api.put("/api/queries/" + id, spec);
        assertThat(moved.status()).as(moved.body()).isEqualTo(200);
        assertThat(moved.json().path("state").asString()).isEqualTo("STOPPED");
    }

    private static void start(ApiClient api, String id) {
        ApiClient.Response started = api.post("/api/queries/" + id + "/start");
        assertThat(started.status()).as(started.body()).isEqualTo(200);
    }

    private static void stop(ApiClient api, String id) {
        ApiClient.Response stopped = api.post("/api/queries/" + id + "/stop");
        assertThat(stopped.status()).as(stopped.body()).isEqualTo(200);
    }

    /** Waits until the sink at {@code out} holds at least {@code more} rows beyond {@code written}; returns its rows. */
    private static int awaitMoreRows(Path out, int written, int more) {
        await().atMost(DEADLINE).until(() -> rows(out).size() >= written + more);
        return rows(out).size();
    }

    /** The rows of a json sink, as a reader of its {@code _spark_metadata} sees them: each logged file's lines. */
    private static List<String> rows(Path out) {
        List<String> rows = new ArrayList<>();
        for (Path file : FileSinkLogReader.dataFiles(out)) {
            try {
                Files.readAllLines(file).stream().filter(line -> !line.isEmpty()).forEach(rows::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return rows;
    }

    /** The latest entry of an offsets log that Spark wrote: the one with Hadoop's checksum beside it. */
    private static String lastEntrySparkWrote(Path offsets) throws IOException {
        try (var files = Files.list(offsets)) {
            long latest = files.map(file -> file.getFileName().toString()).filter(name -> name.matches("\\.\\d+\\.crc"))
                    .mapToLong(name -> Long.parseLong(name.substring(1, name.length() - 4))).max().orElseThrow();
            return Files.readString(offsets.resolve(Long.toString(latest)));
        }
    }

    private static List<String> sorted(List<String> rows) {
        List<String> sorted = new ArrayList<>(rows);
        sorted.sort(null);
        return sorted;
    }

    /** The rows ordered by their {@code value}, a number at the start of each line. */
    private static List<String> byValue(List<String> rows) {
        List<String> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparingLong(row -> Long.parseLong(row.replaceAll("^\\{\"value\":(\\d+),.*$", "$1"))));
        return sorted;
    }

    private static void write(Path file, String content) {
        try {
            Files.writeString(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
