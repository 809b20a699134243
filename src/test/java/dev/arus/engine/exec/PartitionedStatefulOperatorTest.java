package dev.arus.engine.exec;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.time.ManualClock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every stateful operator does alike, through queries of each: the limit on the rows all
 * its state partitions hold together, and its progress summed over the partitions. The session
 * keeps state in two partitions and at most 10 rows per operator; each batch of the
 * {@code rate-micro-batch} source brings rows with values never seen before.
 */
class PartitionedStatefulOperatorTest {

    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");
    private static final int MAX_STATE_ROWS = 10;

    private final ManualClock clock = new ManualClock(START.toEpochMilli());
    private final ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
    private final List<StreamingQueryProgress> progress = new ArrayList<>();
    private final ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler)
            .shufflePartitions(2).maxStateRows(MAX_STATE_ROWS).timeZone(ZoneOffset.UTC).build();

    {
        session.streams().addListener(new StreamingQueryListener() {
            @Override
            public void onQueryProgress(QueryProgressEvent event) {
                progress.add(event.progress());
            }
        });
    }

    @AfterEach
    void close() {
        session.close();
    }

    /** {@code perBatch} rows a batch, values 0, 1, 2..., each batch 4 seconds of event time after the last. */
    private StreamFrame rows(int perBatch) {
        return session.readStream().format("rate-micro-batch").option("rowsPerBatch", perBatch)
                .option("startTimestamp", START.toEpochMilli()).option("advanceMillisPerBatch", 4000).load();
    }

    /** Starts {@code query} into the noop sink and runs {@code triggers} triggers, or until the query fails. */
    private StreamingQuery run(StreamFrame query, String outputMode, int triggers) {
        StreamingQuery started = query.writeStream().format("noop").outputMode(outputMode).start();
        for (int i = 0; i < triggers && started.isActive(); i++) {
            scheduler.runNext();
        }
        return started;
    }

    private static String errorClassOf(StreamingQuery query) {
        return ((ArusException) query.exception().orElseThrow().getCause()).errorClass();
    }

    private StateOperatorProgress lastState() {
        return progress.get(progress.size() - 1).stateOperators().get(0);
    }

    @Test
    void anAggregationFailsTheBatchAfterWhichItsPartitionsWouldHoldMoreGroupsThanTheLimit() {
        StreamingQuery query = run(rows(4).groupBy(col("value")).count(), "update", 5);

        assertThat(progress).as("batches 0 and 1 hold 4 and 8 groups").hasSize(2);
        assertThat(query.isActive()).isFalse();
        assertThat(errorClassOf(query)).isEqualTo("STATE_ROWS_LIMIT_EXCEEDED");
        assertThat(query.exception().orElseThrow().getMessage())
                .contains("The aggregation's state would hold more than 10 rows (groups)");
    }

    @Test
    void aDeduplicationCountsItsKeysAgainstTheLimit() {
        StreamingQuery query = run(rows(4).dropDuplicates("value"), "append", 5);

        assertThat(progress).hasSize(2);
        assertThat(errorClassOf(query)).isEqualTo("STATE_ROWS_LIMIT_EXCEEDED");
        assertThat(query.exception().orElseThrow().getMessage())
                .contains("The deduplication's state would hold more than 10 keys");
    }

    @Test
    void aStreamJoinCountsTheRowsOfBothSidesAgainstTheLimit() {
        Function<String, StreamFrame> side = name -> rows(4).selectExpr("value AS " + name + "_key");
        StreamingQuery query = run(side.apply("left").join(side.apply("right"), col("left_key").equalTo(col("right_key"))),
                "append", 5);

        assertThat(progress).as("batch 0 holds 8 rows, 4 a side; batch 1 would hold 16").hasSize(1);
        assertThat(errorClassOf(query)).isEqualTo("STATE_ROWS_LIMIT_EXCEEDED");
        assertThat(query.exception().orElseThrow().getMessage())
                .contains("The join's state would hold more than 10 rows");
    }

    @Test
    void groupsEvictedByTheWatermarkMakeRoomUnderTheLimit() {
        // Each batch's 3 rows are 3 groups of one 4-second window, evicted once the watermark (the
        // previous batch's) passes its end: 9 groups at most, where batch 3 would bring the 12th.
        StreamFrame counts = rows(3).withWatermark("timestamp", "0 seconds")
                .groupBy(window(col("timestamp"), "4 seconds"), col("value")).count();

        StreamingQuery query = run(counts, "append", 12);

        assertThat(query.exception()).isEmpty();
        assertThat(progress).hasSize(12);
        assertThat(progress).allSatisfy(batch ->
                assertThat(batch.stateOperators().get(0).numRowsTotal()).isLessThanOrEqualTo(6));
        query.stop();
    }

    @Test
    void progressSumsTheFiguresOfEveryPartition() {
        StreamingQuery query = run(rows(4).groupBy(col("value")).count(), "update", 2);

        StateOperatorProgress state = lastState();
        assertThat(state.numShufflePartitions()).isEqualTo(2);
        assertThat(state.numStateStoreInstances()).isEqualTo(2);
        assertThat(state.numRowsTotal()).as("8 groups, whichever partition holds each").isEqualTo(8);
        assertThat(state.numRowsUpdated()).isEqualTo(4);
        assertThat(state.customMetrics()).containsEntry("numLateInputRows", 0L);
        query.stop();
    }
}
