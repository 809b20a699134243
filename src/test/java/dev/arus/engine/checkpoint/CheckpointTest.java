package dev.arus.engine.checkpoint;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.Row;
import dev.arus.engine.files.ProtocolProbe;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.CommittedBatch;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointTest {

    private static final Instant START = Instant.parse("2026-10-16T13:30:00Z");

    @TempDir
    Path checkpoint;

    @AfterEach
    void removeProbe() {
        ProtocolProbe.install(null);
    }

    /** A keyed aggregation with a string key and a string max, so that state holds strings. */
    private static StreamFrame keyedCounts(QueryTestDriver driver, String window) {
        return driver.session().readStream().format("rate-micro-batch")
                .option("rowsPerBatch", 6).option("numPartitions", 2)
                .option("startTimestamp", START.toEpochMilli()).option("advanceMillisPerBatch", 2000)
                .load()
                .withWatermark("timestamp", "4 seconds")
                .groupBy(window(col("timestamp"), window),
                        expr("CASE WHEN value % 2 = 0 THEN 'even' ELSE 'odd' END AS parity"))
                .agg("count(*) AS count", "sum(value)", "avg(value)", "max(CAST(value AS STRING)) AS top");
    }

    private Function<dev.arus.engine.api.DataStreamWriter, dev.arus.engine.api.DataStreamWriter> update() {
        return w -> w.outputMode("update").option("checkpointLocation", checkpoint.toString());
    }

    private static Map<Long, List<Row>> uncrashed(int batches) {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(keyedCounts(driver, "10 seconds"), w -> w.outputMode("update"));
            driver.runBatches(batches);
            return Map.copyOf(driver.batches());
        }
    }

    @Test
    void writesSparksLayout() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            driver.runBatches(3);
        }
        assertThat(checkpoint.resolve("metadata")).isRegularFile();
        assertThat(checkpoint.resolve("offsets/2")).isRegularFile();
        assertThat(checkpoint.resolve("commits/2")).isRegularFile();
        assertThat(checkpoint.resolve("state/0/0/3.delta")).isRegularFile();
    }

    @Test
    void keepsItsIdAndGetsANewRunIdWhenRestarted() {
        UUID id;
        UUID runId;
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamingQuery query = driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            driver.runBatches(2);
            id = query.id();
            runId = query.runId();
        }
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamingQuery query = driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            assertThat(query.id()).isEqualTo(id);
            assertThat(query.runId()).isNotEqualTo(runId);
            assertThat(driver.runTrigger().batchId()).isEqualTo(2);
        }
    }

    @Test
    void reRunsABatchThatWasPlannedButNotCommittedWithTheSameRows() throws IOException {
        Map<Long, List<Row>> expected = uncrashed(8);
        Map<Long, List<Row>> seen = crashAfterStateOf(4);
        String offsetsOf4 = Files.readString(checkpoint.resolve("offsets/4"));
        assertThat(checkpoint.resolve("commits/4")).doesNotExist();
        assertThat(seen).doesNotContainKey(4L);

        seen.putAll(restartReRunning(4, 3));

        assertThat(Files.readString(checkpoint.resolve("offsets/4"))).isEqualTo(offsetsOf4);
        assertThat(seen).isEqualTo(expected);
    }

    /**
     * A batch leaves its commit entry to the file system, so a power cut can take
     * the last ones: with batch 5 planned and the commits of batches 3 and 4 gone as well, the
     * query re-runs batch 5 from batch 4's end offset and state version 5, as Spark does after
     * its warning, and the rows are those of a run that never stopped.
     */
    @Test
    void reRunsTheLastPlannedBatchWhenTheCommitsBeforeItWereLost() throws IOException {
        Map<Long, List<Row>> expected = uncrashed(8);
        Map<Long, List<Row>> seen = crashAfterStateOf(5);
        Files.delete(checkpoint.resolve("commits/3"));
        Files.delete(checkpoint.resolve("commits/4"));
        assertThat(seen).containsOnlyKeys(0L, 1L, 2L, 3L, 4L);

        seen.putAll(restartReRunning(5, 2));

        assertThat(seen).isEqualTo(expected);
    }

    /**
     * A batch writes its commit entry without a sync, so a power cut may leave the last ones
     * empty or cut short: such an entry counts as missing, and the query re-runs batch 5 with
     * the rows of a run that never stopped.
     */
    @Test
    void reRunsABatchWhoseCommitEntryIsEmptyOrCutShort() throws IOException {
        Map<Long, List<Row>> expected = uncrashed(8);
        Map<Long, List<Row>> seen = runBatches(6);
        Files.write(checkpoint.resolve("commits/5"), new byte[0]);
        Files.write(checkpoint.resolve("commits/4"), "v1\n".getBytes());

        seen.putAll(restartReRunning(5, 2));

        assertThat(seen).isEqualTo(expected);
    }

    /**
     * An offsets entry is written in place into a file reserved ahead, so a run killed as it
     * writes one leaves it cut short, and its other reserved files empty: the restart plans batch
     * 6 again, takes the empty files for unwritten, and yields the rows of a run that never
     * stopped; its own end deletes the reserved files it did not write.
     */
    @Test
    void plansABatchAgainWhoseOffsetsEntryIsCutShortAndPassesOverReservedFiles() throws IOException {
        Map<Long, List<Row>> expected = uncrashed(9);
        Map<Long, List<Row>> seen = runBatches(6);
        Files.writeString(checkpoint.resolve("offsets/6"), "v1\n{\"batchWatermarkMs\":");
        for (long batch = 7; batch < 12; batch++) {
            Files.write(checkpoint.resolve("offsets/" + batch), new byte[0]);
            Files.write(checkpoint.resolve("state/0/0/" + (batch + 1) + ".delta"), new byte[0]);
        }

        seen.putAll(restartReRunning(6, 2));

        assertThat(seen).isEqualTo(expected);
        try (var offsets = Files.list(checkpoint.resolve("offsets"))) {
            assertThat(offsets.map(file -> file.getFileName().toString()).sorted())
                    .containsExactly("0", "1", "2", "3", "4", "5", "6", "7", "8");
        }
    }

    /** Runs {@code batches} batches on the checkpoint and stops; the rows written. */
    private Map<Long, List<Row>> runBatches(int batches) {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            driver.runBatches(batches);
            return new java.util.TreeMap<>(driver.batches());
        }
    }

    /** Runs batches 0 to {@code batch} - 1, then fails {@code batch} once its state is committed; the rows written. */
    private Map<Long, List<Row>> crashAfterStateOf(long batch) {
        ProtocolProbe.install((step, batchId) -> {
            if (step == ProtocolProbe.Step.STATE_COMMITTED && batchId == batch) {
                throw new IllegalStateException("crash after the state of batch " + batch);
            }
        });
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamingQuery query = driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            driver.runBatches((int) batch);
            driver.runTrigger();
            assertThat(query.exception()).isPresent();
            return new java.util.TreeMap<>(driver.batches());
        } finally {
            ProtocolProbe.install(null);
        }
    }

    /** Starts the query again an hour later: its first batch must be {@code rerun}; its rows and {@code more}'s. */
    private Map<Long, List<Row>> restartReRunning(long rerun, int more) {
        try (QueryTestDriver driver = new QueryTestDriver(START.plusSeconds(3600))) {
            driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            assertThat(driver.runTrigger().batchId()).isEqualTo(rerun);
            driver.runBatches(more);
            return new java.util.TreeMap<>(driver.batches());
        }
    }

    @Test
    void rateMicroBatchResumesAfterItsLastCommittedOffset() {
        List<Long> values = new ArrayList<>();
        for (int run = 0; run < 3; run++) {
            try (QueryTestDriver driver = new QueryTestDriver(START)) {
                driver.startRecording(driver.session().readStream().format("rate-micro-batch")
                        .option("rowsPerBatch", 4).option("numPartitions", 1).load(),
                        w -> w.option("checkpointLocation", checkpoint.toString()));
                driver.runBatches(2);
                driver.batches().values().forEach(rows -> rows.forEach(r -> values.add((Long) r.get("value"))));
            }
        }
        assertThat(values).isEqualTo(java.util.stream.LongStream.range(0, 24).boxed().toList());
    }

    /**
     * A checkpoint Spark wrote (a query moved from Spark: {@code rate-micro-batch}, 3 rows a batch;
     * batch 4 planned, batch 3 the last committed): its entries end without a newline and carry
     * Hadoop's checksums beside them, its watermarks are in milliseconds alone, and its metadata
     * holds the query's id alone. Arus runs batch 4 again from batch 3's end, then goes on, under
     * the same id, and adds its description of the plan to the metadata.
     */
    @Test
    void goesOnFromACheckpointSparkWroteTellingItsWholeEntriesByTheirHadoopChecksums() throws Exception {
        copySparkCheckpoint();
        UUID sparksId = UUID.fromString("b93cc71e-f4f1-4688-857d-7604b805988a");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamingQuery query = driver.startRecording(driver.session().readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 3).option("numPartitions", 1).load(),
                    w -> w.option("checkpointLocation", checkpoint.toString()));
            driver.runBatches(2);
            assertThat(query.id()).isEqualTo(sparksId);
            assertThat(driver.batches().keySet()).containsExactly(4L, 5L);
            assertThat(driver.batches().get(4L)).extracting(row -> row.get("value")).containsExactly(12L, 13L, 14L);
            assertThat(driver.batches().get(4L)).extracting(row -> row.get("timestamp"))
                    .containsOnly(Instant.ofEpochMilli(4000));
            assertThat(driver.batches().get(5L)).extracting(row -> row.get("value")).containsExactly(15L, 16L, 17L);
        }
        assertThat(Files.readString(checkpoint.resolve("metadata")))
                .startsWith("{\"id\":\"" + sparksId + "\"").contains("\"plan.source\":\"rate-micro-batch");
    }

    /** A Spark entry purged once older than {@code minBatchesToRetain} batches goes with its Hadoop checksum. */
    @Test
    void purgesSparksEntriesWithTheirChecksums() throws Exception {
        copySparkCheckpoint();
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(driver.session().readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 3).option("numPartitions", 1).load(),
                    w -> w.option("checkpointLocation", checkpoint.toString()));
            driver.runBatches(Checkpoint.DEFAULT_MIN_BATCHES_TO_RETAIN + 1); // batches 4 to 104
        }
        assertThat(checkpoint.resolve("offsets/4")).doesNotExist();
        assertThat(checkpoint.resolve("offsets/5")).exists();
        for (String purged : List.of("offsets/.3.crc", "offsets/.4.crc", "commits/.3.crc")) {
            assertThat(checkpoint.resolve(purged)).doesNotExist();
        }
    }

    /** Without its Hadoop checksum, or with one that does not match, an entry that ends without a newline is cut short. */
    @Test
    void refusesASparkEntryWhoseChecksumIsMissingOrDoesNotMatch() throws Exception {
        for (java.util.function.Consumer<Path> damage : List.<java.util.function.Consumer<Path>>of(
                offsets -> uncheck(() -> Files.delete(offsets.resolve(".3.crc"))),
                offsets -> uncheck(() -> Files.writeString(offsets.resolve("3"),
                        Files.readString(offsets.resolve("3")).replace("\"offset\":12", "\"offset\":13"))))) {
            copySparkCheckpoint();
            damage.accept(checkpoint.resolve("offsets"));
            try (QueryTestDriver driver = new QueryTestDriver(START)) {
                assertThatThrownBy(() -> driver.startRecording(driver.session().readStream().format("rate-micro-batch")
                        .option("rowsPerBatch", 3).option("numPartitions", 1).load(),
                        w -> w.option("checkpointLocation", checkpoint.toString())))
                        .isInstanceOf(CheckpointException.class)
                        .hasMessageContaining(checkpoint.resolve("offsets/3").toString())
                        .hasMessageContaining("truncated");
            }
        }
    }

    /** Replaces the checkpoint with the one Spark wrote, kept under {@code spark-checkpoints/rate-micro-batch}. */
    private void copySparkCheckpoint() throws Exception {
        Path spark = Path.of(CheckpointTest.class.getResource("/spark-checkpoints/rate-micro-batch/metadata").toURI())
                .getParent();
        try (var old = Files.walk(checkpoint)) {
            old.sorted(java.util.Comparator.reverseOrder()).filter(path -> !path.equals(checkpoint))
                    .forEach(path -> uncheck(() -> Files.delete(path)));
        }
        try (var files = Files.walk(spark)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = checkpoint.resolve(spark.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        assertThat(checkpoint.resolve("offsets/.3.crc")).as("Hadoop's checksums are among the resources").exists();
    }

    private interface IoAction {
        void run() throws IOException;
    }

    private static void uncheck(IoAction action) {
        try {
            action.run();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void rateResumesFromItsCreationTimeKeptInTheCheckpoint() throws IOException {
        List<Row> rows = new ArrayList<>();
        Instant stoppedAt;
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(driver.session().readStream().format("rate").option("rowsPerSecond", 2)
                    .option("numPartitions", 1).load(),
                    w -> w.trigger(dev.arus.engine.streaming.Trigger.processingTime("1 second"))
                            .option("checkpointLocation", checkpoint.toString()));
            driver.runBatches(3);
            driver.batches().values().forEach(rows::addAll);
            stoppedAt = Instant.ofEpochMilli(driver.clock().millis());
        }
        assertThat(Files.readString(checkpoint.resolve("sources/0/0"))).isEqualTo("v1\n" + START.toEpochMilli());
        try (QueryTestDriver driver = new QueryTestDriver(stoppedAt.plusSeconds(5))) {
            driver.startRecording(driver.session().readStream().format("rate").option("rowsPerSecond", 2)
                    .option("numPartitions", 1).load(),
                    w -> w.trigger(dev.arus.engine.streaming.Trigger.processingTime("1 second"))
                            .option("checkpointLocation", checkpoint.toString()));
            driver.runBatches(2);
            driver.batches().values().forEach(rows::addAll);
        }
        List<Long> values = rows.stream().map(r -> (Long) r.get("value")).toList();
        assertThat(values).isEqualTo(java.util.stream.LongStream.range(0, values.size()).boxed().toList());
        assertThat(values.size()).isGreaterThan(10);
        for (Row row : rows) {
            long value = (Long) row.get("value");
            assertThat((Instant) row.get("timestamp")).isEqualTo(START.plusMillis(value * 500));
        }
    }

    /** As Spark pins the watermark policy in its offset log, a restart asking for another keeps the first. */
    @Test
    void keepsTheWatermarkPolicyItWasStartedWith() throws IOException {
        String policy = "spark.sql.streaming.multipleWatermarkPolicy";
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(keyedCounts(driver, "10 seconds"), w -> update().apply(w).option(policy, "MAX"));
            driver.runBatches(2);
        }
        assertThat(Files.readString(checkpoint.resolve("offsets/1"))).contains("\"" + policy + "\":\"max\"");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(keyedCounts(driver, "10 seconds"), w -> update().apply(w).option(policy, "min"));
            driver.runBatches(1);
        }
        assertThat(Files.readString(checkpoint.resolve("offsets/2"))).contains("\"" + policy + "\":\"max\"");
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            assertThatThrownBy(() -> driver.startRecording(keyedCounts(driver, "10 seconds"),
                    w -> update().apply(w).option(policy, "median")))
                    .isInstanceOf(InvalidOptionException.class)
                    .hasMessageContaining("Could not recognize watermark policy 'median'");
        }
    }

    @Test
    void refusesAnotherWindowNamingWhatDiffersAndWritesNothing() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            driver.runBatches(3);
        }
        Map<String, String> before = CheckpointDirectory.contents(checkpoint);
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            assertThatThrownBy(() -> driver.startRecording(keyedCounts(driver, "20 seconds"), update()))
                    .isInstanceOf(CheckpointException.class)
                    .hasMessageContaining("its aggregation differs")
                    .hasMessageContaining("10 seconds")
                    .hasMessageContaining("20 seconds");
        }
        assertThat(CheckpointDirectory.contents(checkpoint)).isEqualTo(before);
    }

    @Test
    void refusesAnotherSourceAndAnotherOutputMode() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            driver.runBatches(2);
        }
        Map<String, String> before = CheckpointDirectory.contents(checkpoint);
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            assertThatThrownBy(() -> driver.startRecording(keyedCounts(driver, "10 seconds"),
                    w -> w.outputMode("complete").option("checkpointLocation", checkpoint.toString())))
                    .isInstanceOf(CheckpointException.class).hasMessageContaining("its outputMode differs");
            StreamFrame other = driver.session().readStream().format("rate").option("rowsPerSecond", 6).load()
                    .withWatermark("timestamp", "4 seconds")
                    .groupBy(window(col("timestamp"), "10 seconds"),
                            expr("CASE WHEN value % 2 = 0 THEN 'even' ELSE 'odd' END AS parity"))
                    .agg("count(*) AS count", "sum(value)", "avg(value)", "max(CAST(value AS STRING)) AS top");
            assertThatThrownBy(() -> driver.startRecording(other, update()))
                    .isInstanceOf(CheckpointException.class).hasMessageContaining("its source differs");
        }
        assertThat(CheckpointDirectory.contents(checkpoint)).isEqualTo(before);
    }

    @Test
    void checksAChangedQueryAgainstTheCheckpointWhileItsRunGoesOnWritingNothing() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            driver.runBatches(3);
            Map<String, String> before = written(CheckpointDirectory.contents(checkpoint));
            UUID id = driver.query().id();

            assertThatThrownBy(() -> update().apply(keyedCounts(driver, "20 seconds").writeStream()).format("noop")
                    .queryId(id).check())
                    .isInstanceOf(CheckpointException.class)
                    .hasMessageContaining("its aggregation differs")
                    .hasMessageContaining("Spark does not allow changes in stateful operations");
            // A filter may change between runs, as in Spark: the same check lets it through.
            update().apply(keyedCounts(driver, "10 seconds").filter("count > 0").writeStream()).format("noop").queryId(id)
                    .check();
            assertThatThrownBy(() -> update().apply(keyedCounts(driver, "10 seconds").writeStream()).format("noop")
                    .queryId(UUID.randomUUID()).check())
                    .isInstanceOf(CheckpointException.class).hasMessageContaining("belongs to query " + id);

            assertThat(written(CheckpointDirectory.contents(checkpoint))).isEqualTo(before);
            driver.runBatches(1);
            assertThat(driver.query().isActive()).isTrue();
        }
    }

    /**
     * The files of {@code contents} that hold something: the run's maintenance reserves empty
     * files ahead of its batches whenever it likes, so only what was written is compared.
     */
    private static Map<String, String> written(Map<String, String> contents) {
        Map<String, String> written = new TreeMap<>(contents);
        written.values().removeIf(String::isEmpty);
        return written;
    }

    @Test
    void tellsTheLastCommittedBatchItsTimeAndTheWatermarkTheNextBatchRunsWith() {
        assertThat(Checkpoint.lastCommitted(checkpoint)).isEmpty();
        StreamingQueryProgress last;
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            driver.runBatches(4);
            last = driver.query().lastProgress();
        }
        CommittedBatch committed = Checkpoint.lastCommitted(checkpoint).orElseThrow();
        assertThat(committed.batchId()).isEqualTo(last.batchId());
        assertThat(committed.timestamp()).isEqualTo(last.timestamp());
        // Four batches of 2 s from START, 4 s late: the next batch runs with START + 6 s - 4 s.
        assertThat(committed.watermark()).isEqualTo(START.plusSeconds(2));
    }

    /** Each kind of damage: the file named, what is wrong said, nothing written or deleted. */
    @Test
    void failsOnEachKindOfDamageNamingTheFileAndChangingNothing() throws IOException {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            driver.runBatches(12);
        }
        expectDamage("offsets/11", bytes -> java.util.Arrays.copyOf(bytes, bytes.length - 5), "truncated");
        expectDamage("offsets/11", bytes -> "v1\n{\"batchWatermarkMs\":\n-\n".getBytes(), "not a JSON object");
        expectDamage("commits/11", bytes -> "v7\n{}\n".getBytes(), "version line");
        expectDamage("metadata", bytes -> java.util.Arrays.copyOf(bytes, 10), "truncated");
        expectDamage("state/0/0/12.delta", bytes -> java.util.Arrays.copyOf(bytes, bytes.length - 3), "truncated");
        expectDamage("state/0/0/12.delta", bytes -> {
            byte[] corrupt = bytes.clone();
            corrupt[30] ^= 0x55;
            return corrupt;
        }, "checksum");
        expectDamage("state/0/0/10.snapshot", bytes -> {
            byte[] corrupt = bytes.clone();
            corrupt[0] = 'X';
            return corrupt;
        }, "not an Arus state file");
        expectDamage("state/0/0/11.delta", bytes -> null, "missing");
        expectDamage("offsets/11", bytes -> "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":0,\"batchWatermarkMicros\":0}\nxyz\n".getBytes(),
                "is not an offset of");
    }

    /**
     * Damage to the offsets, commits or metadata is refused when the query starts; damage to the
     * state, which the run loads on its own thread, fails the run before its first batch. Either
     * way the failure names the file and the checkpoint is left as it was.
     */
    private void expectDamage(String file, java.util.function.UnaryOperator<byte[]> damage, String what)
            throws IOException {
        Path path = checkpoint.resolve(file);
        byte[] original = Files.readAllBytes(path);
        byte[] damaged = damage.apply(original);
        if (damaged == null) {
            Files.delete(path);
        } else {
            Files.write(path, damaged);
        }
        Map<String, String> before = CheckpointDirectory.contents(checkpoint);
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            Throwable failure;
            if (file.startsWith("state/")) {
                driver.startRecording(keyedCounts(driver, "10 seconds"), update());
                assertThat(driver.runTrigger()).as(file + " " + what).isNull();
                failure = driver.query().exception().orElseThrow().getCause();
            } else {
                failure = catchThrowable(() -> driver.startRecording(keyedCounts(driver, "10 seconds"), update()));
            }
            assertThat(failure).as(file + " " + what)
                    .isInstanceOf(CheckpointException.class)
                    .hasMessageContaining(path.toString())
                    .hasMessageContaining(what)
                    .satisfies(e -> assertThat(((CheckpointException) e).errorClass())
                            .isEqualTo(CheckpointException.DAMAGED));
        }
        assertThat(CheckpointDirectory.contents(checkpoint)).as(file).isEqualTo(before);
        Files.write(path, original);
    }

    @Test
    void keepsOnlyTheLastMinBatchesToRetainEntries() {
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(driver.session().readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 2).load().groupBy(expr("value % 2 AS k")).count(),
                    w -> w.outputMode("complete").option("checkpointLocation", checkpoint.toString()));
            driver.runBatches(130);
        }
        assertThat(checkpoint.resolve("offsets/29")).doesNotExist();
        assertThat(checkpoint.resolve("offsets/30")).exists();
        assertThat(checkpoint.resolve("commits/29")).doesNotExist();
        assertThat(checkpoint.resolve("state/0/0/20.snapshot")).doesNotExist();
        assertThat(checkpoint.resolve("state/0/0/30.snapshot")).exists();
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            driver.startRecording(driver.session().readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 2).load().groupBy(expr("value % 2 AS k")).count(),
                    w -> w.outputMode("complete").option("checkpointLocation", checkpoint.toString()));
            driver.runBatches(1);
            assertThat(driver.rowsOf(130).toString()).isEqualTo("[[0,131], [1,131]]");
        }
    }

    @Test
    void failedBatchLeavesNoCommitAndTheQueryFails() {
        ProtocolProbe.install((step, batchId) -> {
            if (step == ProtocolProbe.Step.SINK_WRITTEN && batchId == 1) {
                throw new IllegalStateException("boom");
            }
        });
        try (QueryTestDriver driver = new QueryTestDriver(START)) {
            StreamingQuery query = driver.startRecording(keyedCounts(driver, "10 seconds"), update());
            driver.runBatches(1);
            driver.runTrigger();
            assertThat(query.exception()).get().extracting(StreamingQueryException::getMessage).asString()
                    .contains("boom");
        }
        assertThat(checkpoint.resolve("offsets/1")).exists();
        assertThat(checkpoint.resolve("commits/1")).doesNotExist();
    }
}
