package dev.arus.engine.sink;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.testing.QueryTestDriver;
import dev.arus.engine.time.SystemClock;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSinkTest {

    private static final QueryIdentity QUERY = new QueryIdentity(UUID.randomUUID(), UUID.randomUUID(), null);

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
                .agg(expr("count(*) AS count"));
    }

    @Test
    void writesEachBatchAsAPartFileListedInTheLog() {
        Path out = directory.resolve("out");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.start(windowCounts(driver), w -> w.format("json").option("path", out.toString())
                    .option("checkpointLocation", directory.resolve("checkpoint").toString()));
            driver.runBatches(6);
        }
        Map<Long, List<String>> batches = FileSinkLogReader.read(out);
        assertThat(batches.keySet()).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
        assertThat(batches.get(2L)).isEmpty();
        assertThat(batches.get(3L)).containsExactly(
                "{\"window\":{\"start\":\"2026-10-16T13:30:00.000Z\",\"end\":\"2026-10-16T13:30:10.000Z\"},\"count\":8}");
        assertThat(batches.get(5L)).containsExactly(
                "{\"window\":{\"start\":\"2026-10-16T13:30:10.000Z\",\"end\":\"2026-10-16T13:30:20.000Z\"},\"count\":8}");
    }

    @Test
    void ignoresABatchItAlreadyLogged() throws IOException {
        Path out = directory.resolve("out");
        Schema schema = Schema.of(new Field("value", AtomicType.LONG, false), new Field("name", AtomicType.STRING, true));
        SinkContext context = new SinkContext(Map.of("path", out.toString()), OutputMode.APPEND, QUERY, false,
                schema, SystemClock.INSTANCE, ZoneOffset.UTC);
        FileSink sink = (FileSink) SinkProviders.installed().create("csv", context);
        sink.addBatch(0, new ResultBatch(schema, List.of(new Row(schema, new Object[] {1L, "a,b"}))));
        FileSink rerun = (FileSink) SinkProviders.installed().create("csv", context);
        rerun.addBatch(0, new ResultBatch(schema, List.of(new Row(schema, new Object[] {2L, null}))));
        rerun.addBatch(1, new ResultBatch(schema, List.of(new Row(schema, new Object[] {3L, null}))));
        assertThat(FileSinkLogReader.read(out)).isEqualTo(Map.of(0L, List.of("1,\"a,b\""), 1L, List.of("3,")));
        assertThat(Files.readString(out.resolve("_spark_metadata/0"))).startsWith("v1\n{\"path\":\"file:");
    }

    @Test
    void acceptsOnlyAppendModeAsSpark() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            assertThatThrownBy(() -> driver.start(windowCounts(driver), w -> w.format("json").outputMode("update")
                    .option("path", directory.toString()).option("checkpointLocation", directory.toString())))
                    .isInstanceOf(AnalysisException.class)
                    .hasMessage("Data source json does not support Update output mode");
        }
    }

    @Test
    void needsACheckpointLocationAndAPath() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            assertThatThrownBy(() -> driver.start(windowCounts(driver), w -> w.format("json")
                    .option("path", directory.toString())))
                    .hasMessageStartingWith("checkpointLocation must be specified");
            assertThatThrownBy(() -> driver.start(windowCounts(driver), w -> w.format("json")
                    .option("checkpointLocation", directory.toString())))
                    .hasMessage("'path' is not specified");
        }
    }

    @Test
    void csvRejectsTheWindowStructAsSpark() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            assertThatThrownBy(() -> driver.start(windowCounts(driver), w -> w.format("csv")
                    .option("path", directory.toString()).option("checkpointLocation", directory.toString())))
                    .hasMessageContaining("[UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE] The CSV datasource doesn't support "
                            + "the column `window`");
        }
    }

    private static FileSink create(String format, Path path, Schema schema) {
        SinkContext context = new SinkContext(Map.of("path", path.toString()), OutputMode.APPEND, QUERY, false,
                schema, SystemClock.INSTANCE, ZoneOffset.UTC);
        return (FileSink) SinkProviders.installed().create(format, context);
    }

    private static final Schema NESTED = Schema.of(
            new Field("key", AtomicType.BINARY, true),
            new Field("tags", new ArrayType(AtomicType.STRING, true), true),
            new Field("props", new MapType(AtomicType.STRING, AtomicType.LONG, true), true),
            new Field("data", new StructType(List.of(new Field("amount", AtomicType.LONG, true),
                    new Field("at", AtomicType.TIMESTAMP, true), new Field("note", AtomicType.STRING, true))), true),
            new Field("missing", AtomicType.STRING, true));

    @Test
    void writesBinaryArraysMapsAndStructsAsSparksJsonWriter() {
        Path out = directory.resolve("out");
        FileSink sink = create("json", out, NESTED);
        Map<String, Long> props = new LinkedHashMap<>();
        props.put("k", 1L);
        props.put("n", null);
        Row data = new Row(new Schema(((StructType) NESTED.field(3).type()).fields()), new Object[] {5L, START, null});
        sink.addBatch(0, new ResultBatch(NESTED, List.of(new Row(NESTED,
                new Object[] {"AB".getBytes(StandardCharsets.UTF_8), Arrays.asList("a/b", null), props, data, null}))));

        assertThat(FileSinkLogReader.read(out).get(0L)).containsExactly("{\"key\":\"QUI=\",\"tags\":[\"a/b\",null],"
                + "\"props\":{\"k\":1,\"n\":null},\"data\":{\"amount\":5,\"at\":\"2026-10-16T13:30:00.000Z\"}}");
    }

    @Test
    void csvWritesBinaryAsHexBytesAsSpark() {
        Path out = directory.resolve("out");
        Schema schema = Schema.of(new Field("key", AtomicType.BINARY, true), new Field("n", AtomicType.INT, true));
        FileSink sink = create("csv", out, schema);
        sink.addBatch(0, new ResultBatch(schema, List.of(
                new Row(schema, new Object[] {new byte[] {0x41, (byte) 0xC0}, 1}), new Row(schema, new Object[] {null, 2}))));

        assertThat(FileSinkLogReader.read(out).get(0L)).containsExactly("[41 C0],1", ",2");
    }

    private static final Schema SCALARS = Schema.of(new Field("price", new DecimalType(5, 2), true),
            new Field("total", new DecimalType(30, 3), true), new Field("day", AtomicType.DATE, true),
            new Field("ratio", AtomicType.FLOAT, true), new Field("level", AtomicType.BYTE, true),
            new Field("wait", DayTimeIntervalType.DAY_TO_SECOND, true));

    private static final Row SCALAR_ROW = new Row(SCALARS, new Object[] {new BigDecimal("3.30"),
            new BigDecimal("12345678901234567890.500"), LocalDate.parse("2026-12-01"), 1.5f, (byte) 7,
            Duration.ofMinutes(90)});

    @Test
    void writesDecimalsDatesFloatsAndIntervalsAsSparksJsonWriter() {
        Path out = directory.resolve("out");
        create("json", out, SCALARS).addBatch(0, new ResultBatch(SCALARS, List.of(SCALAR_ROW)));

        assertThat(FileSinkLogReader.read(out).get(0L)).containsExactly("{\"price\":3.30,"
                + "\"total\":12345678901234567890.500,\"day\":\"2026-12-01\",\"ratio\":1.5,\"level\":7,"
                + "\"wait\":\"INTERVAL '0 01:30:00' DAY TO SECOND\"}");
    }

    @Test
    void csvWritesDecimalsDatesFloatsAndIntervalsAsSpark() {
        Path out = directory.resolve("out");
        create("csv", out, SCALARS).addBatch(0, new ResultBatch(SCALARS, List.of(SCALAR_ROW)));

        assertThat(FileSinkLogReader.read(out).get(0L)).containsExactly(
                "3.30,12345678901234567890.500,2026-12-01,1.5,7,INTERVAL '0 01:30:00' DAY TO SECOND");
    }

    @Test
    void csvRejectsArraysAndMapsAsSpark() {
        for (int column = 1; column <= 3; column++) {
            Schema schema = Schema.of(NESTED.field(column));
            String type = NESTED.field(column).type().sql();
            assertThatThrownBy(() -> create("csv", directory, schema))
                    .isInstanceOfSatisfying(AnalysisException.class,
                            e -> assertThat(e.errorClass()).isEqualTo("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE"))
                    .hasMessageContaining("of the type \"" + type + "\"");
        }
    }
}
