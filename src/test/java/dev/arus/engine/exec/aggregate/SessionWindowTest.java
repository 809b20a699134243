package dev.arus.engine.exec.aggregate;

import static dev.arus.engine.api.functions.avg;
import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.count;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.max;
import static dev.arus.engine.api.functions.min;
import static dev.arus.engine.api.functions.session_window;
import static dev.arus.engine.api.functions.sum;
import static dev.arus.engine.api.functions.window;
import static dev.arus.engine.testing.StreamCase.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.Column;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.testing.QueryTestDriver;
import dev.arus.engine.testing.StreamCase;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Session windows batch by batch, on the cases of Spark's {@code StreamingSessionWindowSuite}
 * (SSWS): the rows out of each batch, the no-data batches a moving watermark runs, the watermark
 * and the state figures of {@code sessionWindowStateStoreSaveExec}. The suite's input lines are
 * split into one row per word ({@code explode(split(value, ' '))} in Spark), each at its line's
 * time in seconds. Each case runs once straight through and once restarted from its checkpoint
 * after every batch. The figures Spark's suite does not assert (updated and removed rows) follow
 * its code: a batch updates every session of each key it touched and removes the stored
 * sessions that merged into another and those it evicts.
 */
class SessionWindowTest {

    private static final String SCHEMA = "sessionId STRING, t BIGINT";

    @TempDir
    Path directory;

    private final List<StreamCase> cases = new ArrayList<>();

    @AfterEach
    void close() {
        cases.forEach(StreamCase::close);
    }

    /** SSWS's {@code sessionWindowQuery}: events per session, with a 30 s watermark on the event time. */
    private StreamCase sessions(boolean restart, String mode, Column gap) {
        return query(restart, mode, in -> in.withWatermark("eventTime", "30 seconds")
                .groupBy(session_window(col("eventTime"), gap).as("session"), col("sessionId"))
                .agg(count("*").as("numEvents"))
                .selectExpr("sessionId", "CAST(session.start AS BIGINT)", "CAST(session.end AS BIGINT)",
                        "CAST(session.end AS BIGINT) - CAST(session.start AS BIGINT) AS durationMs", "numEvents"));
    }

    private StreamCase query(boolean restart, String mode, Function<StreamFrame, StreamFrame> query) {
        StreamCase run = new StreamCase(directory.resolve("case-" + cases.size()), SCHEMA, restart,
                in -> query.apply(in.withColumn("eventTime", expr("timestamp_seconds(t)"))), w -> w.outputMode(mode));
        cases.add(run);
        return run;
    }

    /** One row per word of each line, at the line's time: {@code words("a b", 40L, "c", 41L)}. */
    private static Object[][] words(Object... linesAndSeconds) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < linesAndSeconds.length; i += 2) {
            for (String word : ((String) linesAndSeconds[i]).split(" ")) {
                rows.add(row(word, linesAndSeconds[i + 1]));
            }
        }
        return rows.toArray(Object[][]::new);
    }

    /** SSWS's input, batch by batch, with the late line at 0 s after the one at 25 s. */
    private static StreamCase feedTheSuitesLines(StreamCase run) {
        return run.feed(words("hello world spark streaming", 40L, "world hello structured streaming", 41L))
                .feed(words("spark streaming", 25L))
                .feed(words("spark streaming", 0L))
                .feed(words("spark streaming", 30L))
                .feed(words("hello apache spark", 60L))
                .feed(words("structured streaming", 90L));
    }

    private static StateOperatorProgress state(StreamCase.Batch batch) {
        return batch.progress().stateOperators().get(0);
    }

    private static String watermark(StreamCase.Batch batch) {
        return batch.progress().eventTime().get("watermark");
    }

    /**
     * SSWS "append mode - session window": sessions merge across batches, also into one that
     * starts before the stored ones (25 s) and chains them (30 s); a row whose own session ends
     * by the previous batch's watermark is dropped (0 s: its session [0, 10) ends before 11); a
     * session is emitted in the no-data batch whose watermark reaches its end.
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void appendEmitsEachMergedSessionOnceTheWatermarkPassesItsEnd(boolean restart) {
        List<StreamCase.Batch> batches = feedTheSuitesLines(sessions(restart, "append", expr("'10 seconds'")))
                .batches();

        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of(), List.of(), // 40 and 41 s, then the no-data batch of watermark 11 s
                List.of(), // 25 s
                List.of(), // 0 s, late
                List.of(), // 30 s
                List.of(), List.of(), // 60 s, then the no-data batch of watermark 30 s
                List.of(), // 90 s
                List.of("[spark,25,50,25,3]", "[streaming,25,51,26,4]", "[hello,40,51,11,2]", "[world,40,51,11,2]",
                        "[structured,41,51,10,1]")); // the no-data batch of watermark 60 s
        assertThat(batches).extracting(SessionWindowTest::watermark).containsExactly("1970-01-01T00:00:00.000Z",
                "1970-01-01T00:00:11.000Z", "1970-01-01T00:00:11.000Z", "1970-01-01T00:00:11.000Z",
                "1970-01-01T00:00:11.000Z", "1970-01-01T00:00:11.000Z", "1970-01-01T00:00:30.000Z",
                "1970-01-01T00:00:30.000Z", "1970-01-01T00:01:00.000Z");
        assertThat(batches).extracting(b -> state(b).operatorName()).containsOnly("sessionWindowStateStoreSaveExec");
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).containsExactly(5L, 5L, 7L, 7L, 5L, 8L, 8L, 10L, 5L);
        assertThat(batches).extracting(b -> state(b).numRowsUpdated())
                .containsExactly(5L, 0L, 4L, 0L, 2L, 5L, 0L, 4L, 0L);
        assertThat(batches).extracting(b -> state(b).numRowsRemoved())
                .containsExactly(0L, 0L, 0L, 0L, 2L, 0L, 0L, 0L, 5L);
        assertThat(batches).extracting(b -> state(b).numRowsDroppedByWatermark())
                .containsExactly(0L, 0L, 0L, 2L, 0L, 0L, 0L, 0L, 0L);
        assertThat(batches).extracting(b -> state(b).numStateStoreInstances()).containsOnly(1L);
    }

    /**
     * SSWS "SPARK-36465: dynamic gap duration", the gap a CASE over the session id instead of the
     * suite's UDF: 1 s for hello (so its rows at 40 and 41 s touch and merge), none for structured
     * (0 s) and world (-10 s), whose rows are left out without counting as late.
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void aGapPerRowSetsEachSessionsLengthAndLeavesOutRowsWithoutAPositiveGap(boolean restart) {
        Column gap = expr("CASE sessionId WHEN 'hello' THEN '1 second' WHEN 'structured' THEN '0 second' "
                + "WHEN 'world' THEN '-10 seconds' ELSE '10 seconds' END");
        List<StreamCase.Batch> batches = feedTheSuitesLines(sessions(restart, "append", gap)).batches();

        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of("[spark,25,50,25,3]", "[streaming,25,51,26,4]", "[hello,40,42,2,2]"));
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).containsExactly(3L, 3L, 5L, 5L, 3L, 6L, 6L, 7L, 4L);
        assertThat(batches).extracting(b -> state(b).numRowsUpdated())
                .containsExactly(3L, 0L, 4L, 0L, 2L, 5L, 0L, 2L, 0L);
        assertThat(batches).extracting(b -> state(b).numRowsRemoved())
                .containsExactly(0L, 0L, 0L, 0L, 2L, 0L, 0L, 0L, 3L);
        assertThat(batches).extracting(b -> state(b).numRowsDroppedByWatermark())
                .containsExactly(0L, 0L, 0L, 2L, 0L, 0L, 0L, 0L, 0L);
    }

    /**
     * SSWS "complete mode - session window": every batch emits every session, the unchanged ones
     * too, and a session merged into another is gone; complete mode runs no no-data batches and
     * evicts nothing. Spark's save exec reports no state store instances in complete mode.
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void completeEmitsEverySessionEveryBatch(boolean restart) {
        List<StreamCase.Batch> batches = sessions(restart, "complete", expr("'10 seconds'"))
                .feed(words("hello world spark streaming", 40L, "world hello structured streaming", 41L))
                .feed(words("spark streaming", 25L))
                .feed(words("spark streaming", 30L))
                .feed(words("hello apache spark", 60L))
                .feed(words("structured streaming", 90L))
                .batches();

        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[hello,40,51,11,2]", "[spark,40,50,10,1]", "[streaming,40,51,11,2]", "[world,40,51,11,2]",
                        "[structured,41,51,10,1]"),
                List.of("[spark,25,35,10,1]", "[streaming,25,35,10,1]", "[hello,40,51,11,2]", "[spark,40,50,10,1]",
                        "[streaming,40,51,11,2]", "[world,40,51,11,2]", "[structured,41,51,10,1]"),
                List.of("[spark,25,50,25,3]", "[streaming,25,51,26,4]", "[hello,40,51,11,2]", "[world,40,51,11,2]",
                        "[structured,41,51,10,1]"),
                List.of("[spark,25,50,25,3]", "[streaming,25,51,26,4]", "[hello,40,51,11,2]", "[world,40,51,11,2]",
                        "[structured,41,51,10,1]", "[apache,60,70,10,1]", "[hello,60,70,10,1]", "[spark,60,70,10,1]"),
                List.of("[spark,25,50,25,3]", "[streaming,25,51,26,4]", "[hello,40,51,11,2]", "[world,40,51,11,2]",
                        "[structured,41,51,10,1]", "[apache,60,70,10,1]", "[hello,60,70,10,1]", "[spark,60,70,10,1]",
                        "[streaming,90,100,10,1]", "[structured,90,100,10,1]"));
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).containsExactly(5L, 7L, 5L, 8L, 10L);
        assertThat(batches).extracting(b -> state(b).numRowsRemoved()).containsExactly(0L, 0L, 2L, 0L, 0L);
        assertThat(batches).extracting(b -> state(b).numStateStoreInstances()).containsOnly(0L);
    }

    /**
     * Not in SSWS, which comments that complete mode ignores the watermark: by Spark's code the
     * session restore exec drops late rows whatever the output mode (IncrementalExecution's
     * WatermarkPropagationRule gives it the late-events watermark in every mode). Complete mode
     * runs no no-data batches, so batch 1 still judges by watermark 0; in batch 2, by 10 s, the
     * row at 0 s is late though a stored session holds its time, and the one at 1 s is not.
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void completeModeDropsRowsWhoseSessionEndedByThePreviousBatchsWatermark(boolean restart) {
        List<StreamCase.Batch> batches = sessions(restart, "complete", expr("'10 seconds'"))
                .feed(row("spark", 40L))
                .feed(row("spark", 0L), row("apache", 0L))
                .feed(row("spark", 0L), row("hello", 1L))
                .batches();

        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[spark,40,50,10,1]"),
                List.of("[apache,0,10,10,1]", "[spark,0,10,10,1]", "[spark,40,50,10,1]"),
                List.of("[apache,0,10,10,1]", "[spark,0,10,10,1]", "[hello,1,11,10,1]", "[spark,40,50,10,1]"));
        assertThat(batches).extracting(b -> state(b).numRowsDroppedByWatermark()).containsExactly(0L, 0L, 1L);
        assertThat(state(batches.get(2)).customMetrics()).containsEntry("numLateInputRows", 1L);
    }

    /**
     * Rows of one key that come together are one partial session, those of the same key at
     * another time another; the late ones each count in {@code numLateInputRows}, and their
     * distinct sessions once. As in the test above, batch 2 judges by batch 1's watermark (11 s).
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void rowsOfAKeyThatComeTogetherCountAsTheirSessionAndLateOnesEachCountAsLate(boolean restart) {
        List<StreamCase.Batch> batches = sessions(restart, "complete", expr("'10 seconds'"))
                .feed(row("spark", 40L))
                .feed(row("spark", 40L), row("spark", 40L), row("apache", 40L), row("spark", 41L), row("spark", 41L))
                .feed(row("spark", 0L), row("spark", 0L), row("apache", 0L), row("apache", 0L), row("spark", 0L),
                        row("hello", 2L))
                .batches();

        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[spark,40,50,10,1]"),
                List.of("[apache,40,50,10,1]", "[spark,40,51,11,5]"),
                List.of("[hello,2,12,10,1]", "[apache,40,50,10,1]", "[spark,40,51,11,5]"));
        assertThat(batches).extracting(b -> state(b).numRowsDroppedByWatermark()).containsExactly(0L, 0L, 2L);
        assertThat(state(batches.get(2)).customMetrics()).containsEntry("numLateInputRows", 5L);
    }

    /**
     * SSWS "session window with first/last function" with Arus's aggregates: rows at 41, 42 and
     * 40 s make one session [40, 52), emitted once rows of another key move the watermark past
     * 52 s; min, max, sum, avg and count of its rows merge as its sessions do.
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void aggregatesOfMergedSessionsMerge(boolean restart) {
        StreamCase run = query(restart, "append", in -> in.withWatermark("eventTime", "30 seconds")
                .groupBy(session_window(col("eventTime"), "10 seconds").as("session"), col("sessionId"))
                .agg(min("eventTime").as("minTime"), max("eventTime").as("maxTime"), sum("t").as("total"),
                        avg("t").as("mean"), count("*").as("n"))
                .selectExpr("sessionId", "CAST(session.start AS BIGINT)", "CAST(session.end AS BIGINT)",
                        "CAST(minTime AS BIGINT)", "CAST(maxTime AS BIGINT)", "total", "mean", "n"));

        run.feed(row("a", 41L)).feed(row("a", 42L)).feed(row("a", 40L)).feed(row("b", 100L)).feed(row("b", 101L));

        assertThat(run.rows()).containsExactly(
                List.of(), List.of(), // 41 s, then the no-data batch of watermark 11 s
                List.of(), List.of(), // 42 s, then 12 s
                List.of(), // 40 s
                List.of(), List.of("[a,40,52,40,42,123,41.0,3]"), // 100 s, then 70 s
                List.of(), List.of()); // 101 s, then 71 s
    }

    /**
     * Spark's session filter: a row without an event time, or whose gap is NULL or not an
     * interval, is left out before the operator, so it does not count as late even when a
     * session of its time would be (as the last row's is).
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void rowsWithoutATimeOrAValidGapBelongToNoSessionAndAreNotLate(boolean restart) {
        Column gap = expr("CASE sessionId WHEN 'none' THEN NULL WHEN 'bad' THEN 'soon' ELSE '10 seconds' END");
        List<StreamCase.Batch> batches = sessions(restart, "complete", gap)
                .feed(row("kept", 45L))
                .feed(row("none", 0L), row("bad", 0L), row("kept", null), row("kept", 50L))
                .feed(row("kept", 0L))
                .batches();

        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(List.of("[kept,45,55,10,1]"),
                List.of("[kept,45,60,15,2]"), List.of("[kept,45,60,15,2]"));
        assertThat(batches).extracting(b -> state(b).numRowsDroppedByWatermark()).containsExactly(0L, 0L, 1L);
    }


    /**
     * Sessions feed a second aggregation in append mode, as Spark chains stateful operators: the
     * sessions the watermark closes go on, in the same batch, to a window of their
     * {@code window_time}, which that batch's watermark closes too. Progress lists the operators
     * from the sink on.
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void closedSessionsFeedAWindowOfTheirWindowTime(boolean restart) {
        StreamCase run = feedTheSuitesLines(query(restart, "append", in -> in.withWatermark("eventTime", "30 seconds")
                .groupBy(session_window(col("eventTime"), "10 seconds").as("session"), col("sessionId")).count()
                .groupBy(window(expr("window_time(session)"), "1 minute")).agg(count("*").as("sessions"))
                .selectExpr("CAST(window.start AS BIGINT)", "sessions")));

        assertThat(run.rows()).containsExactly(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of("[0,5]"));
        assertThat(run.batches().get(8).progress().stateOperators()).extracting(StateOperatorProgress::operatorName)
                .containsExactly("stateStoreSave", "sessionWindowStateStoreSaveExec");
    }

    /** A session's end is its row's time plus the gap, which overflows as Spark's timestamp + interval. */
    @Test
    void aSessionEndingBeyondTheLastTimestampFailsTheQuery() {
        StreamCase run = sessions(false, "complete", expr("'1 day'"));

        run.feed(row("a", 9_223_372_036_854L));

        assertThat(run.driver().query().exception()).get().extracting(StreamingQueryException::causeErrorClass)
                .isEqualTo("ARITHMETIC_OVERFLOW");
    }

    /**
     * By Spark's code, when the watermark is on another grouping key than the session window's
     * time, that key's value decides: a session is late, or closed, when its key is at or before
     * the watermark, whatever its end.
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void aWatermarkedKeyBesideTheSessionDecidesWhenItsSessionsClose(boolean restart) {
        StreamCase run = query(restart, "append", in -> in.withColumn("bucket", expr("timestamp_seconds(t - t % 10)"))
                .withWatermark("bucket", "0 seconds")
                .groupBy(session_window(col("eventTime"), "3 seconds"), col("bucket")).count()
                .selectExpr("CAST(bucket AS BIGINT)", "CAST(session_window.start AS BIGINT)",
                        "CAST(session_window.end AS BIGINT)", "count"));

        run.feed(row("a", 101L), row("a", 102L)).feed(row("a", 112L)).feed(row("a", 105L));

        assertThat(run.rows()).containsExactly(
                List.of(), List.of("[100,101,105,2]"), // 101 and 102 s, then the no-data batch of watermark 100 s
                List.of(), List.of("[110,112,115,1]"), // 112 s, then 110 s
                List.of()); // 105 s, late by its key
        assertThat(run.batches()).extracting(b -> state(b).numRowsDroppedByWatermark())
                .containsExactly(0L, 0L, 0L, 0L, 1L);
    }

    /**
     * The state as its files keep it, a snapshot every 10 versions and deltas between: 14 batches
     * of rows of three keys at random times around a clock that moves 10 s a batch (some late,
     * some merging sessions of earlier batches) give the same rows and figures when the query is
     * restarted from its checkpoint after every batch as when it runs straight through.
     */
    @Test
    void aRunRestartedAfterEveryBatchMatchesAStraightOneAcrossStateSnapshots() {
        Random random = new Random(15);
        List<Object[][]> input = new ArrayList<>();
        for (int batch = 0; batch < 14; batch++) {
            Object[][] rows = new Object[6][];
            for (int r = 0; r < rows.length; r++) {
                rows[r] = row(List.of("a", "b", "c").get(random.nextInt(3)), 10L * batch + random.nextInt(56) - 40);
            }
            input.add(rows);
        }
        StreamCase straight = sessions(false, "append", expr("'4 seconds'"));
        StreamCase restarted = sessions(true, "append", expr("'4 seconds'"));
        input.forEach(rows -> {
            straight.feed(rows);
            restarted.feed(rows);
        });

        assertThat(restarted.rows()).isEqualTo(straight.rows());
        assertThat(figures(restarted)).isEqualTo(figures(straight));
        assertThat(directory.resolve("case-1/checkpoint/state/0/0/10.snapshot")).exists();
        assertThat(straight.rows().stream().mapToInt(List::size).sum()).isGreaterThan(10);
        assertThat(straight.batches()).extracting(b -> state(b).numRowsDroppedByWatermark()).anyMatch(n -> n > 0);
    }

    private static List<List<Long>> figures(StreamCase run) {
        return run.batches().stream().map(SessionWindowTest::state).map(s -> List.of(s.numRowsTotal(),
                s.numRowsUpdated(), s.numRowsRemoved(), s.numRowsDroppedByWatermark())).toList();
    }

    /**
     * A key's sessions all live in the state partition of its other key values, so they merge
     * whichever slot their rows come from and whenever they start: here 3 state partitions, rows
     * of each key from both input partitions, and each batch's session touching the last.
     */
    @Test
    void sessionsOfAKeyMergeInOneStatePartitionWhereverTheirRowsComeFrom() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH, 3)) {
            StreamFrame sessions = driver.session().readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 6).option("numPartitions", 2).option("startTimestamp", 0)
                    .option("advanceMillisPerBatch", 1000).load()
                    .groupBy(session_window(col("timestamp"), "2 seconds"), expr("value % 3 AS k")).count()
                    .selectExpr("k", "CAST(session_window.start AS BIGINT)", "CAST(session_window.end AS BIGINT)",
                            "count");
            driver.startRecording(sessions, w -> w.outputMode("complete"));

            driver.runBatches(3);

            assertThat(driver.rowsOf(2)).as(driver.history()).extracting(Row::toString)
                    .containsExactlyInAnyOrder("[0,0,4,6]", "[1,0,4,6]", "[2,0,4,6]");
            assertThat(driver.progress()).extracting(p -> p.stateOperators().get(0).numRowsTotal())
                    .containsExactly(3L, 3L, 3L);
        }
    }

    @Test
    void namesTheColumnSessionWindowUnlessAliased() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH)) {
            StreamFrame rate = driver.session().readStream().format("rate").load();
            assertThat(rate.groupBy(session_window(col("timestamp"), "5 seconds"), col("value")).count().columns())
                    .containsExactly("session_window", "value", "count");
            assertThat(rate.groupBy(col("value"), expr("session_window(timestamp, INTERVAL 5 SECONDS) AS visit"))
                    .count().columns()).containsExactly("value", "visit", "count");
        }
    }

    @Test
    void refusesWhatSparkRefusesWithSparksWords() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH)) {
            StreamFrame rate = driver.session().readStream().format("rate").load()
                    .withWatermark("timestamp", "10 seconds");
            Column session = session_window(col("timestamp"), "5 seconds");

            assertThatThrownBy(() -> driver.startRecording(rate.groupBy(session, col("value")).count(),
                    w -> w.outputMode("update")))
                    .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                            .isEqualTo("STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION"))
                    .hasMessage("[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: update."
                            + " This output mode is not supported for session window on streaming DataFrames/DataSets."
                            + " SQLSTATE: 42KDE");
            assertThatThrownBy(() -> rate.groupBy(session).count())
                    .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                            .isEqualTo(AnalysisException.UNSUPPORTED_STREAMING_OPERATION))
                    .hasMessage("Global aggregation with session window in streaming query is not supported.");
            assertThatThrownBy(() -> rate.groupBy(session, window(col("timestamp"), "5 seconds"), col("value"))
                    .count())
                    .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                            .isEqualTo("MULTIPLE_TIME_WINDOWS"))
                    .hasMessage("Multiple time/session window expressions would result in a cartesian product "
                            + "of rows, therefore they are currently not supported.");
            StreamFrame withoutWatermark = driver.session().readStream().format("rate").load()
                    .groupBy(session, col("value")).count();
            assertThatThrownBy(() -> driver.startRecording(withoutWatermark, w -> w.outputMode("append")))
                    .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                            .isEqualTo("STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION"))
                    .hasMessageContaining("not supported for streaming aggregations without watermark");
            assertThatThrownBy(() -> rate.groupBy(session_window(col("timestamp"), col("value")), col("value"))
                    .count())
                    .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                            .isEqualTo("_LEGACY_ERROR_TEMP_1040"))
                    .hasMessage("Gap duration expression used in session window must be CalendarIntervalType, but "
                            + "got LongType.");
            assertThatThrownBy(() -> rate.select(expr("session_window(timestamp, '5 seconds')")))
                    .isInstanceOf(AnalysisException.class)
                    .hasMessageContaining("session_window(...) is only supported as a groupBy key");
        }
    }

    /** Where Arus differs: Spark takes a constant gap that is no positive interval and leaves every row out. */
    @Test
    void refusesAConstantGapThatIsNoPositiveInterval() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH)) {
            StreamFrame rate = driver.session().readStream().format("rate").load();
            for (String gap : List.of("0 seconds", "-5 minutes", "5 minuts")) {
                assertThatThrownBy(() -> rate.groupBy(session_window(col("timestamp"), gap), col("value")).count())
                        .as(gap)
                        .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                                .isEqualTo("INVALID_SESSION_GAP"))
                        .hasMessageContaining("'" + gap + "'");
            }
        }
    }

    @Test
    void refusesTheCheckpointOfAnotherAggregation(@TempDir Path checkpoint) {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH)) {
            StreamFrame rows = driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", 2)
                    .load().withWatermark("timestamp", "10 seconds");
            driver.startRecording(rows.groupBy(window(col("timestamp"), "5 seconds"), col("value")).count(),
                    w -> w.outputMode("append").option("checkpointLocation", checkpoint.toString()));
            driver.runBatches(1);
            driver.query().stop();

            assertThatThrownBy(() -> driver.startRecording(
                    rows.groupBy(session_window(col("timestamp"), "5 seconds"), col("value")).count(),
                    w -> w.outputMode("append").option("checkpointLocation", checkpoint.toString())))
                    .isInstanceOfSatisfying(CheckpointException.class, e -> assertThat(e.errorClass())
                            .isEqualTo(CheckpointException.INCOMPATIBLE))
                    .hasMessageContaining("its aggregation differs")
                    .hasMessageContaining("groupBy(session_window(timestamp, 5 seconds), value)");
        }
    }
}
