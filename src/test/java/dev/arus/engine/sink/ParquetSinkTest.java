package dev.arus.engine.sink;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.runtime.TaskSlots;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.time.SystemClock;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.UUID;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parquet sink, read back by DuckDB through the sink's log. */
class ParquetSinkTest {

    private static final Instant START = Instant.parse("2026-10-16T13:30:00Z");

    @TempDir
    Path directory;

    private static StreamFrame windowCounts(QueryTestDriver driver) {
        return driver.session().readStream().format("rate-micro-batch")
                .option("rowsPerBatch", 4).option("numPartitions", 1)
                .option("startTimestamp", START.toEpochMilli()).option("advanceMillisPerBatch", 5000)
                .load()
                .withWatermark("timestamp", "0 seconds")
                .groupBy(window(col("timestamp"), "10 seconds"))
                .agg(expr("count(*) AS count"), expr("max(CAST(value AS DECIMAL(7,2))) AS small"),
                        expr("sum(CAST(value AS DECIMAL(6,3))) AS middle"),
                        expr("sum(CAST(value AS DECIMAL(20,4))) AS wide"));
    }

    private Path run(String compression, int batches) {
        Path out = directory.resolve("out");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.start(windowCounts(driver), w -> {
                w = w.format("parquet").option("path", out.toString())
                        .option("checkpointLocation", directory.resolve("checkpoint").toString());
                return compression == null ? w : w.option("compression", compression);
            });
            try {
                driver.runBatches(batches);
            } catch (IllegalStateException stopped) {
                driver.query().exception().ifPresent(e -> {
                    throw e;
                });
                throw stopped;
            }
        }
        return out;
    }

    private static Path onlyPartFile(Path out, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(out)) {
            List<Path> parts = files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().toList();
            assertThat(parts).isNotEmpty();
            return parts.get(0);
        }
    }

    @Test
    void writesWindowsAsSparkDoesSoThatDuckDbReadsTheRowsAndTypes() throws IOException {
        Path out = run(null, 6);
        Map<Long, List<String>> batches = FileSinkLogReader.read(out, DuckDb::parquetRows);
        assertThat(batches.keySet()).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
        assertThat(batches.get(3L)).containsExactly(
                "{'start': '2026-10-16 13:30:00+00', 'end': '2026-10-16 13:30:10+00'}|8|7.00|28.000|28.0000");
        assertThat(batches.get(5L)).containsExactly(
                "{'start': '2026-10-16 13:30:10+00', 'end': '2026-10-16 13:30:20+00'}|8|15.00|92.000|92.0000");
        Path part = onlyPartFile(out, ".snappy.parquet");
        assertThat(DuckDb.parquetColumns(part)).containsExactly(
                "window|STRUCT(\"start\" TIMESTAMP WITH TIME ZONE, \"end\" TIMESTAMP WITH TIME ZONE)",
                "count|BIGINT", "small|DECIMAL(7,2)", "middle|DECIMAL(16,3)", "wide|DECIMAL(30,4)");
        assertThat(DuckDb.query("SELECT path_in_schema, type, compression FROM parquet_metadata('" + part + "') "
                + "ORDER BY column_id")).containsExactly(
                        "window, start|INT64|SNAPPY", "window, end|INT64|SNAPPY", "count|INT64|SNAPPY",
                        "small|INT32|SNAPPY", "middle|INT64|SNAPPY", "wide|FIXED_LEN_BYTE_ARRAY|SNAPPY");
        assertThat(DuckDb.query("SELECT decode(value) FROM parquet_kv_metadata('" + part + "') WHERE decode(key) = "
                + "'org.apache.spark.sql.parquet.row.metadata'").get(0))
                .startsWith("{\"type\":\"struct\",\"fields\":[{\"name\":\"window\",\"type\":{\"type\":\"struct\"");
    }

    @Test
    void compressesWithZstdWhenAsked() throws IOException {
        Path out = run("zstd", 4);
        Path part = onlyPartFile(out, ".zstd.parquet");
        assertThat(DuckDb.query("SELECT DISTINCT compression FROM parquet_metadata('" + part + "')"))
                .containsExactly("ZSTD");
    }

    @Test
    void refusesAnUnknownCodec() {
        assertThatThrownBy(() -> run("lzma", 1)).isInstanceOf(InvalidOptionException.class)
                .hasMessageStartingWith("[CODEC_NOT_AVAILABLE.WITH_AVAILABLE_CODECS_SUGGESTION] The codec lzma is "
                        + "not available.");
    }

    @Test
    void aLongRunIsReadThroughTheCompactedLogExactlyOnce() {
        Path out = run(null, 32);
        Map<Long, List<String>> batches = FileSinkLogReader.read(out, DuckDb::parquetRows);
        List<String> all = new ArrayList<>();
        batches.values().forEach(all::addAll);
        assertThat(all).hasSize(15).doesNotHaveDuplicates();
        assertThat(out.resolve("_spark_metadata/29.compact")).exists();
    }

    @Test
    void writesEveryTypeItTakesSoThatDuckDbReadsItBack() {
        Schema inner = Schema.of(new Field("amount", AtomicType.LONG, true), new Field("note", AtomicType.STRING, true));
        Schema schema = Schema.of(new Field("key", AtomicType.BINARY, true), new Field("name", AtomicType.STRING, true),
                new Field("ok", AtomicType.BOOLEAN, true), new Field("level", AtomicType.BYTE, true),
                new Field("small", AtomicType.SHORT, true), new Field("n", AtomicType.INT, true),
                new Field("ratio", AtomicType.FLOAT, true), new Field("day", AtomicType.DATE, true),
                new Field("total", new DecimalType(30, 3), true),
                new Field("tags", new ArrayType(AtomicType.STRING, true), true),
                new Field("props", new MapType(AtomicType.STRING, AtomicType.LONG, true), true),
                new Field("data", new StructType(inner.fields()), true));
        Map<String, Long> props = new LinkedHashMap<>();
        props.put("k", 1L);
        props.put("n", null);
        Row full = new Row(schema, new Object[] {"AB".getBytes(StandardCharsets.UTF_8), "é", true, (byte) -7,
                (short) 300, 42, 1.5f, LocalDate.parse("2026-12-01"), new BigDecimal("-12345678901234567890.500"),
                Arrays.asList("a", null), props, new Row(inner, new Object[] {5L, null})});
        Row empty = new Row(schema, new Object[] {null, null, null, null, null, null, null, null, null, List.of(),
                Map.of(), null});
        Path out = directory.resolve("out");
        SinkProviders.installed().create("parquet", new SinkContext(Map.of("path", out.toString()), OutputMode.APPEND,
                new QueryIdentity(UUID.randomUUID(), UUID.randomUUID(), null), true, schema, SystemClock.INSTANCE,
                ZoneOffset.UTC))
                .addBatch(0, new ResultBatch(schema, List.of(full, empty)));

        assertThat(FileSinkLogReader.read(out, DuckDb::parquetRows).get(0L)).containsExactly(
                "AB|é|true|-7|300|42|1.5|2026-12-01|-12345678901234567890.500|[a, NULL]|{k=1, n=NULL}|{'amount': 5, "
                        + "'note': NULL}",
                "null|null|null|null|null|null|null|null|null|[]|{}|null");
    }

    @Test
    void writesALargeBatchAsAPartFilePerTaskSlotListedInOneLogEntryThatDuckDbReadsWhole() throws IOException {
        Schema schema = Schema.of(new Field("id", AtomicType.LONG, false), new Field("name", AtomicType.STRING, true));
        int size = 2 * FileSink.ROWS_PER_TASK + 1;
        List<Row> rows = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            rows.add(new Row(schema, new Object[] {(long) i, "n" + i}));
        }
        Path out = directory.resolve("out");
        try (TaskSlots slots = new TaskSlots(3)) {
            Sink sink = SinkProviders.installed().with(new FileSinkProvider.Parquet(slots.forSinks())).create("parquet",
                    new SinkContext(Map.of("path", out.toString()), OutputMode.APPEND,
                            new QueryIdentity(UUID.randomUUID(), UUID.randomUUID(), null), true, schema,
                            SystemClock.INSTANCE, ZoneOffset.UTC));
            sink.addBatch(0, new ResultBatch(schema, rows));
            sink.addBatch(1, new ResultBatch(schema, rows.subList(0, 3)));
        }

        // pieces of at least ROWS_PER_TASK rows: two of the three slots, then one file for a small batch
        assertThat(FileSinkLogReader.dataFiles(out)).extracting(file -> file.getFileName().toString())
                .containsExactly("part-00000-b0-c000.snappy.parquet", "part-00001-b0-c000.snappy.parquet",
                        "part-00000-b1-c000.snappy.parquet");
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder(
                    FileSink.METADATA_DIRECTORY, "part-00000-b0-c000.snappy.parquet",
                    "part-00001-b0-c000.snappy.parquet", "part-00000-b1-c000.snappy.parquet");
        }
        // read through the log: the batch whole, each file a consecutive run of its rows
        List<Path> files = FileSinkLogReader.dataFiles(out);
        assertThat(DuckDb.query("SELECT count(*), count(DISTINCT id), min(id), max(id), bool_and(name = 'n' || id) "
                + "FROM read_parquet(['" + files.get(0) + "', '" + files.get(1) + "'])"))
                .containsExactly(size + "|" + size + "|0|" + (size - 1) + "|true");
        assertThat(DuckDb.query("SELECT min(id), max(id) FROM read_parquet('" + files.get(1) + "')"))
                .containsExactly(size / 2 + "|" + (size - 1));
        assertThat(FileSinkLogReader.read(out, DuckDb::parquetRows).get(1L)).containsExactly("0|n0", "1|n1", "2|n2");
    }

    @Test
    void aQueryOfASessionWritesALargeBatchOnTheSessionsTaskSlots() throws Exception {
        Path out = directory.resolve("session-out");
        try (ArusSession session = ArusSession.builder().parallelism(2).timeZone(ZoneOffset.UTC).build()) {
            StreamingQuery query = session.readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 2 * FileSink.ROWS_PER_TASK + 1).option("numPartitions", 1).load()
                    .writeStream().format("parquet").option("path", out.toString())
                    .option("checkpointLocation", directory.resolve("checkpoint").toString())
                    .trigger(Trigger.once()).start();
            query.awaitTermination();
            assertThat(query.exception()).isEmpty();
        }

        // the session's two slots each wrote a piece of the batch, as the sink made outside a session does on its own
        assertThat(FileSinkLogReader.dataFiles(out)).extracting(file -> file.getFileName().toString())
                .containsExactly("part-00000-b0-c000.snappy.parquet", "part-00001-b0-c000.snappy.parquet");
    }
}
