package dev.arus.engine.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.api.functions;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileStreamSourceTest {

    private static final Instant START = Instant.parse("2026-10-16T13:30:00Z");

    @TempDir
    Path directory;

    private Path input() throws IOException {
        return Files.createDirectories(directory.resolve("in"));
    }

    /** Writes {@code lines} to {@code name} under the input, modified {@code second} seconds after the start. */
    private Path write(String name, int second, String... lines) throws IOException {
        Path file = input().resolve(name);
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        Files.setLastModifiedTime(file, FileTime.from(START.plusSeconds(second)));
        return file;
    }

    private StreamFrame json(QueryTestDriver driver, Map<String, String> options) throws IOException {
        return driver.session().readStream().format("json").schema("id INT, name STRING")
                .option("path", input().toString()).options(options).load();
    }

    private Function<DataStreamWriter, DataStreamWriter> checkpointed() {
        return w -> w.option("checkpointLocation", directory.resolve("checkpoint").toString());
    }

    private static List<Object> ids(List<Row> rows) {
        return rows.stream().map(row -> row.get(0)).toList();
    }

    private static List<List<Object>> idsPerBatch(QueryTestDriver driver) {
        List<List<Object>> batches = new ArrayList<>();
        driver.batches().values().forEach(rows -> batches.add(ids(rows)));
        return batches;
    }

    @Test
    void readsFilesArrivingWhileTheQueryRunsAndTakesEachOnce() throws IOException {
        write("a.json", 1, "{\"id\":1,\"name\":\"a\"}", "{\"id\":2,\"name\":\"b\"}");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of()), checkpointed());
            driver.runTrigger();
            assertThat(driver.rowsOf(0)).extracting(Row::toString).containsExactly("[1,a]", "[2,b]");
            assertThat(driver.runTrigger()).as(driver.history()).isNull();
            write("b.json", 2, "{\"id\":3,\"name\":\"c\"}");
            driver.runTrigger();
            assertThat(ids(driver.rowsOf(1))).containsExactly(3);
            assertThat(driver.progress().get(1).sources().get(0).endOffset()).isEqualTo("{\"logOffset\":1}");
        }
    }

    @Test
    void takesAtMostMaxFilesPerTriggerOldestFirst() throws IOException {
        for (int i = 0; i < 5; i++) {
            write("f" + i + ".json", 10 - i, "{\"id\":" + i + "}");
        }
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of("maxFilesPerTrigger", "2")), checkpointed());
            driver.runBatches(3);
            assertThat(idsPerBatch(driver)).as(driver.history())
                    .containsExactly(List.of(4, 3), List.of(2, 1), List.of(0));
        }
    }

    /**
     * Files of equal modification time keep the order of Spark's listing (its sort by time is
     * stable, also reversed for {@code latestFirst}): Hadoop's {@code listLeafFiles} lists a
     * directory's files in {@code File.list()}'s order (unsorted: the file system's), then its
     * subdirectories' files; not by path.
     */
    @Test
    void takesFilesOfEqualTimesInSparksListingOrderNotByPath() throws IOException {
        Map<Path, Integer> ids = new HashMap<>();
        ids.put(write("old.json", 1, "{\"id\":100}"), 100);
        Files.createDirectories(input().resolve("a"));
        ids.put(write("a/x.json", 5, "{\"id\":200}"), 200);
        for (int i = 0; i < 8; i++) {
            ids.put(write("f" + i + ".json", 5, "{\"id\":" + i + "}"), i);
        }
        ids.put(write("new.json", 9, "{\"id\":300}"), 300);
        List<Object> equalTimes = sparkListing(input()).stream().map(ids::get)
                .filter(id -> id != 100 && id != 300).map(id -> (Object) id).toList();
        List<List<Object>> oldestFirst = new ArrayList<>();
        oldestFirst.add(List.of(100));
        equalTimes.forEach(id -> oldestFirst.add(List.of(id)));
        oldestFirst.add(List.of(300));
        List<List<Object>> newestFirst = new ArrayList<>();
        newestFirst.add(List.of(300));
        equalTimes.forEach(id -> newestFirst.add(List.of(id)));
        newestFirst.add(List.of(100));
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of("maxFilesPerTrigger", "1")), checkpointed());
            driver.runBatches(oldestFirst.size());
            assertThat(idsPerBatch(driver)).as(driver.history()).isEqualTo(oldestFirst);
        }
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of("maxFilesPerTrigger", "1", "latestFirst", "true")),
                    Function.identity());
            driver.runBatches(newestFirst.size());
            assertThat(idsPerBatch(driver)).as(driver.history()).isEqualTo(newestFirst);
        }
    }

    /** The files under {@code directory} as Hadoop's {@code listLeafFiles} lists them: its files, then its subdirectories'. */
    private static List<Path> sparkListing(Path directory) {
        List<Path> files = new ArrayList<>();
        List<Path> directories = new ArrayList<>();
        for (String name : directory.toFile().list()) {
            Path entry = directory.resolve(name);
            (Files.isDirectory(entry) ? directories : files).add(entry);
        }
        directories.forEach(subdirectory -> files.addAll(sparkListing(subdirectory)));
        return files;
    }

    @Test
    void availableNowReadsTheFilesThereAtStartInBatchesOfMaxFilesPerTriggerThenStopsAndTheNextRunReadsTheRest()
            throws IOException {
        for (int i = 0; i < 5; i++) {
            write("f" + i + ".json", i, "{\"id\":" + i + "}");
        }
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of("maxFilesPerTrigger", "2")),
                    w -> checkpointed().apply(w).trigger(Trigger.availableNow()));
            driver.runTrigger();
            write("f5.json", 5, "{\"id\":5}"); // after the run listed the directory: not read by it
            while (driver.hasPendingTrigger()) {
                driver.runTrigger();
            }
            assertThat(idsPerBatch(driver)).as(driver.history())
                    .containsExactly(List.of(0, 1), List.of(2, 3), List.of(4));
            assertThat(driver.query().isActive()).isFalse();

            driver.restart();
            while (driver.hasPendingTrigger()) {
                driver.runTrigger();
            }
            assertThat(driver.progress()).as(driver.history()).extracting(StreamingQueryProgress::batchId)
                    .containsExactly(0L, 1L, 2L, 3L);
            assertThat(driver.rowsOf(3)).extracting(row -> row.get(0)).containsExactly(5);
        }
    }

    @Test
    void onceReadsEveryNewFileInOneBatchWhateverMaxFilesPerTrigger() throws IOException {
        for (int i = 0; i < 5; i++) {
            write("f" + i + ".json", i, "{\"id\":" + i + "}");
        }
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of("maxFilesPerTrigger", "2")), w -> w.trigger(Trigger.once()));
            driver.runTrigger();
            assertThat(idsPerBatch(driver)).as(driver.history()).containsExactly(List.of(0, 1, 2, 3, 4));
            assertThat(driver.hasPendingTrigger()).isFalse();
            assertThat(driver.query().isActive()).isFalse();
        }
    }

    @Test
    void availableNowTakesCsvFilesUpToMaxBytesPerTriggerABatch() throws IOException {
        for (int i = 0; i < 5; i++) {
            write("f" + i + ".csv", i, "id", Integer.toString(i)); // 5 bytes each
        }
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamFrame csv = driver.session().readStream().format("csv").schema("id INT").option("header", "true")
                    .option("path", input().toString()).option("maxBytesPerTrigger", "12").load();
            driver.startRecording(csv, w -> w.trigger(Trigger.availableNow()));
            while (driver.hasPendingTrigger()) {
                driver.runTrigger();
            }
            assertThat(idsPerBatch(driver)).as(driver.history())
                    .containsExactly(List.of(0, 1), List.of(2, 3), List.of(4));
        }
    }

    @Test
    void takesTheNewestFilesFirstWithLatestFirst() throws IOException {
        for (int i = 0; i < 3; i++) {
            write("f" + i + ".json", i, "{\"id\":" + i + "}");
        }
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of("maxFilesPerTrigger", "1", "latestFirst", "true")),
                    checkpointed());
            driver.runBatches(3);
            assertThat(idsPerBatch(driver)).containsExactly(List.of(2), List.of(1), List.of(0));
        }
    }

    @Test
    void aRestartAfterEveryBatchNeitherRereadsNorSkipsAFile() throws IOException {
        for (int i = 0; i < 25; i++) {
            write(String.format("f%02d.json", i), i, "{\"id\":" + i + "}");
        }
        try (QueryTestDriver driver = new QueryTestDriver(START).restartAfterEachBatch()) {
            driver.startRecording(json(driver, Map.of("maxFilesPerTrigger", "1")), checkpointed());
            driver.runBatches(20);
            write("late.json", 100, "{\"id\":100}");
            driver.runBatches(6);
            List<Object> all = new ArrayList<>();
            idsPerBatch(driver).forEach(all::addAll);
            List<Object> expected = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                expected.add(i);
            }
            expected.add(100);
            assertThat(all).as(driver.history()).containsExactlyElementsOf(expected);
            assertThat(driver.restarts()).isEqualTo(26);
        }
        Path log = directory.resolve("checkpoint/sources/0");
        assertThat(log.resolve("9.compact")).exists();
        assertThat(log.resolve("19.compact")).exists();
        assertThat(Files.readAllLines(log.resolve("25"))).hasSize(2).first().isEqualTo("v1");
        assertThat(Files.readAllLines(log.resolve("25")).get(1)).matches(
                "\\{\"path\":\"file:///.*/in/late\\.json\",\"timestamp\":\\d+,\"batchId\":25}");
    }

    /**
     * As Spark's: once the files stop, a windowed aggregation in append mode runs one more batch
     * without data, because the last file moved the watermark, and that batch writes the window
     * the new watermark closed; then the triggers run nothing until a file comes.
     */
    @Test
    void runsANoDataBatchForTheWatermarkTheLastFileMoved() throws IOException {
        write("a.json", 0, "{\"id\":1,\"t\":\"2026-10-16T13:30:01Z\"}", "{\"id\":2,\"t\":\"2026-10-16T13:30:04Z\"}");
        write("b.json", 1, "{\"id\":3,\"t\":\"2026-10-16T13:30:12Z\"}");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamFrame orders = driver.session().readStream().format("json").schema("id INT, t TIMESTAMP")
                    .option("path", input().toString()).option("maxFilesPerTrigger", "1").load();
            driver.startRecording(orders.withWatermark("t", "2 seconds")
                    .groupBy(functions.window(functions.col("t"), "5 seconds")).count(), w -> w.outputMode("append"));
            driver.runBatches(3);
            for (int i = 0; i < 3; i++) {
                assertThat(driver.runTrigger()).as("a trigger after the no-data batch\n%s", driver.history()).isNull();
            }

            List<StreamingQueryProgress> progress = driver.progress();
            assertThat(progress).extracting(StreamingQueryProgress::numInputRows).containsExactly(2L, 1L, 0L);
            assertThat(progress).extracting(report -> report.eventTime().get("watermark")).containsExactly(
                    "1970-01-01T00:00:00.000Z", "2026-10-16T13:30:02.000Z", "2026-10-16T13:30:10.000Z");
            assertThat(driver.rowsOf(1)).as("batch 1's watermark closes no window").isEmpty();
            assertThat(driver.rowsOf(2)).as("the no-data batch writes the window its watermark closed")
                    .extracting(row -> row.get(1)).containsExactly(2L);
        }
    }

    @Test
    void ignoresFilesOlderThanMaxFileAgeBeforeTheLatestSeen() throws IOException {
        write("new.json", 100, "{\"id\":1}");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of("maxFileAge", "10s")), checkpointed());
            driver.runTrigger();
            write("old.json", 50, "{\"id\":2}");
            write("recent.json", 95, "{\"id\":3}");
            driver.runTrigger();
            assertThat(idsPerBatch(driver)).containsExactly(List.of(1), List.of(3));
        }
    }

    @Test
    void readsOnlyFileNamesMatchingPathGlobFilterAndSkipsHiddenFiles() throws IOException {
        write("a.json", 1, "{\"id\":1}");
        write("b.txt", 2, "{\"id\":2}");
        write("_c.json", 3, "{\"id\":3}");
        write(".d.json", 4, "{\"id\":4}");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of("pathGlobFilter", "*.json")), checkpointed());
            driver.runTrigger();
            assertThat(idsPerBatch(driver)).containsExactly(List.of(1));
        }
    }

    @Test
    void archivesOrDeletesTheFilesOfACommittedBatch() throws IOException {
        Path a = write("a.json", 1, "{\"id\":1}");
        Path archive = directory.resolve("archive");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of("cleanSource", "archive",
                    "sourceArchiveDir", archive.toString())), checkpointed());
            driver.runTrigger();
            assertThat(a).doesNotExist();
            assertThat(archive.resolve(a.getRoot().relativize(a))).exists();
        }
        Path b = write("b.json", 2, "{\"id\":2}");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of("cleanSource", "delete")),
                    w -> w.option("checkpointLocation", directory.resolve("checkpoint2").toString()));
            driver.runTrigger();
            assertThat(ids(driver.rowsOf(0))).containsExactly(2);
            assertThat(b).doesNotExist();
        }
    }

    @Test
    void refusesArchiveWithoutAnArchiveDirectoryAndAMissingSchema() throws IOException {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            assertThatThrownBy(() -> json(driver, Map.of("cleanSource", "archive")))
                    .isInstanceOf(InvalidOptionException.class)
                    .hasMessage("Archive mode must be used with 'sourceArchiveDir' option.");
            assertThatThrownBy(() -> driver.session().readStream().format("csv")
                    .option("path", input().toString()).load())
                    .hasMessageStartingWith("Schema must be specified when creating a streaming source DataFrame.");
            assertThatThrownBy(() -> json(driver, Map.of("maxFilesPerTrigger", "0")))
                    .hasMessage("Invalid value '0' for option 'maxFilesPerTrigger', must be a positive integer");
            assertThatThrownBy(() -> driver.session().readStream().format("rate").schema("a INT").load())
                    .isInstanceOf(ArusException.class)
                    .hasMessageContaining("does not support user specified schema");
        }
    }

    private List<Row> readCsv(String mode, String schema) throws IOException {
        write("broken.csv", 1, "id,amount,when", "1,2.5,2026-10-16 13:30:00", "2,oops,2026-10-16 13:30:01",
                "3,4.5", "4,5.5,2026-10-16 13:30:03");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamFrame frame = driver.session().readStream().format("csv").schema(schema)
                    .option("path", input().toString()).option("header", "true").option("mode", mode).load();
            driver.startRecording(frame, checkpointed());
            driver.runTrigger();
            if (driver.query().exception().isPresent()) {
                throw driver.query().exception().get();
            }
            return driver.rowsOf(0);
        }
    }

    @Test
    void keepsMalformedCsvRecordsWithTheirTextInPermissiveMode() throws IOException {
        assertThat(readCsv("PERMISSIVE", "id INT, amount DOUBLE, `when` TIMESTAMP, _corrupt_record STRING"))
                .extracting(Row::toString).containsExactly(
                        "[1,2.5,2026-10-16T13:30:00Z,null]",
                        "[2,null,2026-10-16T13:30:01Z,2,oops,2026-10-16 13:30:01]",
                        "[3,4.5,null,3,4.5]",
                        "[4,5.5,2026-10-16T13:30:03Z,null]");
    }

    @Test
    void dropsMalformedCsvRecordsInDropMalformedMode() throws IOException {
        assertThat(ids(readCsv("DROPMALFORMED", "id INT, amount DOUBLE, `when` TIMESTAMP"))).containsExactly(1, 4);
    }

    @Test
    void failsOnTheFirstMalformedRecordInFailFastMode() {
        assertThatThrownBy(() -> readCsv("FAILFAST", "id INT, amount DOUBLE, `when` TIMESTAMP"))
                .hasMessageContaining("FAILED_READ_FILE.NO_HINT")
                .rootCause().hasMessageStartingWith("[MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION] Malformed "
                        + "records are detected in record parsing: [2,null,2026-10-16T13:30:01Z]. Parse Mode: FAILFAST.");
    }

    private List<Row> readJson(String mode, String schema) throws IOException {
        write("broken.json", 1, "{\"id\":1,\"name\":\"a\"}", "{\"id\":2,\"name\":", "{\"id\":\"three\",\"name\":\"c\"}",
                "{\"id\":4,\"name\":\"d\"}");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamFrame frame = driver.session().readStream().format("json").schema(schema)
                    .option("path", input().toString()).option("mode", mode).load();
            driver.startRecording(frame, w -> w.option("checkpointLocation",
                    directory.resolve("checkpoint-" + mode).toString()));
            driver.runTrigger();
            if (driver.query().exception().isPresent()) {
                throw driver.query().exception().get();
            }
            return driver.rowsOf(0);
        }
    }

    @Test
    void followsTheModeForMalformedJsonLines() throws IOException {
        assertThat(readJson("PERMISSIVE", "id INT, name STRING, _corrupt_record STRING"))
                .extracting(Row::toString).containsExactly("[1,a,null]", "[null,null,{\"id\":2,\"name\":]",
                        "[null,c,{\"id\":\"three\",\"name\":\"c\"}]", "[4,d,null]");
        try (Stream<Path> files = Files.list(input())) {
            files.forEach(file -> file.toFile().delete());
        }
        assertThat(ids(readJson("DROPMALFORMED", "id INT, name STRING"))).containsExactly(1, 4);
    }

    @Test
    void readsAMultiLineJsonArrayAsOneRowPerElement() throws IOException {
        write("many.json", 1, "[", "  {\"id\": 1,", "   \"name\": \"a\"},", "  {\"id\": 2, \"name\": \"b\"}", "]");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(json(driver, Map.of("multiLine", "true")), checkpointed());
            driver.runTrigger();
            assertThat(driver.rowsOf(0)).extracting(Row::toString).containsExactly("[1,a]", "[2,b]");
        }
    }
}
