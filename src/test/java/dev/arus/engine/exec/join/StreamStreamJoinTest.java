package dev.arus.engine.exec.join;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static dev.arus.engine.testing.StreamCase.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.testing.StreamCase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spark's stream-stream join batch by batch, on the golden cases of its
 * {@code StreamingJoinSuite}: which batch emits each pair and each outer row, the no-data batches a
 * moving watermark runs, the rows each side keeps and when they leave, and the state figures. The
 * two sides are two streams of the event log, a batch's worth appended before each trigger. Cases
 * also run restarted from their checkpoint after every batch; as in Spark, a restart keeps the
 * global watermark but forgets each input's own, so an input without rows since holds it back.
 */
class StreamStreamJoinTest {

    private static final String PAIRS = "k INT, t BIGINT";

    @TempDir
    Path directory;

    private final List<StreamCase> cases = new ArrayList<>();

    @AfterEach
    void close() {
        cases.forEach(StreamCase::close);
    }

    private StreamCase query(boolean restart, Function<List<StreamFrame>, StreamFrame> query) {
        StreamCase run = new StreamCase(directory.resolve("case-" + cases.size()), List.of(PAIRS, PAIRS), restart,
                query, w -> w.outputMode("append"));
        cases.add(run);
        return run;
    }

    /** A side of Spark's range-condition cases: key, event time from seconds, key times {@code multiplier}, watermarked. */
    private static StreamFrame side(StreamFrame input, String prefix, int multiplier, String delay) {
        return input.select(col("k").as(prefix + "Key"), expr("timestamp_seconds(t)").as(prefix + "Time"),
                        expr("k * " + multiplier).as(prefix + "Value"))
                .withWatermark(prefix + "Time", delay);
    }

    private static Object[][] keyed(int key, long... times) {
        return IntStream.range(0, times.length).mapToObj(i -> row(key, times[i])).toArray(Object[][]::new);
    }

    private static StateOperatorProgress state(StreamCase.Batch batch) {
        return batch.progress().stateOperators().get(0);
    }

    private static List<List<String>> sortedRows(List<StreamCase.Batch> batches) {
        return batches.stream().map(batch -> batch.rows().stream().sorted().toList()).toList();
    }

    /**
     * Rounds of 100 left rows, ten per key, then a right row per key that matches its round's
     * left rows only: each right row meets its key's rows in the order they came, round after
     * round, while the rows of past rounds leave the state and their slots are packed away
     * (straight through, and restarted from the checkpoint after every batch).
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void aKeysRowsAreFoundInArrivalOrderAsEvictedRowsArePackedAway(boolean restart) {
        StreamCase run = query(restart, in -> side(in.get(0), "left", 1, "0 seconds")
                .join(side(in.get(1), "right", 1, "0 seconds"), expr("leftKey = rightKey AND leftTime BETWEEN "
                        + "rightTime - INTERVAL 20 SECONDS AND rightTime"))
                .select(col("leftKey"), expr("CAST(leftTime AS INT)"), expr("CAST(rightTime AS INT)")));
        List<List<String>> expected = new ArrayList<>();
        for (int round = 0; round < 6; round++) {
            int base = 1000 + round * 100;
            run.feed(0, IntStream.range(0, 100).mapToObj(i -> row(i % 10, (long) base + i / 10))
                    .toArray(Object[][]::new));
            run.feed(1, IntStream.range(0, 10).mapToObj(k -> row(k, (long) base + 9)).toArray(Object[][]::new));
            expected.add(IntStream.range(0, 100).mapToObj(i -> "[" + i / 10 + "," + (base + i % 10) + "," + (base + 9)
                    + "]").toList());
        }
        List<StreamCase.Batch> batches = run.batches();

        assertThat(batches.stream().map(StreamCase.Batch::rows).filter(rows -> !rows.isEmpty()).toList())
                .isEqualTo(expected);
        // a restart forgets each input's own watermark, and here every batch restarts: none is evicted
        assertThat(state(batches.get(batches.size() - 1)).numRowsTotal()).isLessThanOrEqualTo(restart ? 660L : 220L);
    }

    /**
     * Rounds of 5,000 left rows, enough for a segment of the index each, seven rows a key a
     * round, then a right row per key that matches its key's rows of the last rounds (three, or
     * eight: a segment is then looked into more often than it is scanned before being indexed):
     * each right row meets them round by round, each round's in the order they came, while the
     * rounds before leave the state, their segments are dropped and the slots packed away
     * (straight through, and restarted from the checkpoint after every batch, which puts every
     * loaded row in one segment).
     */
    @ParameterizedTest(name = "restarted after every batch: {0}, rounds matched: {1}")
    @CsvSource({"false, 3", "true, 3", "false, 8", "true, 8"})
    void aKeysRowsInSeveralSegmentsAreFoundInArrivalOrder(boolean restart, int roundsMatched) {
        StreamCase run = query(restart, in -> side(in.get(0), "left", 1, "0 seconds")
                .join(side(in.get(1), "right", 1, "0 seconds"), expr("leftKey = rightKey AND leftTime BETWEEN "
                        + "rightTime - INTERVAL " + (roundsMatched * 10 - 5) + " SECONDS AND rightTime"))
                .select(col("leftKey"), expr("CAST(leftTime AS INT)"), expr("CAST(rightTime AS INT)")));
        int keys = 700;
        List<List<String>> expected = new ArrayList<>();
        for (int round = 0; round < 12; round++) {
            int base = 1000 + round * 10;
            run.feed(0, IntStream.range(0, 5000).mapToObj(i -> row(i % keys, (long) base + i / 1000))
                    .toArray(Object[][]::new));
            run.feed(1, IntStream.range(0, keys).mapToObj(k -> row(k, (long) base + 5)).toArray(Object[][]::new));
            List<String> pairs = new ArrayList<>();
            for (int key = 0; key < keys; key++) {
                for (int past = Math.max(0, round - roundsMatched + 1); past <= round; past++) {
                    for (int i = key; i < 5000; i += keys) {
                        pairs.add("[" + key + "," + (1000 + past * 10 + i / 1000) + "," + (base + 5) + "]");
                    }
                }
            }
            expected.add(pairs);
        }
        List<StreamCase.Batch> batches = run.batches();

        assertThat(batches.stream().map(StreamCase.Batch::rows).filter(rows -> !rows.isEmpty()).toList())
                .isEqualTo(expected);
        if (!restart) {
            assertThat(state(batches.get(batches.size() - 1)).numRowsTotal())
                    .isLessThanOrEqualTo(roundsMatched * (5000L + keys));
        }
    }

    /**
     * Rounds of 5,000 left rows whose keys grow round by round (even keys only, and a row with a
     * NULL key), a segment each, then right rows probing one past round's keys at a time: its
     * first and last key, each alone, which match, then the keys just outside and between them
     * and a NULL key, which do not.
     * A run of probes skips the segments whose keys' range misses its keys', and must still find
     * its own round's edge keys, for a key of one long, of two fields and of strings (numbered in
     * order of arrival), straight through and restarted from the checkpoint after every batch
     * (every loaded row in one segment).
     */
    @ParameterizedTest(name = "key: {0}, restarted after every batch: {1}")
    @CsvSource({"leftKey = rightKey, false", "leftKey = rightKey, true",
        "leftKey = rightKey AND leftValue = rightValue, false",
        "leftKey = rightKey AND leftValue = rightValue, true",
        "CAST(leftKey AS STRING) = CAST(rightKey AS STRING), false"})
    void probesFindTheEdgeKeysOfSegmentsWhoseKeysGrowWithTime(String keys, boolean restart) {
        StreamCase run = query(restart, in -> side(in.get(0), "left", -3, "0 seconds")
                .join(side(in.get(1), "right", -3, "0 seconds"), expr(keys + " AND leftTime BETWEEN "
                        + "rightTime - INTERVAL 25 SECONDS AND rightTime"))
                .select(col("leftKey"), expr("CAST(leftTime AS INT)"), expr("CAST(rightTime AS INT)")));
        List<List<String>> expected = new ArrayList<>();
        for (int round = 0; round < 8; round++) {
            int base = 1000 + round * 10;
            int firstKey = round * 10_000;
            List<Object[]> left = new ArrayList<>(IntStream.range(0, 5000)
                    .mapToObj(i -> row(firstKey + 2 * i, (long) base + i / 1000)).toList());
            left.add(2500, row(null, (long) base + 2));
            run.feed(0, left.toArray(Object[][]::new));
            // the rounds within 25 s, oldest first: each edge key alone in a batch, then the keys that miss
            long probeTime = base + 5;
            for (int past = Math.max(0, round - 2); past <= round; past++) {
                int first = past * 10_000;
                int last = first + 9998;
                run.feed(1, row(first, probeTime));
                expected.add(List.of("[" + first + "," + (1000 + past * 10) + "," + probeTime + "]"));
                run.feed(1, row(last, probeTime));
                expected.add(List.of("[" + last + "," + (1000 + past * 10 + 4) + "," + probeTime + "]"));
                run.feed(1, row(first - 1, probeTime), row(first + 1, probeTime), row(null, probeTime),
                        row(last + 1, probeTime));
            }
        }

        assertThat(sortedRows(run.batches()).stream().filter(rows -> !rows.isEmpty()).toList()).isEqualTo(expected);
    }

    /**
     * Rounds of 40 right rows of new keys, then 240 left rows of which 40 have those keys: most
     * left rows find no key on the right side, and the 40 that do still meet their rows, round
     * after round, while past rounds' right rows leave and are packed away (straight through, and
     * restarted from the checkpoint after every batch).
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void rowsThatMostlyFindNoKeyStillMeetTheKeysTheOtherSideGained(boolean restart) {
        StreamCase run = query(restart, in -> side(in.get(0), "left", 1, "0 seconds")
                .join(side(in.get(1), "right", 1, "0 seconds"), expr("leftKey = rightKey AND leftTime BETWEEN "
                        + "rightTime - INTERVAL 20 SECONDS AND rightTime"))
                .select(col("leftKey"), expr("CAST(leftTime AS INT)"), expr("CAST(rightTime AS INT)")));
        List<List<String>> expected = new ArrayList<>();
        for (int round = 0; round < 8; round++) {
            int base = 1000 + round * 100;
            int firstKey = round * 1000;
            run.feed(1, IntStream.range(0, 40).mapToObj(k -> row(firstKey + k, (long) base + 9))
                    .toArray(Object[][]::new));
            run.feed(0, IntStream.range(0, 240).mapToObj(i -> row(i < 40 ? firstKey + i : 100_000 + firstKey + i,
                    (long) base + 5)).toArray(Object[][]::new));
            expected.add(IntStream.range(0, 40).mapToObj(k -> "[" + (firstKey + k) + "," + (base + 5) + ","
                    + (base + 9) + "]").sorted().toList());
        }

        assertThat(sortedRows(run.batches()).stream().filter(rows -> !rows.isEmpty()).toList()).isEqualTo(expected);
    }

    /**
     * SJS "stream stream inner join with time range - with watermark - two side conditions": left
     * rows wait 10 s behind the watermark, right rows 5 s, each side's rows are late behind the
     * one global watermark, the least of the two sides' (20 s and 30 s delays). Written with
     * BETWEEN, the range bounds the state the same way, as Spark's optimizer splits it.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "leftTime >= rightTime - INTERVAL 10 SECONDS AND leftTime <= rightTime + INTERVAL 5 SECONDS",
        "leftTime BETWEEN rightTime - INTERVAL 10 SECONDS AND rightTime + INTERVAL 5 SECONDS"})
    void innerJoinWithATwoSidedTimeRangeEvictsEachSideByItsBound(String range) {
        List<StreamCase.Batch> batches = query(false, in -> side(in.get(0), "left", 2, "20 seconds")
                .join(side(in.get(1), "right", 3, "30 seconds"), expr("leftKey = rightKey AND " + range))
                .select(col("leftKey"), expr("CAST(leftTime AS INT)"), expr("CAST(rightTime AS INT)")))
                .feed(0, keyed(1, 20))
                .feed(1, keyed(1, 14, 15, 25, 26, 30, 31))
                .feed(1, keyed(1, 60))
                .feed(0, keyed(1, 49, 50, 65, 66))
                .feed(0, keyed(1, 30, 31))
                .feed(1, keyed(1, 80))
                .feed(1, keyed(1, 46, 50))
                .batches();

        assertThat(sortedRows(batches)).containsExactly(
                List.of(),
                List.of("[1,20,15]", "[1,20,25]", "[1,20,26]", "[1,20,30]"),
                List.of(),
                List.of("[1,50,60]", "[1,65,60]"),
                List.of(), // no-data: the watermark reached 30 s, right rows at or before 24.999 s leave
                List.of("[1,31,26]", "[1,31,30]", "[1,31,31]"), // 30 is late
                List.of(),
                List.of(), // no-data at 46 s: left rows up to 35.999 s, right up to 40.999 s leave
                List.of("[1,49,50]", "[1,50,50]")); // 46 is late
        assertThat(batches).extracting(b -> state(b).operatorName()).containsOnly("symmetricHashJoin");
        assertThat(batches).extracting(b -> b.progress().numInputRows()).containsExactly(1L, 6L, 1L, 4L, 0L, 2L, 1L,
                0L, 2L);
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).containsExactly(1L, 7L, 8L, 12L, 10L, 11L, 12L,
                6L, 7L);
        assertThat(batches).extracting(b -> state(b).numRowsUpdated()).containsExactly(1L, 6L, 1L, 4L, 0L, 1L, 1L,
                0L, 1L);
        assertThat(batches).extracting(b -> state(b).numRowsRemoved()).containsExactly(0L, 0L, 0L, 0L, 2L, 0L, 0L,
                6L, 0L);
        assertThat(batches).extracting(b -> state(b).numRowsDroppedByWatermark()).containsExactly(0L, 0L, 0L, 0L, 0L,
                1L, 0L, 0L, 1L);
        assertThat(batches).extracting(b -> b.progress().eventTime().get("watermark")).containsExactly(
                "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z",
                "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:30.000Z", "1970-01-01T00:00:30.000Z",
                "1970-01-01T00:00:30.000Z", "1970-01-01T00:00:46.000Z", "1970-01-01T00:00:46.000Z");
        assertThat(state(batches.get(0)).numStateStoreInstances()).isEqualTo(4L * state(batches.get(0))
                .numShufflePartitions());
    }

    private List<StreamCase.Batch> rangeOuterJoin(boolean restart, String type) {
        return query(restart, in -> side(in.get(0), "left", 2, "10 seconds")
                .join(side(in.get(1), "right", 3, "10 seconds"), expr("leftKey = rightKey AND leftTime >= "
                        + "rightTime - INTERVAL 5 SECONDS AND leftTime <= rightTime + INTERVAL 5 SECONDS"), type)
                .select(col("leftKey"), col("rightKey"), expr("CAST(leftTime AS INT)"),
                        expr("CAST(rightTime AS INT)")))
                .feed(0, row(1, 5L), row(3, 5L))
                .feed(1, row(1, 10L), row(2, 5L))
                .feed(1, row(1, 11L))
                .feed(0, row(1, 7L), row(1, 30L))
                .feed(1, row(0, 30L))
                .batches();
    }

    /**
     * SJS "left outer with watermark range condition": a left row that never matched comes out
     * with nulls in the batch whose watermark evicts it, the no-data batch after the watermark
     * passed its time plus the range; matched rows leave silently.
     */
    @Test
    void leftOuterJoinEmitsAnUnmatchedLeftRowWhenTheWatermarkEvictsIt() {
        List<StreamCase.Batch> batches = rangeOuterJoin(false, "left_outer");

        assertThat(sortedRows(batches)).containsExactly(
                List.of(),
                List.of("[1,1,5,10]"),
                List.of(),
                List.of("[1,1,7,10]", "[1,1,7,11]"),
                List.of(), // no-data at 1 s: nothing at or before -4.001 s
                List.of(),
                List.of("[3,null,5,null]")); // no-data at 20 s
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).containsExactly(2L, 4L, 5L, 7L, 7L, 8L, 2L);
        assertThat(batches).extracting(b -> state(b).numRowsUpdated()).containsExactly(2L, 2L, 1L, 2L, 0L, 1L, 0L);
        // Spark counts only the cleanup of the inner side; the evicted outer rows are not "removed".
        assertThat(state(batches.get(6)).numRowsRemoved()).isEqualTo(3L);
    }

    /**
     * Thousands of left rows whose times interleave leave as the watermark passes each time, in
     * whichever runs of slots they lie: those unmatched come out with NULLs, all of them, once, in
     * the order they came.
     */
    @Test
    void unmatchedLeftRowsOfInterleavedTimesAllComeOutAsTheWatermarkPassesEach() {
        StreamCase run = query(false, in -> side(in.get(0), "left", 2, "0 seconds")
                .join(side(in.get(1), "right", 3, "0 seconds"), expr("leftKey = rightKey AND leftTime BETWEEN "
                        + "rightTime - INTERVAL 5 SECONDS AND rightTime + INTERVAL 5 SECONDS"), "left_outer")
                .select(col("leftKey"), col("rightKey"), expr("CAST(leftTime AS INT)"), expr("CAST(rightTime AS INT)")));
        int rows = 3000;
        run.feed(0, IntStream.range(0, rows).mapToObj(i -> row(i, 100L + i % 3 * 10)).toArray(Object[][]::new))
                .feed(1, row(-1, 100L));
        int before = run.batches().size();
        run.add(0, row(-2, 116L)).add(1, row(-3, 116L)).run();
        List<String> firstTwoTimes = emitted(run.batches().subList(before, run.batches().size()));
        before = run.batches().size();
        run.add(0, row(-4, 131L)).add(1, row(-5, 131L)).run();
        List<String> lastTime = emitted(run.batches().subList(before, run.batches().size()));

        assertThat(firstTwoTimes).hasSize(2 * rows / 3).containsExactlyElementsOf(IntStream.range(0, rows)
                .filter(i -> i % 3 < 2).mapToObj(i -> "[" + i + ",null," + (100 + i % 3 * 10) + ",null]").toList());
        List<String> lastExpected = new ArrayList<>(IntStream.range(0, rows).filter(i -> i % 3 == 2)
                .mapToObj(i -> "[" + i + ",null,120,null]").toList());
        lastExpected.add("[-2,null,116,null]");
        assertThat(lastTime).containsExactlyElementsOf(lastExpected);
        assertThat(state(run.batches().get(run.batches().size() - 1)).numRowsTotal()).isEqualTo(2L);
    }

    /**
     * A row without an event time never leaves the state, as in Spark, whose eviction predicate
     * is then NULL: the watermark evicts the unmatched row beside it, which comes out with NULLs,
     * but the row without a time neither comes out nor leaves (straight through, and restarted
     * from the checkpoint after every batch, which finds each row's leaving time again).
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void aRowWithoutAnEventTimeNeverLeavesTheState(boolean restart) {
        StreamCase run = query(restart, in -> side(in.get(0), "left", 2, "10 seconds")
                .join(side(in.get(1), "right", 3, "10 seconds"), expr("leftKey = rightKey AND leftTime BETWEEN "
                        + "rightTime - INTERVAL 5 SECONDS AND rightTime + INTERVAL 5 SECONDS"), "left_outer")
                .select(col("leftKey"), col("rightKey"), expr("CAST(leftTime AS INT)"), expr("CAST(rightTime AS INT)")));
        run.feed(0, row(1, 5L), row(2, null), row(3, 6L));
        run.add(0, row(4, 60L)).add(1, row(0, 60L)).run();
        List<StreamCase.Batch> batches = run.batches();

        assertThat(emitted(batches)).containsExactly("[1,null,5,null]", "[3,null,6,null]");
        assertThat(state(batches.get(batches.size() - 1)).numRowsTotal()).isEqualTo(3L);
    }

    private static List<String> emitted(List<StreamCase.Batch> batches) {
        return batches.stream().flatMap(batch -> batch.rows().stream()).toList();
    }

    /** SJS's right outer variant of the same inputs: the right side's unmatched (2, 5) comes out. */
    @Test
    void rightOuterJoinEmitsAnUnmatchedRightRowWhenTheWatermarkEvictsIt() {
        List<StreamCase.Batch> batches = rangeOuterJoin(false, "right_outer");

        assertThat(sortedRows(batches)).containsExactly(List.of(), List.of("[1,1,5,10]"), List.of(),
                List.of("[1,1,7,10]", "[1,1,7,11]"), List.of(), List.of(), List.of("[null,2,null,5]"));
    }

    /**
     * The left outer case restarted after every batch: the watermark never leaves 0, since after
     * each restart the side without rows counts as 0 under the {@code min} policy (Spark's
     * {@code WatermarkTracker} keeps no input's watermark across runs), so (3, 5) never comes out.
     */
    @Test
    void aRestartForgetsEachInputsOwnWatermarkAsSparkDoes() {
        List<StreamCase.Batch> batches = rangeOuterJoin(true, "left_outer");

        assertThat(sortedRows(batches)).containsExactly(List.of(), List.of("[1,1,5,10]"), List.of(),
                List.of("[1,1,7,10]", "[1,1,7,11]"), List.of());
        assertThat(batches).extracting(b -> b.progress().eventTime().get("watermark"))
                .containsOnly("1970-01-01T00:00:00.000Z");
        assertThat(state(batches.get(4)).numRowsTotal()).isEqualTo(8L);
    }

    /**
     * The left outer case under {@code multipleWatermarkPolicy} {@code max}: the query's watermark
     * follows the faster input (and a side's own negative watermark does not hold it back), so the
     * no-data batches come earlier and (3, 5) comes out two batches sooner.
     */
    @Test
    void theMaxPolicyFollowsTheFasterInput() {
        StreamCase run = new StreamCase(directory.resolve("max"), List.of(PAIRS, PAIRS), false,
                in -> side(in.get(0), "left", 2, "10 seconds")
                        .join(side(in.get(1), "right", 3, "10 seconds"), expr("leftKey = rightKey AND leftTime >= "
                                + "rightTime - INTERVAL 5 SECONDS AND leftTime <= rightTime + INTERVAL 5 SECONDS"),
                                "left_outer")
                        .select(col("leftKey"), col("rightKey"), expr("CAST(leftTime AS INT)"),
                                expr("CAST(rightTime AS INT)")),
                w -> w.outputMode("append").option("spark.sql.streaming.multipleWatermarkPolicy", "max"));
        cases.add(run);
        List<StreamCase.Batch> batches = run.feed(0, row(1, 5L), row(3, 5L))
                .feed(1, row(1, 10L), row(2, 5L))
                .feed(1, row(1, 11L))
                .feed(0, row(1, 7L), row(1, 30L))
                .feed(1, row(0, 30L))
                .batches();

        assertThat(sortedRows(batches)).containsExactly(List.of(), List.of("[1,1,5,10]"), List.of(),
                List.of(), // no-data at 1 s: the right side's 1 s beats the left's -5 s
                List.of("[1,1,7,10]", "[1,1,7,11]"),
                List.of("[3,null,5,null]"), // no-data at 20 s, the left side's
                List.of());
        assertThat(batches).extracting(b -> b.progress().eventTime().get("watermark")).containsExactly(
                "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z",
                "1970-01-01T00:00:01.000Z", "1970-01-01T00:00:01.000Z", "1970-01-01T00:00:20.000Z",
                "1970-01-01T00:00:20.000Z");
    }

    /** Full outer does both sides: (3, 5) from the left and (2, 5) from the right. */
    @Test
    void fullOuterJoinEmitsTheUnmatchedRowsOfBothSides() {
        List<StreamCase.Batch> batches = rangeOuterJoin(false, "full_outer");

        assertThat(batches.get(6).rows()).containsExactlyInAnyOrder("[3,null,5,null]", "[null,2,null,5]");
        assertThat(state(batches.get(6)).numRowsRemoved()).isZero();
    }

    /**
     * An aggregation after the join closes its windows by the join's output watermark, not the
     * query's (Spark's {@code PropagateWatermarkSimulator}, as in its MultiStatefulOperatorsSuite's
     * "stream-stream time interval join -> time window agg"): the least of the join's input watermark
     * and its sides' state watermarks, here the query's less 10.001 s, since a left row 10 s older
     * than a right row can still join it. The query's watermark reaches 43 s in the no-data batch 3,
     * past the first window's end (35 s), but the join's reaches only 32.999 s; both windows close
     * in the no-data batch 5 (48.999 s).
     */
    @Test
    void anAggregationAfterTheJoinClosesItsWindowsByTheJoinsOutputWatermark() {
        StreamCase run = query(false, in -> side(in.get(0), "left", 2, "1 second")
                .join(side(in.get(1), "right", 3, "1 second"), expr("leftKey = rightKey AND leftTime BETWEEN "
                        + "rightTime - INTERVAL 10 SECONDS AND rightTime"))
                .groupBy(window(col("leftTime"), "5 seconds")).count()
                .select(expr("CAST(window.start AS INT)"), col("count")));
        run.add(0, row(1, 32L)).add(1, row(1, 33L)).run();
        run.add(0, row(1, 44L)).add(1, row(1, 45L)).run();
        run.add(0, row(1, 60L)).add(1, row(1, 60L)).run();
        List<StreamCase.Batch> batches = run.batches();

        assertThat(sortedRows(batches)).containsExactly(List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of("[30,1]", "[40,1]"));
        assertThat(batches).extracting(b -> b.progress().eventTime().get("watermark")).containsExactly(
                "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:31.000Z", "1970-01-01T00:00:31.000Z",
                "1970-01-01T00:00:43.000Z", "1970-01-01T00:00:43.000Z", "1970-01-01T00:00:59.000Z");
    }

    /**
     * SPARK-49829: a left row is stored even when this batch's watermark evicts it, since the
     * batch's right rows are joined after it and may match it; it leaves at the batch's end.
     * Batch 1's watermark moved to 10 s since batch 0 (no no-data batch between): the left row at
     * 8 s is not late (the previous watermark was 0) but the state keeps left rows only after
     * 8.999 s; the right row at 9 s still matches it. A right row evicted in its batch is not
     * stored: no later left row can match it.
     */
    @Test
    void aLeftRowThatItsOwnBatchEvictsStillMatchesThatBatchsRightRows() {
        StreamCase run = query(false, in -> side(in.get(0), "left", 2, "0 seconds")
                .join(side(in.get(1), "right", 3, "0 seconds"), expr("leftKey = rightKey AND rightTime BETWEEN "
                        + "leftTime AND leftTime + INTERVAL 1 SECOND"))
                .select(col("leftKey"), expr("CAST(leftTime AS INT)"), expr("CAST(rightTime AS INT)")));
        run.add(0, row(0, 10L)).add(1, row(0, 10L)).runOne();
        run.add(0, row(1, 8L)).add(1, row(1, 9L)).run();
        List<StreamCase.Batch> batches = run.batches();

        assertThat(sortedRows(batches)).containsExactly(List.of("[0,10,10]"), List.of("[1,8,9]"));
        assertThat(batches).extracting(b -> b.progress().eventTime().get("watermark")).containsExactly(
                "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:10.000Z");
        assertThat(batches).extracting(b -> state(b).numRowsUpdated()).containsExactly(2L, 1L);
        assertThat(batches).extracting(b -> state(b).numRowsRemoved()).containsExactly(0L, 1L);
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).containsExactly(2L, 2L);
        assertThat(batches).extracting(b -> state(b).numRowsDroppedByWatermark()).containsExactly(0L, 0L);
    }

    /**
     * Left semi: each left row at most once, when its first match arrives, however many follow.
     * As in Spark 4.2 (SPARK-55973), the right side's rows are joined first, and a stored left row
     * they match leaves the state at once, counted as removed: (1, 5) in batch 1. A left row that
     * matches on arrival is not kept: (1, 7) in batch 3.
     */
    @Test
    void leftSemiJoinEmitsEachLeftRowOnceAtItsFirstMatch() {
        List<StreamCase.Batch> batches = query(false, in -> side(in.get(0), "left", 2, "10 seconds")
                .join(side(in.get(1), "right", 3, "10 seconds"), expr("leftKey = rightKey AND leftTime >= "
                        + "rightTime - INTERVAL 5 SECONDS AND leftTime <= rightTime + INTERVAL 5 SECONDS"), "left_semi")
                .select(col("leftKey"), expr("CAST(leftTime AS INT)"), col("leftValue")))
                .feed(0, row(1, 5L), row(3, 5L))
                .feed(1, row(1, 10L), row(2, 5L))
                .feed(1, row(1, 11L))
                .feed(0, row(1, 7L), row(1, 30L))
                .feed(1, row(0, 30L))
                .batches();

        assertThat(sortedRows(batches)).containsExactly(List.of(), List.of("[1,5,2]"), List.of(), List.of("[1,7,2]"),
                List.of(), List.of(), List.of());
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).containsExactly(2L, 3L, 4L, 5L, 5L, 6L, 2L);
        assertThat(batches).extracting(b -> state(b).numRowsUpdated()).containsExactly(2L, 2L, 1L, 1L, 0L, 1L, 0L);
        assertThat(batches).extracting(b -> state(b).numRowsRemoved()).containsExactly(0L, 1L, 0L, 0L, 0L, 0L, 4L);
    }

    /**
     * SJS "windowed left outer join", with the event time itself as the key that carries the
     * watermark (Arus has no {@code window} outside a grouping): rows of both sides leave once
     * their key is at or before the watermark, and unmatched left rows come out with nulls then.
     * Both sides' first rows arrive in one batch, and pair within it. Restarted, the state carries
     * over; only the last no-data batch does not run, as the right side had no rows since the
     * restart.
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void aJoinKeyThatCarriesTheWatermarkEvictsBothSides(boolean restart) {
        StreamCase run = query(restart, in -> in.get(0)
                .select(col("k"), expr("timestamp_seconds(t)").as("time"), expr("k * 2").as("leftValue"))
                .withWatermark("time", "10 seconds")
                .join(in.get(1).select(col("k"), expr("timestamp_seconds(t)").as("time"),
                        expr("k * 3").as("rightValue")).withWatermark("time", "10 seconds"),
                        List.of("k", "time"), "left_outer")
                .select(col("k"), expr("CAST(time AS BIGINT)"), col("leftValue"), col("rightValue")));
        run.add(0, IntStream.rangeClosed(1, 5).mapToObj(v -> row(v, (long) v)).toArray(Object[][]::new))
                .add(1, IntStream.rangeClosed(3, 7).mapToObj(v -> row(v, (long) v)).toArray(Object[][]::new))
                .run();
        run.add(0, row(21, 21L)).add(1, row(22, 22L)).run();
        run.feed(0, row(22, 22L));
        List<StreamCase.Batch> batches = run.batches();

        assertThat(sortedRows(batches).subList(0, 4)).containsExactly(
                List.of("[3,3,6,9]", "[4,4,8,12]", "[5,5,10,15]"),
                List.of(),
                List.of("[1,1,2,null]", "[2,2,4,null]"), // no-data at 11 s
                List.of("[22,22,44,66]"));
        assertThat(batches).hasSize(restart ? 4 : 5); // straight, a no-data batch at 12 s evicts nothing
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).startsWith(10L, 12L, 2L, 3L);
        assertThat(batches).extracting(b -> state(b).numRowsUpdated()).startsWith(10L, 2L, 0L, 1L);
        assertThat(batches).extracting(b -> state(b).numRowsRemoved()).startsWith(0L, 0L, 5L, 0L);
    }

    /** An inner join needs no watermark; then nothing ever leaves the state, and no no-data batch runs. */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void anInnerJoinWithoutWatermarksKeepsEveryRow(boolean restart) {
        List<StreamCase.Batch> batches = query(restart, in -> in.get(0).alias("a")
                .join(in.get(1).alias("b"), expr("a.k = b.k"))
                .select(expr("a.k"), expr("a.t AS at"), expr("b.t AS bt")))
                .feed(0, row(1, 1L), row(2, 2L))
                .feed(1, row(1, 10L), row(1, 11L))
                .feed(0, row(1, 3L))
                .batches();

        assertThat(sortedRows(batches)).containsExactly(List.of(), List.of("[1,1,10]", "[1,1,11]"),
                List.of("[1,3,10]", "[1,3,11]"));
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).containsExactly(2L, 4L, 5L);
    }

    /**
     * A key computed in the condition is computed again for the rows a restart loads: restarted
     * after every batch, stored rows still meet their matches.
     */
    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void aKeyComputedInTheConditionFindsTheSameRowsAfterARestart(boolean restart) {
        List<StreamCase.Batch> batches = query(restart, in -> in.get(0).alias("a")
                .join(in.get(1).alias("b"), expr("a.k * 2 = b.k + 1"))
                .select(expr("a.k"), expr("a.t AS at"), expr("b.k AS bk"), expr("b.t AS bt")))
                .feed(0, row(1, 1L), row(2, 2L))
                .feed(1, row(1, 10L), row(3, 11L), row(4, 12L))
                .feed(0, row(2, 3L))
                .batches();

        assertThat(sortedRows(batches)).containsExactly(List.of(), List.of("[1,1,1,10]", "[2,2,3,11]"),
                List.of("[2,3,3,11]"));
    }

    @Test
    void refusesWhatSparkRefuses() {
        assertThat(refusal("left_outer", "a.k = b.k", false)).hasMessage("Stream-stream LeftOuter join between two "
                + "streaming DataFrame/Datasets is not supported without a watermark in the join keys, or a watermark "
                + "on the nullable side and an appropriate range condition");
        assertThat(refusal("right_outer", "a.k = b.k AND a.time >= b.time", true)).hasMessageContaining(
                "Stream-stream RightOuter join");
        assertThat(refusal("left_anti", "a.k = b.k", true)).hasMessage("LeftAnti joins with a streaming "
                + "DataFrame/Dataset on the right are not supported");
        assertThat(refusal("inner", "a.k < b.k", true)).hasMessage("Stream-stream join without equality predicate "
                + "is not supported.");
        assertThat(refusal("left_outer", "a.k = b.k", false).errorClass())
                .isEqualTo(AnalysisException.UNSUPPORTED_STREAMING_OPERATION);
        assertThat(refusal("inner", "a.k < b.k", true).errorClass()).isEqualTo("_LEGACY_ERROR_TEMP_1181");
    }

    @Test
    void refusesUpdateMode() {
        List<StreamFrame> in = sides(true);
        StreamFrame joined = in.get(0).alias("a").join(in.get(1).alias("b"), expr("a.k = b.k"));

        assertThatThrownBy(() -> joined.writeStream().outputMode("update").format("noop").start())
                .isInstanceOf(AnalysisException.class).hasMessage("Join between two streaming DataFrames/Datasets is "
                        + "not supported in Update output mode, only in Append output mode");
    }

    private AnalysisException refusal(String type, String condition, boolean watermarks) {
        List<StreamFrame> in = sides(watermarks);
        try {
            in.get(0).alias("a").join(in.get(1).alias("b"), expr(condition), type);
        } catch (AnalysisException refused) {
            return refused;
        }
        throw new AssertionError("the " + type + " join on " + condition + " was not refused");
    }

    /** The two sides of a query, each {@code (k, time)}, with a watermark of 10 s or none. */
    private List<StreamFrame> sides(boolean watermarks) {
        List<StreamFrame> sides = new ArrayList<>();
        query(false, in -> {
            for (StreamFrame input : in) {
                StreamFrame side = input.select(col("k"), expr("timestamp_seconds(t)").as("time"));
                sides.add(watermarks ? side.withWatermark("time", "10 seconds") : side);
            }
            return in.get(0);
        });
        return sides;
    }
}
