package dev.arus.engine.runtime;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.testing.QueryTestDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query's state split over several partitions, each merged and evicted on a task slot of its
 * own, gives the rows and state figures one partition gives, row order aside; and a checkpoint
 * keeps the number of partitions it was started with, as Spark's offset log keeps
 * {@code spark.sql.shuffle.partitions}.
 */
class ShufflePartitionsTest {

    private static final Instant T = Instant.parse("2026-10-16T13:30:00Z");
    private static final int BATCHES = 12;

    @TempDir
    Path checkpoint;

    @Test
    void oneTwoOrSevenPartitionsGiveTheSameRowsAndState() {
        Run one = run(1);
        for (int partitions : new int[] {2, 7}) {
            Run many = run(partitions);
            assertThat(many.rows()).as(partitions + " partitions").isEqualTo(one.rows());
            assertThat(many.state()).as(partitions + " partitions").isEqualTo(one.state());
            assertThat(many.partitionsReported()).containsOnly((long) partitions);
        }
        assertThat(one.rows().values()).as("the query emits rows").anySatisfy(rows -> assertThat(rows).isNotEmpty());
    }

    @Test
    void aRestartedQueryKeepsTheNumberOfPartitionsItsCheckpointWasStartedWith() throws Exception {
        try (QueryTestDriver driver = new QueryTestDriver(T, 3)) {
            driver.startRecording(keyedWindows(driver), w -> w.outputMode("update")
                    .option("checkpointLocation", checkpoint.toString()));
            driver.runBatches(2);
        }
        try (QueryTestDriver driver = new QueryTestDriver(T.plusSeconds(10), 1)) {
            driver.startRecording(keyedWindows(driver), w -> w.outputMode("update")
                    .option("checkpointLocation", checkpoint.toString())
                    .option("spark.sql.shuffle.partitions", 5));
            StreamingQueryProgress progress = driver.runTrigger();

            assertThat(progress.stateOperators().get(0).numShufflePartitions()).isEqualTo(3);
        }
        try (var partitions = Files.list(checkpoint.resolve("state/0"))) {
            assertThat(partitions.map(p -> p.getFileName().toString()).sorted()).containsExactly("0", "1", "2");
        }
        assertThat(Files.readString(checkpoint.resolve("offsets/2")))
                .contains("\"spark.sql.shuffle.partitions\":\"3\"");
    }

    @Test
    void aCheckpointWhoseStateAnEarlierArusPartitionedItsOwnWayIsRefusedNotMisread() throws Exception {
        try (QueryTestDriver driver = new QueryTestDriver(T, 3)) {
            driver.startRecording(keyedWindows(driver), w -> w.outputMode("update")
                    .option("checkpointLocation", checkpoint.toString()));
            driver.runBatches(2);
        }
        Path last = checkpoint.resolve("offsets/1");
        String entry = Files.readString(last);
        assertThat(entry).as("Spark's mark, as Spark writes it")
                .contains("\"spark.sql.streaming.statefulOperator.useStrictDistribution\":\"true\"");
        Files.writeString(last, entry.replace(",\"spark.sql.streaming.statefulOperator.useStrictDistribution\":\"true\"", ""));

        try (QueryTestDriver driver = new QueryTestDriver(T.plusSeconds(10), 3)) {
            assertThatThrownBy(() -> driver.startRecording(keyedWindows(driver), w -> w.outputMode("update")
                    .option("checkpointLocation", checkpoint.toString())))
                    .isInstanceOfSatisfying(CheckpointException.class, refused -> assertThat(refused.errorClass())
                            .isEqualTo(CheckpointException.INCOMPATIBLE))
                    .hasMessageContaining("earlier version of Arus");
        }
        assertThat(Files.readString(last)).as("nothing written").doesNotContain("useStrictDistribution");
    }

    /** Each batch's rows sorted by key, and each batch's state figures. */
    private record Run(Map<Long, List<String>> rows, List<List<Long>> state, List<Long> partitionsReported) {
    }

    private static Run run(int partitions) {
        try (QueryTestDriver driver = new QueryTestDriver(T, partitions)) {
            driver.startRecording(keyedWindows(driver), w -> w.outputMode("update"));
            driver.runBatches(BATCHES);
            Map<Long, List<String>> rows = new LinkedHashMap<>();
            driver.batches().forEach((batch, batchRows) -> rows.put(batch,
                    batchRows.stream().map(Row::toString).sorted(Comparator.naturalOrder()).toList()));
            List<List<Long>> state = new ArrayList<>();
            List<Long> reported = new ArrayList<>();
            for (StreamingQueryProgress progress : driver.progress()) {
                StateOperatorProgress operator = progress.stateOperators().get(0);
                state.add(List.of(operator.numRowsTotal(), operator.numRowsUpdated(), operator.numRowsRemoved(),
                        operator.numRowsDroppedByWatermark(), operator.customMetrics().get("numLateInputRows")));
                reported.add(operator.numShufflePartitions());
            }
            return new Run(rows, state, reported);
        }
    }

    /** Many keys per window, some rows late, over three input partitions read in parallel. */
    private static StreamFrame keyedWindows(QueryTestDriver driver) {
        return driver.session().readStream().format("rate-micro-batch")
                .option("rowsPerBatch", 300).option("numPartitions", 3)
                .option("startTimestamp", T.toEpochMilli()).option("advanceMillisPerBatch", 3000).load()
                .withColumn("event_time",
                        expr("CASE WHEN value % 7 = 0 THEN timestamp - INTERVAL 25 SECONDS ELSE timestamp END"))
                .withWatermark("event_time", "10 seconds")
                .groupBy(window(col("event_time"), "10 seconds"),
                        expr("CASE WHEN value % 3 = 0 THEN 'fizz' ELSE CAST(value % 11 AS STRING) END AS key"))
                .agg("count(*) AS rows", "sum(value) AS total", "min(value) AS low", "max(value) AS high",
                        "avg(value) AS mean");
    }
}
