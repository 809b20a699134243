package dev.arus.engine.sink;

import static dev.arus.engine.api.functions.expr;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.testing.QueryTestDriver;
import dev.arus.engine.time.SystemClock;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code partitionBy} on the file sinks, read back by DuckDB with {@code hive_partitioning} from
 * exactly the files the sink's log lists: the partition values come from the directories, the
 * other columns from the files.
 */
class FileSinkPartitionByTest {

    private static final QueryIdentity QUERY = new QueryIdentity(UUID.randomUUID(), UUID.randomUUID(), null);
    private static final Instant AT = Instant.parse("2026-12-01T10:15:30Z");

    private static final Schema ORDERS = Schema.of(new Field("category", AtomicType.STRING, true),
            new Field("amount", new DecimalType(10, 2), true), new Field("n", AtomicType.LONG, true),
            new Field("day", AtomicType.DATE, true), new Field("at", AtomicType.TIMESTAMP, true));

    @TempDir
    Path directory;

    private FileSink sink(String format, Path out, List<String> partitionBy) {
        Map<String, String> options = format.equals("csv") ? Map.of("path", out.toString(), "header", "true")
                : Map.of("path", out.toString());
        return (FileSink) SinkProviders.installed().create(format, new SinkContext(options, OutputMode.APPEND, QUERY,
                true, ORDERS, SystemClock.INSTANCE, ZoneOffset.UTC, partitionBy));
    }

    private static Row order(String category, String amount, long n, String day) {
        return new Row(ORDERS, new Object[] {category, new BigDecimal(amount), n, LocalDate.parse(day), AT});
    }

    /** DuckDB's reader of {@code format} over the files the log lists, with the partition columns from their paths. */
    private static String read(String format, Path out) {
        String files = FileSinkLogReader.dataFiles(out).stream().map(f -> "'" + f + "'")
                .collect(Collectors.joining(", ", "[", "]"));
        return switch (format) {
            case "parquet" -> "read_parquet(" + files + ", hive_partitioning = true)";
            case "json" -> "read_json(" + files + ", format = 'newline_delimited', hive_partitioning = true)";
            default -> "read_csv(" + files + ", header = true, hive_partitioning = true)";
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "json", "csv"})
    void writesHiveStyleDirectoriesThatAnIndependentReaderReadsBack(String format) throws IOException {
        Path out = directory.resolve("out");
        FileSink sink = sink(format, out, List.of("category", "day"));
        sink.addBatch(0, new ResultBatch(ORDERS, List.of(order("books", "3.50", 1, "2026-12-01"),
                order("a/b:c", "4.00", 2, "2026-12-01"), order("books", "5.25", 3, "2026-12-02"),
                order(null, "6.75", 4, "2026-12-02"))));
        sink.addBatch(1, new ResultBatch(ORDERS, List.of(order("books", "7.00", 5, "2026-12-01"))));

        String from = read(format, out);
        // DuckDB reads Hive's name for NULL as text; Spark (and Hive) read it as NULL.
        assertThat(DuckDb.query("SELECT NULLIF(category, '__HIVE_DEFAULT_PARTITION__'), day, CAST(amount AS DECIMAL(10,2)), n, "
                + "CAST(\"at\" AS TIMESTAMPTZ) FROM " + from + " ORDER BY n")).containsExactly(
                        "books|2026-12-01|3.50|1|2026-12-01T10:15:30Z",
                        "a/b:c|2026-12-01|4.00|2|2026-12-01T10:15:30Z",
                        "books|2026-12-02|5.25|3|2026-12-01T10:15:30Z",
                        "null|2026-12-02|6.75|4|2026-12-01T10:15:30Z",
                        "books|2026-12-01|7.00|5|2026-12-01T10:15:30Z");
        Map<String, String> types = DuckDb.query("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM "
                + from + ")").stream().map(r -> r.split("\\|")).collect(Collectors.toMap(r -> r[0], r -> r[1]));
        assertThat(types).containsEntry("category", "VARCHAR").containsEntry("day", "DATE").containsEntry("n", "BIGINT");
        if (format.equals("parquet")) {
            assertThat(types).containsEntry("amount", "DECIMAL(10,2)")
                    .containsEntry("at", "TIMESTAMP WITH TIME ZONE");
        }
        assertThat(relative(out, format)).containsExactly(
                "category=__HIVE_DEFAULT_PARTITION__/day=2026-12-02/part-00000-b0-c000",
                "category=a%2Fb%3Ac/day=2026-12-01/part-00000-b0-c000",
                "category=books/day=2026-12-01/part-00000-b0-c000",
                "category=books/day=2026-12-01/part-00000-b1-c000",
                "category=books/day=2026-12-02/part-00000-b0-c000");
    }

    /** The data files the log lists, relative to the root, without their extensions. */
    private static List<String> relative(Path out, String format) {
        List<String> files = new ArrayList<>();
        for (Path file : FileSinkLogReader.dataFiles(out)) {
            String name = out.relativize(file).toString();
            files.add(name.substring(0, name.indexOf(".")));
        }
        return files.stream().sorted().toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "json", "csv"})
    void leavesThePartitionColumnsOutOfTheDataFiles(String format) throws IOException {
        Path out = directory.resolve("out");
        sink(format, out, List.of("category")).addBatch(0, new ResultBatch(ORDERS,
                List.of(order("books", "3.50", 1, "2026-12-01"))));
        Path file = FileSinkLogReader.dataFiles(out).get(0);
        String columns = String.join(",", DuckDb.query("SELECT column_name FROM (DESCRIBE SELECT * FROM "
                + read(format, out).replace("hive_partitioning = true", "hive_partitioning = false") + ")"));
        assertThat(columns).isEqualTo("amount,n,day,at");
        if (format.equals("csv")) {
            assertThat(Files.readAllLines(file).get(0)).isEqualTo("amount,n,day,at");
        }
    }

    private static StreamFrame buckets(QueryTestDriver driver) {
        return driver.session().readStream().format("rate-micro-batch")
                .option("rowsPerBatch", 6).option("numPartitions", 1).load()
                .select(expr("value % 3 AS bucket"), expr("value"));
    }

    @Test
    void theWritersPartitionByLaysOutAQuerysOutputAsSpark() {
        Path out = directory.resolve("out");
        try (QueryTestDriver driver = new QueryTestDriver(AT)) {
            driver.start(buckets(driver), w -> w.format("parquet").partitionBy("bucket")
                    .option("path", out.toString())
                    .option("checkpointLocation", directory.resolve("checkpoint").toString()));
            driver.runBatches(2);
        }
        assertThat(DuckDb.query("SELECT bucket, list(value ORDER BY value) FROM " + read("parquet", out)
                + " GROUP BY bucket ORDER BY bucket")).containsExactly("0|[0, 3, 6, 9]", "1|[1, 4, 7, 10]",
                        "2|[2, 5, 8, 11]");
        assertThat(FileSinkLogReader.dataFiles(out)).hasSize(6);
    }

    @Test
    void refusesPartitionByOnASinkThatWritesNoDirectoriesAsSpark() {
        try (QueryTestDriver driver = new QueryTestDriver(AT)) {
            assertThatThrownBy(() -> driver.start(buckets(driver), w -> w.format("memory").queryName("m")
                    .partitionBy("bucket")))
                    .isInstanceOfSatisfying(AnalysisException.class,
                            e -> assertThat(e.errorClass()).isEqualTo(SinkProviders.PARTITIONING_UNSUPPORTED))
                    .hasMessage("'memory' does not support partitioning");
        }
    }

    @Test
    void refusesAnUnknownPartitionColumnBeforeAnyBatchRuns() {
        Path out = directory.resolve("out");
        try (QueryTestDriver driver = new QueryTestDriver(AT)) {
            assertThatThrownBy(() -> driver.start(buckets(driver), w -> w.format("json").partitionBy("region")
                    .option("path", out.toString())
                    .option("checkpointLocation", directory.resolve("checkpoint").toString())))
                    .hasMessage("Partition column `region` not found in schema struct<bucket:bigint,value:bigint>.");
        }
        assertThat(out).doesNotExist();
    }

    @Test
    void aParquetPartitionColumnMayBeOfATypeTheDataFilesCouldNotHold() throws IOException {
        Schema schema = Schema.of(new Field("wait", dev.arus.engine.data.DayTimeIntervalType.DAY_TO_SECOND, true),
                new Field("n", AtomicType.LONG, true));
        Path out = directory.resolve("out");
        FileSink sink = (FileSink) SinkProviders.installed().create("parquet", new SinkContext(
                Map.of("path", out.toString()), OutputMode.APPEND, QUERY, true, schema, SystemClock.INSTANCE,
                ZoneOffset.UTC, List.of("wait")));
        sink.addBatch(0, new ResultBatch(schema, List.of(new Row(schema, new Object[] {java.time.Duration.ofMinutes(90), 1L}))));
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .contains("wait=INTERVAL %270 01%3A30%3A00%27 DAY TO SECOND");
        }
    }
}
