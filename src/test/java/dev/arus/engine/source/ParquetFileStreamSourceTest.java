package dev.arus.engine.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.sql.DataTypeParser;
import dev.arus.engine.format.ParquetRowWriter;
import dev.arus.engine.sink.DuckDb;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code parquet} file stream source: files written by the parquet sink's writer and by DuckDB. */
class ParquetFileStreamSourceTest {

    private static final Instant START = Instant.parse("2026-10-16T13:30:00Z");
    private static final Schema WRITTEN = DataTypeParser.parseSchema("id INT, amount DECIMAL(10,2)");

    @TempDir
    Path directory;

    private Path input() throws IOException {
        return Files.createDirectories(directory.resolve("in"));
    }

    /** Writes rows {@code id, id + 0.5} for {@code ids} with the sink's writer, modified {@code second} seconds after the start. */
    private void write(String name, int second, int... ids) throws IOException {
        List<Row> rows = new ArrayList<>();
        for (int id : ids) {
            rows.add(new Row(WRITTEN, new Object[] {id, new BigDecimal(id + ".50")}));
        }
        Path file = input().resolve(name);
        ParquetRowWriter.write(file, WRITTEN, rows, "snappy");
        Files.setLastModifiedTime(file, FileTime.from(START.plusSeconds(second)));
    }

    private StreamFrame parquet(QueryTestDriver driver, Map<String, String> options) throws IOException {
        return driver.session().readStream().format("parquet").schema("ID BIGINT, amount DECIMAL(12,2), note STRING")
                .option("path", input().toString()).options(options).load();
    }

    private Function<DataStreamWriter, DataStreamWriter> checkpointed() {
        return w -> w.option("checkpointLocation", directory.resolve("checkpoint").toString());
    }

    private static List<List<Object>> idsPerBatch(QueryTestDriver driver) {
        List<List<Object>> batches = new ArrayList<>();
        driver.batches().values().forEach(rows -> batches.add(rows.stream().map(row -> row.get(0)).toList()));
        return batches;
    }

    @Test
    void readsParquetFilesArrivingWhileTheQueryRuns() throws IOException {
        write("a.parquet", 1, 1, 2);
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(parquet(driver, Map.of()), checkpointed());
            driver.runTrigger();
            assertThat(driver.rowsOf(0)).extracting(Row::toString).containsExactly("[1,1.50,null]", "[2,2.50,null]");
            assertThat(driver.runTrigger()).as(driver.history()).isNull();
            Path duck = input().resolve("b.zstd.parquet");
            DuckDb.execute("COPY (SELECT 3::INTEGER AS id, 'by duckdb' AS NOTE) TO '" + duck
                    + "' (FORMAT parquet, COMPRESSION zstd)");
            Files.setLastModifiedTime(duck, FileTime.from(START.plusSeconds(2)));
            driver.runTrigger();
            assertThat(driver.rowsOf(1)).extracting(Row::toString).containsExactly("[3,null,by duckdb]");
            assertThat(driver.progress().get(1).sources().get(0).endOffset()).isEqualTo("{\"logOffset\":1}");
        }
    }

    @Test
    void takesAtMostMaxFilesPerTriggerOldestFirst() throws IOException {
        for (int i = 0; i < 5; i++) {
            write("f" + i + ".parquet", 10 - i, i);
        }
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(parquet(driver, Map.of("maxFilesPerTrigger", "2")), checkpointed());
            driver.runBatches(3);
            assertThat(idsPerBatch(driver)).as(driver.history())
                    .containsExactly(List.of(4L, 3L), List.of(2L, 1L), List.of(0L));
        }
    }

    @Test
    void availableNowReadsInBatchesOfMaxFilesPerTriggerAndOnceInOneBatch() throws IOException {
        for (int i = 0; i < 3; i++) {
            write("f" + i + ".parquet", i, i);
        }
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(parquet(driver, Map.of("maxFilesPerTrigger", "1")),
                    w -> w.trigger(Trigger.availableNow()));
            while (driver.hasPendingTrigger()) {
                driver.runTrigger();
            }
            assertThat(idsPerBatch(driver)).as(driver.history()).containsExactly(List.of(0L), List.of(1L), List.of(2L));
        }
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(parquet(driver, Map.of("maxFilesPerTrigger", "1")), w -> w.trigger(Trigger.once()));
            driver.runTrigger();
            assertThat(idsPerBatch(driver)).as(driver.history()).containsExactly(List.of(0L, 1L, 2L));
            assertThat(driver.query().isActive()).isFalse();
        }
    }

    @Test
    void aRestartAfterEveryBatchNeitherRereadsNorSkipsAFile() throws IOException {
        for (int i = 0; i < 6; i++) {
            write(String.format("f%02d.parquet", i), i, i);
        }
        try (QueryTestDriver driver = new QueryTestDriver(START).restartAfterEachBatch()) {
            driver.startRecording(parquet(driver, Map.of("maxFilesPerTrigger", "1", "mergeSchema", "true")),
                    checkpointed());
            driver.runBatches(4);
            write("late.parquet", 100, 100, 101);
            driver.runBatches(3);
            List<Object> all = new ArrayList<>();
            idsPerBatch(driver).forEach(all::addAll);
            assertThat(all).as(driver.history()).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 100L, 101L);
            assertThat(driver.restarts()).isEqualTo(7);
        }
    }
}
