package dev.arus.engine.exec.limit;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.testing.StreamCase.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.api.SqlTables;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.testing.QueryTestDriver;
import dev.arus.engine.testing.StreamCase;
import dev.arus.engine.time.ManualClock;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spark's streaming limit batch by batch, on the cases of Spark's {@code StreamSuite} ("streaming
 * limit ..."): the rows out of each batch, the count kept in state across batches and restarts,
 * and the output modes Spark allows it in. Rows come from a stream of the event log, a batch's
 * worth appended before each trigger.
 */
class StreamingLimitTest {

    @TempDir
    Path directory;

    private final List<AutoCloseable> cases = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable run : cases) {
            run.close();
        }
    }

    /** A query over the input's {@code value} column (the event log adds {@code ingest_time}). */
    private StreamCase query(boolean restart, String mode, Function<StreamFrame, StreamFrame> query) {
        StreamCase run = new StreamCase(directory.resolve("case-" + cases.size()), "value INT", restart,
                in -> query.apply(in.select("value")), w -> w.outputMode(mode));
        cases.add(run);
        return run;
    }

    private static Object[][] values(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(v -> row(v)).toArray(Object[][]::new);
    }

    private static List<String> texts(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(v -> "[" + v + "]").toList();
    }

    private static StateOperatorProgress state(StreamCase.Batch batch) {
        return batch.progress().stateOperators().get(0);
    }

    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void aLimitLetsThroughNoMoreRowsThanItsCountOverEveryBatch(boolean restart) {
        List<StreamCase.Batch> batches = query(restart, "append", in -> in.limit(4))
                .feed(values(1, 2)).feed(values(3, 6)).feed(values(7, 9)).batches();
        assertThat(batches).extracting(StreamCase.Batch::rows)
                .containsExactly(texts(1, 2), texts(3, 4), List.of());
        assertThat(batches).extracting(b -> state(b).operatorName()).containsOnly("globalLimit");
        assertThat(batches).extracting(b -> state(b).numRowsTotal()).containsExactly(1L, 1L, 1L);
        assertThat(batches).extracting(b -> state(b).numRowsUpdated()).containsExactly(1L, 1L, 0L);
        assertThat(batches).extracting(b -> state(b).numStateStoreInstances()).containsOnly(1L);
    }

    @Test
    void aLimitCountsTheRowsThatReachIt() {
        List<List<String>> rows = query(false, "append", in -> in.where("value % 2 = 1").limit(4))
                .feed(values(1, 5)).feed(values(6, 9)).feed(values(10, 12)).rows();
        assertThat(rows).containsExactly(List.of("[1]", "[3]", "[5]"), List.of("[7]"), List.of());
    }

    @Test
    void twoLimitsInARowAreOneOfTheSmallerCount() {
        List<StreamCase.Batch> batches = query(false, "append", in -> in.limit(4).limit(100).limit(3))
                .feed(values(1, 2)).feed(values(3, 8)).batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(texts(1, 2), texts(3, 3));
        assertThat(batches.get(1).progress().stateOperators()).hasSize(1);
    }

    @Test
    void aLimitOfNothingLetsNothingThroughAndKeepsNoState() {
        List<StreamCase.Batch> batches = query(false, "append", in -> in.limit(0)).feed(values(1, 8)).batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(List.of());
        assertThat(batches.get(0).progress().stateOperators()).isEmpty();
    }

    @Test
    void aLimitAfterADeduplicationCountsTheFirstRowsOfEachKey() {
        List<List<String>> rows = query(false, "append", in -> in.dropDuplicates().limit(1))
                .feed(row(1), row(2)).feed(row(3), row(4)).rows();
        assertThat(rows).containsExactly(List.of("[1]"), List.of());
    }

    @ParameterizedTest(name = "restarted after every batch: {0}")
    @ValueSource(booleans = {false, true})
    void aLimitBeforeAnAggregationInCompleteModeLimitsWhatIsAggregated(boolean restart) {
        List<StreamCase.Batch> batches = query(restart, "complete", in -> in.limit(5).groupBy(col("value")).count())
                .feed(values(1, 3)).feed(values(1, 9)).batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[1,1]", "[2,1]", "[3,1]"), List.of("[1,2]", "[2,2]", "[3,1]"));
        assertThat(batches.get(1).progress().stateOperators()).extracting(StateOperatorProgress::operatorName)
                .containsExactlyInAnyOrder("stateStoreSave", "globalLimit");
    }

    @Test
    void aLimitIsWrittenInSqlAsLimit() {
        List<List<String>> rows = query(false, "append", in -> in.session().sql(
                "SELECT value * 10 AS v FROM (SELECT value FROM input WHERE value > 1 LIMIT 3) LIMIT 2",
                SqlTables.none().stream("input", in))).feed(values(1, 2)).feed(values(3, 9)).rows();
        assertThat(rows).containsExactly(List.of("[20]"), List.of("[30]"));
    }

    @Test
    void outputModesAndCountsSparkRefusesAreRefusedWithItsWords() {
        QueryTestDriver driver = new QueryTestDriver(Instant.parse("2026-12-01T10:00:00Z"));
        cases.add(driver);
        StreamFrame rate = driver.session().readStream().format("rate").load();
        assertThatThrownBy(() -> rate.limit(5).writeStream().format("noop").outputMode("update").start())
                .isInstanceOf(AnalysisException.class)
                .hasMessage("Limits are not supported on streaming DataFrames/Datasets in Update output mode");
        assertThatThrownBy(() -> rate.groupBy(col("value")).count().limit(5).writeStream().format("noop")
                .outputMode("complete").start())
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                        .isEqualTo(AnalysisException.UNSUPPORTED_STREAMING_OPERATION))
                .hasMessageStartingWith("A limit after a streaming aggregation in Complete output mode");
        assertThatThrownBy(() -> rate.limit(-1))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                        .isEqualTo("INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE"))
                .hasMessageContaining("must be equal to or greater than 0, but got -1");
        assertThatThrownBy(() -> driver.session().sql("SELECT value FROM rate LIMIT 2L",
                SqlTables.none().stream("rate", rate)))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                        .isEqualTo("INVALID_LIMIT_LIKE_EXPRESSION.DATA_TYPE"))
                .hasMessageContaining("must be integer type, but got \"BIGINT\"");
    }

    /**
     * Spark's "streaming limit in multiple partitions": two task slots each keep their first rows,
     * and the one state partition lets them through in slot order, Spark's shuffle partitions reported.
     */
    @Test
    void aLimitOverSeveralTaskSlotsTakesTheirRowsInSlotOrder() {
        ManualClock clock = new ManualClock(Instant.parse("2026-12-01T10:00:00Z").toEpochMilli());
        ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
        List<StreamingQueryProgress> progress = new CopyOnWriteArrayList<>();
        List<List<Row>> output = new CopyOnWriteArrayList<>();
        try (ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler).parallelism(2)
                .shufflePartitions(3).timeZone(ZoneOffset.UTC).build()) {
            session.streams().addListener(new StreamingQueryListener() {
                @Override
                public void onQueryProgress(QueryProgressEvent event) {
                    progress.add(event.progress());
                }
            });
            StreamingQuery query = session.readStream().format("rate-micro-batch").option("rowsPerBatch", 10)
                    .option("numPartitions", 2).load().select("value").limit(7).writeStream()
                    .foreachBatch((batch, id) -> output.add(batch.rows())).start();
            scheduler.runNext();
            scheduler.runNext();
            query.stop();
        }
        assertThat(output).hasSize(2);
        assertThat(output.get(0)).hasSize(7);
        assertThat(output.get(0)).extracting(r -> r.get(0)).doesNotHaveDuplicates()
                .allMatch(v -> (Long) v < 10);
        assertThat(output.get(1)).isEmpty();
        StateOperatorProgress limit = progress.get(0).stateOperators().get(0);
        assertThat(limit.numShufflePartitions()).isEqualTo(3);
        assertThat(limit.numStateStoreInstances()).isEqualTo(1);
    }
}
