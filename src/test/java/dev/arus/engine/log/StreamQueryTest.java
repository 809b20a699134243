package dev.arus.engine.log;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.files.ProtocolProbe;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Queries over the event log through the {@code stream} source and sink: offsets per partition
 * in progress and checkpoint, where a new query starts, how much one batch reads (under each
 * trigger), where a restarted query reads from, what a query does when retention took records it
 * had not read, and one query feeding another exactly once.
 */
class StreamQueryTest {

    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");
    /** Small segments, so that a few appends fill several and retention has whole ones to delete. */
    private static final long SEGMENT_BYTES = 4096;
    private static final String ORDERS = "order_id STRING, category STRING, amount DOUBLE, event_time TIMESTAMP";

    @TempDir
    Path directory;

    private final List<QueryTestDriver> drivers = new ArrayList<>();

    @AfterEach
    void closeDrivers() {
        ProtocolProbe.install(null);
        drivers.forEach(QueryTestDriver::close);
    }

    private QueryTestDriver driver() {
        QueryTestDriver driver = new QueryTestDriver(START, 1, clock -> EventLog.open(directory.resolve("log"), clock,
                SEGMENT_BYTES));
        drivers.add(driver);
        return driver;
    }

    private static LogStream orders(QueryTestDriver driver, int partitions, Retention retention) {
        return driver.eventLog().create(StreamDefinition.of("orders", ORDERS, partitions, "category", retention));
    }

    /** Appends orders {@code [from, from + count)}: categories in turn, 10 euros each, a second apart from START. */
    private static void append(LogStream stream, int from, int count) {
        List<List<Object>> rows = new ArrayList<>();
        String[] categories = {"books", "games", "music"};
        for (int i = from; i < from + count; i++) {
            rows.add(Arrays.asList("o-" + i, categories[i % 3], 10.0, START.plusSeconds(i)));
        }
        LogRows.append(stream, LogRows.batch(stream.definition().schema(), rows));
    }

    private static StreamFrame revenuePerMinute(QueryTestDriver driver, Map<String, String> options) {
        return driver.session().readStream().format("stream").option("stream", "orders").options(options).load()
                .withWatermark("event_time", "10 seconds")
                .groupBy(window(col("event_time"), "1 minute"), col("category"))
                .agg("sum(amount) AS revenue", "count(*) AS orders");
    }

    private static List<String> texts(List<Row> rows) {
        return rows.stream().map(Row::toString).toList();
    }

    @Test
    void aQueryReadsEveryPartitionAndReportsOffsetsPerPartition() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 2, null);
        append(stream, 0, 5);
        StreamFrame frame = revenuePerMinute(driver, Map.of("startingOffsets", "earliest"));
        assertThat(frame.schema().names()).containsExactly("window", "category", "revenue", "orders");
        driver.startRecording(frame, w -> w.outputMode("update"));

        StreamingQueryProgress first = driver.runTrigger();
        assertThat(first.numInputRows()).isEqualTo(5);
        long[] ends = stream.durableEnds();
        String endJson = "{\"orders\":{\"0\":" + ends[0] + ",\"1\":" + ends[1] + "}}";
        assertThat(first.sources().get(0).endOffset()).isEqualTo(endJson);
        assertThat(first.sources().get(0).description()).isEqualTo("EventLogStream[orders]");
        assertThat(texts(driver.rowsOf(0))).containsExactlyInAnyOrder(
                "[[2026-12-01T10:00:00Z,2026-12-01T10:01:00Z],books,20.0,2]",
                "[[2026-12-01T10:00:00Z,2026-12-01T10:01:00Z],games,20.0,2]",
                "[[2026-12-01T10:00:00Z,2026-12-01T10:01:00Z],music,10.0,1]");

        append(stream, 70, 3);
        StreamingQueryProgress second = driver.runTrigger();
        assertThat(second.numInputRows()).isEqualTo(3);
        assertThat(second.sources().get(0).startOffset()).isEqualTo(endJson);
        assertThat(driver.runTrigger()).as("a no-data batch for the watermark").isNotNull();
        assertThat(driver.runTrigger()).as("nothing more").isNull();
    }

    @Test
    void aQueryDecodesOnlyTheColumnsItReadsAndGetsTheirValuesRight() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 1, null);
        append(stream, 0, 6);
        StreamFrame filtered = driver.session().readStream().format("stream").option("stream", "orders")
                .option("startingOffsets", "earliest").load()
                .filter("order_id != 'o-1'")
                .groupBy(col("category")).agg("sum(amount) AS revenue");
        driver.startRecording(filtered, w -> w.outputMode("complete"));
        driver.runTrigger();
        assertThat(texts(driver.rowsOf(0))).containsExactlyInAnyOrder("[books,20.0]", "[games,10.0]", "[music,20.0]");
        driver.query().stop();

        driver.startRecording(driver.session().readStream().format("stream").option("stream", "orders")
                .option("startingOffsets", "earliest").load(), w -> w);
        driver.runTrigger();
        assertThat(driver.rowsOf(0).get(0).toString()).as("a query that reads every column gets them all")
                .startsWith("[o-0,books,10.0,2026-12-01T10:00:00Z,");
    }

    @Test
    void aNewQueryStartsAtTheLatestOffsetsByDefaultAndAtTheEarliestWhenAsked() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 1, null);
        append(stream, 0, 4);
        driver.startRecording(revenuePerMinute(driver, Map.of()), w -> w.outputMode("update"));
        assertThat(driver.runTrigger().numInputRows()).as("batch 0 of a latest query is empty").isZero();
        append(stream, 4, 2);
        assertThat(driver.runTrigger().numInputRows()).isEqualTo(2);
        driver.query().stop();

        driver.startRecording(revenuePerMinute(driver, Map.of("startingOffsets", "{\"orders\":{\"0\":3}}")),
                w -> w.outputMode("update"));
        assertThat(driver.runTrigger().numInputRows()).isEqualTo(3);
        driver.query().stop();

        assertThatThrownBy(() -> driver.startRecording(
                revenuePerMinute(driver, Map.of("startingOffsets", "{\"orders\":{\"1\":3}}")), w -> w))
                .isInstanceOf(ArusException.class).hasMessageContaining("you must specify all partitions");
        assertThatThrownBy(() -> revenuePerMinute(driver, Map.of("startingOffsets", "oldest")))
                .isInstanceOf(ArusException.class).hasMessageContaining("earliest, latest, or offsets per partition");
        assertThatThrownBy(() -> driver.session().readStream().format("stream").option("stream", "nope").load())
                .isInstanceOfSatisfying(ArusException.class,
                        e -> assertThat(e.errorClass()).isEqualTo(LogException.STREAM_NOT_FOUND));
    }

    @Test
    void maxOffsetsPerTriggerSharesTheLimitAmongPartitionsByTheirBacklog() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 3, null);
        append(stream, 0, 30);
        driver.startRecording(revenuePerMinute(driver, Map.of("startingOffsets", "earliest",
                "maxOffsetsPerTrigger", "12")), w -> w.outputMode("update"));
        long[] ends = stream.durableEnds();
        String available = "{\"orders\":{\"0\":" + ends[0] + ",\"1\":" + ends[1] + ",\"2\":" + ends[2] + "}}";
        List<Long> read = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            StreamingQueryProgress progress = driver.runTrigger();
            read.add(progress.numInputRows());
            assertThat(progress.sources().get(0).latestOffset()).as("the latest offset is what the stream has")
                    .isEqualTo(available);
        }
        assertThat(read).containsExactly(12L, 12L, 6L);
    }

    @Test
    void availableNowReadsWhatTheStreamHadAtStartInBatchesOfMaxOffsetsPerTriggerThenTheNoDataBatchThenStops() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 1, null);
        append(stream, 0, 80);
        driver.startRecording(revenuePerMinute(driver, Map.of("startingOffsets", "earliest",
                "maxOffsetsPerTrigger", "30")), w -> w.outputMode("append").trigger(Trigger.availableNow()));

        driver.runTrigger();
        append(stream, 200, 10); // after the run started: not read by it
        while (driver.hasPendingTrigger()) {
            driver.runTrigger();
        }

        assertThat(driver.progress()).as(driver.history())
                .extracting(StreamingQueryProgress::batchId, StreamingQueryProgress::numInputRows)
                .containsExactly(tuple(0L, 30L), tuple(1L, 30L), tuple(2L, 20L), tuple(3L, 0L));
        assertThat(driver.progress()).extracting(p -> p.sources().get(0).latestOffset())
                .as("the end fixed at the start, as Spark's Kafka source reports it").containsOnly("{\"orders\":{\"0\":80}}");
        assertThat(driver.progress().get(3).eventTime().get("watermark"))
                .as("the no-data batch runs at the watermark of the last event read, 10:01:19 less 10 s")
                .isEqualTo("2026-12-01T10:01:09.000Z");
        assertThat(texts(driver.rowsOf(3))).containsExactlyInAnyOrder(
                "[[2026-12-01T10:00:00Z,2026-12-01T10:01:00Z],books,200.0,20]",
                "[[2026-12-01T10:00:00Z,2026-12-01T10:01:00Z],games,200.0,20]",
                "[[2026-12-01T10:00:00Z,2026-12-01T10:01:00Z],music,200.0,20]");
        assertThat(driver.query().isActive()).isFalse();
        assertThat(driver.query().exception()).isEmpty();
        assertThat(stream.readers()).as("the ended run reads no more").isEmpty();
    }

    @Test
    void onceReadsEverythingTheStreamHasInOneBatchWhateverMaxOffsetsPerTrigger() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 2, null);
        append(stream, 0, 80);
        driver.startRecording(revenuePerMinute(driver, Map.of("startingOffsets", "earliest",
                "maxOffsetsPerTrigger", "30")), w -> w.outputMode("append").trigger(Trigger.once()));

        driver.runTrigger();

        assertThat(driver.progress()).as(driver.history())
                .extracting(StreamingQueryProgress::batchId, StreamingQueryProgress::numInputRows)
                .containsExactly(tuple(0L, 80L));
        assertThat(driver.hasPendingTrigger()).as("no no-data batch after the one batch").isFalse();
        assertThat(driver.query().isActive()).isFalse();
    }

    @Test
    void anAvailableNowRunStartedAgainAfterACrashRunsTheUncommittedBatchAgainThenReadsToWhatTheStreamHasThen() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 1, null);
        append(stream, 0, 80);
        StreamFrame ids = driver.session().readStream().format("stream").option("stream", "orders")
                .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", "30").load().select("order_id");
        Function<dev.arus.engine.api.DataStreamWriter, dev.arus.engine.api.DataStreamWriter> availableNow =
                w -> w.trigger(Trigger.availableNow())
                        .option("checkpointLocation", directory.resolve("available-now").toString());
        driver.startRecording(ids, availableNow);
        driver.runTrigger();
        ProtocolProbe.install((step, batchId) -> {
            if (step == ProtocolProbe.Step.SINK_WRITTEN && batchId == 1) {
                throw new IllegalStateException("crash after the sink wrote batch 1");
            }
        });
        driver.runTrigger();
        assertThat(driver.query().exception()).isPresent();
        ProtocolProbe.install(null);
        append(stream, 80, 10); // between the runs: the next run reads it

        driver.startRecording(ids, availableNow);
        while (driver.hasPendingTrigger()) {
            driver.runTrigger();
        }

        assertThat(driver.progress()).as(driver.history())
                .extracting(StreamingQueryProgress::batchId, StreamingQueryProgress::numInputRows)
                .containsExactly(tuple(0L, 30L), tuple(1L, 30L), tuple(2L, 30L));
        assertThat(driver.rowsOf(1)).as("batch 1 again, with its logged offsets").hasSize(30)
                .extracting(row -> row.get(0)).startsWith("o-30").endsWith("o-59");
        assertThat(driver.rowsOf(2)).extracting(row -> row.get(0)).startsWith("o-60").endsWith("o-89");
        assertThat(driver.query().isActive()).isFalse();
    }

    @Test
    void aQueryStartedAgainOnItsCheckpointIsAReaderFromWhatItCommittedBeforeItsFirstTrigger() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 2, null);
        append(stream, 0, 5);
        StreamFrame ids = driver.session().readStream().format("stream").option("stream", "orders")
                .option("startingOffsets", "earliest").load().select("order_id");
        Function<dev.arus.engine.api.DataStreamWriter, dev.arus.engine.api.DataStreamWriter> checkpointed =
                w -> w.option("checkpointLocation", directory.resolve("reader").toString());
        driver.startRecording(ids, checkpointed);
        assertThat(committed(stream)).as("a new query reads from its starting offsets").containsExactly(0, 0);
        driver.runTrigger();
        long[] firstBatchEnd = stream.durableEnds();
        driver.query().stop();
        assertThat(stream.readers()).isEmpty();

        driver.startRecording(ids, checkpointed);
        assertThat(committed(stream)).as("what batch 0 committed").containsExactly(firstBatchEnd);
        assertThat(stream.lag(committed(stream)).records()).isZero();

        append(stream, 5, 3);
        ProtocolProbe.install((step, batchId) -> {
            if (step == ProtocolProbe.Step.SINK_WRITTEN && batchId == 1) {
                throw new IllegalStateException("crash after the sink wrote batch 1");
            }
        });
        driver.runTrigger();
        ProtocolProbe.install(null);
        driver.startRecording(ids, checkpointed);
        assertThat(committed(stream)).as("batch 1 was never committed").containsExactly(firstBatchEnd);
        assertThat(stream.lag(committed(stream)).records()).isEqualTo(3);
    }

    private static long[] committed(LogStream stream) {
        assertThat(stream.readers()).hasSize(1);
        return stream.readers().values().iterator().next().committed();
    }

    @Test
    void aCheckpointedQueryRestartedAfterEveryBatchWritesWhatAnUninterruptedOneWrites() {
        Map<Long, List<String>> expected = new java.util.TreeMap<>();
        Map<Long, List<String>> restarted = new java.util.TreeMap<>();
        for (boolean restart : new boolean[] {false, true}) {
            Path log = directory.resolve("log-" + restart);
            QueryTestDriver driver = new QueryTestDriver(START, 2, clock -> EventLog.open(log, clock, SEGMENT_BYTES));
            drivers.add(driver);
            LogStream stream = orders(driver, 2, null);
            if (restart) {
                driver.restartAfterEachBatch();
            }
            driver.startRecording(revenuePerMinute(driver, Map.of()), w -> w.outputMode("append")
                    .option("checkpointLocation", directory.resolve("checkpoint-" + restart).toString()));
            driver.runTrigger();
            for (int round = 0; round < 4; round++) {
                append(stream, round * 40, 40);
                driver.runTrigger();
                driver.runTrigger();
            }
            driver.batches().forEach((id, rows) -> (restart ? restarted : expected).put(id, texts(rows)));
        }
        assertThat(restarted).isEqualTo(expected);
        assertThat(expected.values().stream().mapToInt(List::size).sum()).as("windows emitted").isGreaterThan(3);
    }

    @Test
    void aQueryWhoseUnreadRecordsRetentionDeletedFailsOrGoesOnAsFailOnDataLossSays() {
        QueryTestDriver driver = driver();
        LogStream stream = driver.eventLog().create(StreamDefinition.of("orders", ORDERS, 1, null,
                new Retention(Duration.ofMinutes(1), 0, false)));
        Function<dev.arus.engine.api.DataStreamWriter, dev.arus.engine.api.DataStreamWriter> checkpointed =
                w -> w.outputMode("update").option("checkpointLocation", directory.resolve("cp").toString());
        driver.startRecording(revenuePerMinute(driver, Map.of("startingOffsets", "earliest")), checkpointed);
        driver.runTrigger();
        driver.query().stop();
        for (int i = 0; i < 3; i++) {
            append(stream, i * 100, 100);
        }
        driver.clock().advance(Duration.ofMinutes(2));
        assertThat(driver.eventLog().enforceRetention()).as("nobody reads it: retention deletes").isPositive();

        driver.startRecording(revenuePerMinute(driver, Map.of("startingOffsets", "earliest")), checkpointed);
        assertThat(driver.runTrigger()).isNull();
        assertThat(driver.query().exception()).get().satisfies(e -> assertThat(((ArusException) e.getCause())
                .errorClass()).isEqualTo("STREAM_DATA_LOSS.START_OFFSET_RESET"));

        driver.startRecording(revenuePerMinute(driver, Map.of("startingOffsets", "earliest",
                "failOnDataLoss", "false")), checkpointed);
        StreamingQueryProgress goneOn = driver.runTrigger();
        assertThat(goneOn.numInputRows()).isEqualTo(stream.durableEnds()[0] - stream.earliestOffsets()[0]);
    }

    /**
     * A batch the checkpoint left uncommitted (as after a crash) is read again with the same
     * offsets; when its stream was deleted and created again with fewer records meanwhile, the
     * records it reads up to are gone: data loss, as Spark's Kafka source reports an offset past a
     * partition's end, not damage of the log.
     */
    @Test
    void aBatchReadAgainAfterItsStreamWasCreatedAgainWithFewerRecordsFailsAsDataLossOrReadsWhatIsLeft()
            throws IOException {
        QueryTestDriver driver = driver();
        append(orders(driver, 1, null), 0, 5);
        Path checkpoint = directory.resolve("cp");
        Function<dev.arus.engine.api.DataStreamWriter, dev.arus.engine.api.DataStreamWriter> checkpointed =
                w -> w.outputMode("update").option("checkpointLocation", checkpoint.toString());
        driver.startRecording(revenuePerMinute(driver, Map.of("startingOffsets", "earliest")), checkpointed);
        assertThat(driver.runTrigger().numInputRows()).isEqualTo(5);
        driver.query().stop();
        Files.delete(checkpoint.resolve("commits").resolve("0"));
        driver.eventLog().delete("orders");
        append(orders(driver, 1, null), 100, 2);

        driver.startRecording(revenuePerMinute(driver, Map.of("startingOffsets", "earliest")), checkpointed);
        assertThat(driver.runTrigger()).isNull();
        assertThat(driver.query().exception()).get().satisfies(e -> assertThat(((ArusException) e.getCause())
                .errorClass()).isEqualTo("STREAM_DATA_LOSS.PARTITION_OFFSET_CHANGED"));

        driver.startRecording(revenuePerMinute(driver, Map.of("startingOffsets", "earliest",
                "failOnDataLoss", "false")), checkpointed);
        StreamingQueryProgress again = driver.runTrigger();
        assertThat(again.batchId()).isZero();
        assertThat(again.numInputRows()).as("batch 0 again, with what the stream holds of it").isEqualTo(2);
    }

    @Test
    void aStreamThatAQueryReadsCannotBeDeleted() {
        QueryTestDriver driver = driver();
        orders(driver, 1, null);
        driver.startRecording(revenuePerMinute(driver, Map.of()), w -> w.outputMode("update").queryName("revenue"));
        assertThatThrownBy(() -> driver.eventLog().delete("orders"))
                .hasMessageContaining("STREAM_IN_USE").hasMessageContaining("revenue");
        driver.query().stop();
        driver.eventLog().delete("orders");
        assertThat(driver.eventLog().find("orders")).isEmpty();
    }

    @Test
    void aStreamThatAQueryWritesCannotBeDeletedUntilItStops() {
        QueryTestDriver driver = driver();
        orders(driver, 1, null);
        driver.eventLog().create(StreamDefinition.of("revenue", "category STRING, revenue DOUBLE", 1, null, null));
        driver.start(driver.session().readStream().format("stream").option("stream", "orders").load()
                .selectExpr("category", "amount AS revenue"),
                w -> w.format("stream").option("stream", "revenue").queryName("feed"));
        assertThatThrownBy(() -> driver.eventLog().delete("revenue"))
                .hasMessageContaining("STREAM_IN_USE").hasMessageContaining("written by active queries [feed]");
        driver.query().stop();
        driver.eventLog().delete("revenue");
        assertThat(driver.eventLog().find("revenue")).isEmpty();
    }

    @Test
    void aWindowColumnGoesThroughAStreamAsAStructWhoseFieldsTheNextQueryReads() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 1, null);
        LogStream revenue = driver.eventLog().create(StreamDefinition.of("revenue",
                "window STRUCT<start: TIMESTAMP, end: TIMESTAMP>, category STRING, revenue DOUBLE", 1, null, null));
        append(stream, 0, 30);
        append(stream, 100, 3);
        driver.start(revenuePerMinute(driver, Map.of("startingOffsets", "earliest")).selectExpr("window", "category", "revenue"),
                w -> w.format("stream").option("stream", "revenue").outputMode("append"));
        driver.runBatches(2);
        driver.query().stop();
        assertThat(LogRows.readAll(revenue, 0)).extracting(row -> row.subList(0, 3).toString())
                .containsExactlyInAnyOrder("[[2026-12-01T10:00:00Z,2026-12-01T10:01:00Z], books, 100.0]",
                        "[[2026-12-01T10:00:00Z,2026-12-01T10:01:00Z], games, 100.0]",
                        "[[2026-12-01T10:00:00Z,2026-12-01T10:01:00Z], music, 100.0]");

        StreamFrame perWindow = driver.session().readStream().format("stream").option("stream", "revenue")
                .option("startingOffsets", "earliest").load()
                .groupBy(dev.arus.engine.api.functions.expr("window.start AS start"))
                .agg("sum(revenue) AS total", "max(window.end) AS until");
        driver.startRecording(perWindow, w -> w.outputMode("complete"));
        driver.runTrigger();
        assertThat(texts(driver.rowsOf(0)))
                .containsExactly("[2026-12-01T10:00:00Z,300.0,2026-12-01T10:01:00Z]");
    }

    @Test
    void oneQueryFeedsAnotherThroughAStreamExactlyOnceAcrossACrashAfterTheSinkWrote() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 2, null);
        LogStream revenue = driver.eventLog().create(StreamDefinition.of("revenue",
                "window_start TIMESTAMP, category STRING NOT NULL, revenue DOUBLE, orders BIGINT", 1, null, null));
        StreamFrame feed = revenuePerMinute(driver, Map.of("startingOffsets", "earliest"))
                .selectExpr("window.start AS window_start", "category", "revenue", "orders");
        Function<dev.arus.engine.api.DataStreamWriter, dev.arus.engine.api.DataStreamWriter> toRevenue =
                w -> w.format("stream").option("stream", "revenue").outputMode("append")
                        .option("checkpointLocation", directory.resolve("feed").toString());
        append(stream, 0, 30);
        append(stream, 100, 3);
        driver.start(feed, toRevenue);
        driver.runTrigger();
        // The watermark passes the first minute: batch 1 emits its windows, then the run dies
        // after the sink wrote and before the commit.
        ProtocolProbe.install((step, batchId) -> {
            if (step == ProtocolProbe.Step.SINK_WRITTEN && batchId == 1) {
                throw new IllegalStateException("crash after the sink wrote batch 1");
            }
        });
        driver.runTrigger();
        assertThat(driver.query().exception()).isPresent();
        assertThat(revenue.durableEnds()).containsExactly(3);
        ProtocolProbe.install(null);

        driver.start(feed, toRevenue);
        driver.runTrigger();
        assertThat(revenue.durableEnds()).as("batch 1 run again is not stored twice").containsExactly(3);
        assertThat(LogRows.readAll(revenue, 0)).extracting(row -> row.subList(1, 4).toString())
                .containsExactlyInAnyOrder("[books, 100.0, 10]", "[games, 100.0, 10]", "[music, 100.0, 10]");

        StreamFrame downstream = driver.session().readStream().format("stream").option("stream", "revenue")
                .option("startingOffsets", "earliest").load().groupBy(new dev.arus.engine.api.Column[0]).agg("sum(revenue) AS total");
        driver.query().stop();
        driver.startRecording(downstream, w -> w.outputMode("complete"));
        driver.runTrigger();
        assertThat(texts(driver.rowsOf(0))).containsExactly("[300.0]");
    }

    @Test
    void theStreamSinkTakesNarrowerNumbersAndDecimalsWithFewerDigits() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 1, null);
        LogStream totals = driver.eventLog().create(StreamDefinition.of("totals",
                "day DATE, category STRING NOT NULL, revenue DECIMAL(20,3), orders BIGINT", 1, null, null));
        StreamFrame narrow = revenuePerMinute(driver, Map.of("startingOffsets", "earliest")).selectExpr(
                "CAST(window.start AS DATE) AS day", "category", "CAST(revenue AS DECIMAL(10,2)) AS revenue",
                "CAST(orders AS SMALLINT) AS orders");
        append(stream, 0, 30);
        append(stream, 100, 3);
        driver.start(narrow, w -> w.format("stream").option("stream", "totals").outputMode("append"));

        driver.runBatches(2);

        assertThat(LogRows.readAll(totals, 0)).extracting(row -> row.subList(0, 4).toString()).containsExactlyInAnyOrder(
                "[2026-12-01, books, 100.000, 10]", "[2026-12-01, games, 100.000, 10]",
                "[2026-12-01, music, 100.000, 10]");
        assertThatThrownBy(() -> driver.start(narrow.selectExpr("day", "category",
                "CAST(revenue AS DECIMAL(20,2)) AS revenue", "orders"),
                w -> w.format("stream").option("stream", "totals").outputMode("append")))
                .hasMessageContaining("Column 'revenue' of the query's output is decimal(20,2)");
    }

    @Test
    void theStreamSinkRefusesOutputThatDoesNotFitTheStream() {
        QueryTestDriver driver = driver();
        orders(driver, 1, null);
        driver.eventLog().create(StreamDefinition.of("totals", "category STRING NOT NULL, revenue DOUBLE", 1, null,
                null));
        StreamFrame windows = revenuePerMinute(driver, Map.of());
        assertThatThrownBy(() -> driver.start(windows, w -> w.format("stream").option("stream", "totals")
                .outputMode("update")))
                .isInstanceOf(ArusException.class).hasMessageContaining("STREAM_SINK_SCHEMA_MISMATCH")
                .hasMessageContaining("Column 'window' of the query's output is not a column of stream 'totals'");
        assertThatThrownBy(() -> driver.start(windows.selectExpr("CAST(orders AS STRING) AS revenue"),
                w -> w.format("stream").option("stream", "totals").outputMode("update")))
                .hasMessageContaining("Column 'category' of stream 'totals' is NOT NULL");
        assertThatThrownBy(() -> driver.start(windows.selectExpr("category", "CAST(orders AS STRING) AS revenue"),
                w -> w.format("stream").option("stream", "totals").outputMode("update")))
                .hasMessageContaining("Column 'revenue' of the query's output is string");
        assertThat(driver.eventLog().stream("orders").readers()).as("no reader left behind").isEmpty();
    }

    /** Runs triggers until one finds nothing to do (the first, of a new query, runs batch 0 with no rows). */
    private static void runUntilIdle(QueryTestDriver driver) {
        for (int i = 0; i < 5; i++) {
            if (driver.runTrigger() == null) {
                return;
            }
        }
        throw new AssertionError("still running batches: " + driver.history());
    }

    @Test
    void anIdleQueryWithTheDefaultTriggerRunsAtOnceWhenRecordsOfItsStreamBecomeDurable() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 2, null);
        driver.startRecording(driver.session().readStream().format("stream").option("stream", "orders").load()
                .filter(col("amount").gt(0)), w -> w.outputMode("append"));
        runUntilIdle(driver);
        long idleAt = driver.clock().millis();
        assertThat(driver.nextTriggerMillis()).as("the poll of an idle query").isEqualTo(idleAt + 10);

        append(stream, 0, 1);

        assertThat(driver.nextTriggerMillis()).as("brought forward by the durable records").isEqualTo(idleAt);
        StreamingQueryProgress read = driver.runTrigger();
        assertThat(read.numInputRows()).isEqualTo(1);
        assertThat(texts(driver.rowsOf(read.batchId()))).containsExactly("[o-0,books,10.0,2026-12-01T10:00:00Z,2026-12-01T10:00:00Z]");
        assertThat(driver.clock().millis()).as("no time passed").isEqualTo(idleAt);
    }

    @Test
    void aProcessingTimeTriggerKeepsItsIntervalWhenRecordsArrive() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 1, null);
        driver.startRecording(driver.session().readStream().format("stream").option("stream", "orders").load(),
                w -> w.outputMode("append").trigger(Trigger.processingTime(Duration.ofSeconds(4))));
        runUntilIdle(driver);
        long due = driver.nextTriggerMillis();
        assertThat(due).isGreaterThan(driver.clock().millis());

        append(stream, 0, 1);

        assertThat(driver.nextTriggerMillis()).isEqualTo(due);
        assertThat(driver.runTrigger().numInputRows()).isEqualTo(1);
    }

    @Test
    void aStoppedQueryIsNotWokenByRecordsOfItsStream() {
        QueryTestDriver driver = driver();
        LogStream stream = orders(driver, 1, null);
        driver.startRecording(driver.session().readStream().format("stream").option("stream", "orders").load()
                .filter(col("amount").gt(0)),
                w -> w.outputMode("append"));
        runUntilIdle(driver);
        assertThat(driver.nextTriggerMillis()).isEqualTo(driver.clock().millis() + 10);
        driver.query().stop();
        assertThat(driver.hasPendingTrigger()).as("a stopped query is not woken").isFalse();
        append(stream, 0, 1);
        assertThat(driver.hasPendingTrigger()).isFalse();
    }
}
