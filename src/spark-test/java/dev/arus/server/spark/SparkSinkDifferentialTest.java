package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.kafka.KafkaTestBroker;
import dev.arus.engine.sink.DuckDb;
import dev.arus.engine.sink.FileSinkLogReader;
import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The same spec written to the same sink by both engines leaves the same output. The spec reads
 * the {@link OrderFiles} a file a batch to its end ({@code availableNow}, three batches) and
 * writes an order's id, category, amount, a timestamp and a column null for every fourth order;
 * each engine writes to a sink of its own, and what a reader of the sink finds is compared:
 * <ul>
 *   <li>{@code json}, {@code csv} and {@code parquet}: read through {@code _spark_metadata},
 *       each batch's rows (sorted: no order within a batch is promised) from the files its own
 *       log entry lists;</li>
 *   <li>{@code memory}: the rows {@code /table} serves (sorted);</li>
 *   <li>{@code kafka}, over the in-JVM broker, a topic of two partitions keyed by category: each
 *       partition's committed records' keys and values in their order.</li>
 * </ul>
 */
@SparkService
class SparkSinkDifferentialTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final List<String> COLUMNS = List.of("order_id", "category", "amount",
            "timestamp_seconds(1790000000 + order_id) AS at",
            "CASE WHEN order_id % 4 = 0 THEN NULL ELSE category END AS sometimes");

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    @Autowired
    DataDirectory dataDirectory;

    private final RegistryEvents events = new RegistryEvents();

    @BeforeEach
    void hear() throws IOException {
        registry.addListener(events);
        OrderFiles.write(dataDirectory.resolve("drops/sink-orders"));
    }

    /**
     * A sink as the spec names it, how it is told where to write, the columns it needs made of the
     * orders' (none: it takes them as they are), and how its output is read back.
     */
    private record SinkCase(String format, Function<String, Map<String, Object>> optionsTo, List<String> reshaped,
                            OutputReader output) {

        @Override
        public String toString() {
            return format;
        }
    }

    /** What a reader of the sink at {@code where} finds of query {@code id}, a line a batch, table or partition. */
    @FunctionalInterface
    private interface OutputReader {
        List<String> read(SparkSinkDifferentialTest test, String id, String where);
    }

    static Stream<SinkCase> sinks() {
        return Stream.of(
                fileSink("json", SparkSinkDifferentialTest::lines),
                fileSink("csv", SparkSinkDifferentialTest::lines),
                fileSink("parquet", SparkSinkDifferentialTest::parquetRowsWithInstants),
                new SinkCase("memory", where -> Map.of(), List.of(), (test, id, where) -> test.table(id)),
                new SinkCase("kafka", where -> Map.of("kafka.bootstrap.servers", KafkaTestBroker.servers(),
                        "topic", where), List.of("category AS key",
                        "to_json(struct(order_id, category, amount, at, sometimes)) AS value"),
                        (test, id, where) -> partitions(where)));
    }

    private static SinkCase fileSink(String format, Function<Path, List<String>> rowsOf) {
        return new SinkCase(format, where -> Map.of("path", "out/" + where), List.of(),
                (test, id, where) -> batches(test.dataDirectory.resolve("out/" + where), rowsOf));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sinks")
    void bothEnginesLeaveTheSameOutputInTheSink(SinkCase sink) throws Exception {
        ApiClient api = new ApiClient(port);
        if (sink.format().equals("kafka")) {
            KafkaTestBroker.createTopic(where(sink, "arus"), 2);
            KafkaTestBroker.createTopic(where(sink, "spark"), 2);
        }
        DifferentialRun.onBothEngines(api, engine -> spec(sink, engine), (onArus, onSpark) -> {
            events.awaitRunsEnded(onArus, 1);
            events.awaitRunsEnded(onSpark, 1);
            List<String> arus = sink.output().read(this, onArus, where(sink, "arus"));
            List<String> spark = sink.output().read(this, onSpark, where(sink, "spark"));
            assertThat(String.join("\n", arus)).as("Arus's output holds the twelve orders' amounts")
                    .contains(IntStream.range(0, 12).mapToObj(order -> Double.toString(order * 2.5)).toList());
            assertThat(spark).as("output of the %s sink on Spark (right: Arus)", sink).containsExactlyElementsOf(arus);
            return arus;
        });
    }

    /** Where the sink of {@code engine}'s query writes: a directory under {@code out/}, or a topic. */
    private static String where(SinkCase sink, String engine) {
        return "sink-diff-" + sink.format() + "-" + engine;
    }

    private static String spec(SinkCase sink, String engine) {
        String source = "{\"format\": \"json\", \"schema\": \"" + OrderFiles.SCHEMA
                + "\", \"options\": {\"path\": \"drops/sink-orders\", \"maxFilesPerTrigger\": 1}}";
        List<Object> steps = new ArrayList<>();
        steps.add(Map.of("selectExpr", COLUMNS));
        if (!sink.reshaped().isEmpty()) {
            steps.add(Map.of("selectExpr", sink.reshaped()));
        }
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("name", where(sink, engine));
        spec.put("engine", engine);
        spec.put("source", JSON.readValue(source, Map.class));
        spec.put("steps", steps);
        spec.put("trigger", Map.of("availableNow", true));
        spec.put("checkpointLocation", "checkpoints/" + where(sink, engine));
        spec.put("sink", Map.of("format", sink.format(), "options", sink.optionsTo().apply(where(sink, engine))));
        return JSON.writeValueAsString(spec);
    }

    /** Each batch's rows, read through {@code _spark_metadata} from the files its log entry lists, sorted. */
    private static List<String> batches(Path out, Function<Path, List<String>> rowsOf) {
        List<String> batches = new ArrayList<>();
        FileSinkLogReader.filesByBatch(out).forEach((batch, files) -> {
            List<String> rows = new ArrayList<>();
            files.forEach(file -> rows.addAll(rowsOf.apply(file)));
            rows.sort(null);
            batches.add("batch " + batch + ": " + rows);
        });
        return batches;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(line -> !line.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A Parquet file's rows, read by DuckDB, with the timestamp {@code at} as microseconds since the
     * epoch: the engines write the same instants in different types (Arus INT64
     * {@code TIMESTAMP(MICROS)} adjusted to UTC, as docs/parquet.md says; Spark's file sink its
     * default INT96), which DuckDB reads as {@code TIMESTAMP WITH TIME ZONE} and {@code TIMESTAMP}.
     */
    private static List<String> parquetRowsWithInstants(Path file) {
        return DuckDb.query("SELECT * REPLACE (epoch_us(\"at\") AS \"at\") FROM read_parquet('" + file + "')");
    }

    /** The rows {@code /table} serves of query {@code id}, sorted. */
    private List<String> table(String id) {
        JsonNode page = new ApiClient(port).get("/api/queries/" + id + "/table?limit=1000").json();
        List<String> rows = new ArrayList<>();
        page.path("rows").forEach(row -> rows.add(row.toString()));
        rows.sort(null);
        return List.of("table: " + rows);
    }

    /** Each partition's committed records, key and value, in their order. */
    private static List<String> partitions(String topic) {
        Map<Integer, List<String>> records = new TreeMap<>();
        for (ConsumerRecord<byte[], byte[]> record : KafkaTestBroker.readAll(topic, "read_committed")) {
            records.computeIfAbsent(record.partition(), partition -> new ArrayList<>())
                    .add(new String(record.key(), StandardCharsets.UTF_8) + "="
                            + new String(record.value(), StandardCharsets.UTF_8));
        }
        List<String> lines = new ArrayList<>();
        records.forEach((partition, values) -> lines.add("partition " + partition + ": " + values));
        return lines;
    }
}
