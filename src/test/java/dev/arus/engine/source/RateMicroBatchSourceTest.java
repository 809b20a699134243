package dev.arus.engine.source;

import static dev.arus.engine.source.RateSourceTest.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.source.RateSourceTest.Generated;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.testing.QueryTestDriver;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Expected behaviour from Spark's RatePerMicroBatchStream (sql/core/.../streaming/sources). */
class RateMicroBatchSourceTest {

    private static RateMicroBatchSource source(long rowsPerBatch, int partitions, long startTimestamp, int advance) {
        return new RateMicroBatchSource(new RateMicroBatchOptions(rowsPerBatch, partitions, startTimestamp, advance));
    }

    @Test
    void firstBatchAlreadyHasRowsPerBatchRows() {
        RateMicroBatchSource source = source(10, 1, 0, 1000);
        RateMicroBatchOffset end = source.latestOffset(null, ReadLimit.allAvailable());
        assertThat(end.json()).isEqualTo("{\"offset\":10,\"timestamp\":1000}");
        List<Generated> rows = readAll(source, null, end);
        assertThat(rows).extracting(Generated::value).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(rows).extracting(Generated::timestampMicros).containsOnly(0L);
    }

    @Test
    void batchBHoldsItsValuesAllWithTheStartTimestampOfTheBatch() {
        RateMicroBatchSource source = source(4, 1, 5_000, 250);
        Offset start = null;
        for (int b = 0; b < 5; b++) {
            RateMicroBatchOffset end = source.latestOffset(start, ReadLimit.allAvailable());
            assertThat(end).isEqualTo(new RateMicroBatchOffset((b + 1) * 4L, 5_000 + (b + 1) * 250L));
            List<Generated> rows = readAll(source, start, end);
            assertThat(rows).extracting(Generated::value)
                    .containsExactly(b * 4L, b * 4L + 1, b * 4L + 2, b * 4L + 3);
            assertThat(rows).extracting(Generated::timestampMicros).containsOnly((5_000 + b * 250L) * 1000);
            start = end;
        }
    }

    @Test
    void sendsValueToPartitionByItsPositionInTheBatch() {
        RateMicroBatchSource source = source(7, 3, 0, 1000);
        RateMicroBatchOffset start = new RateMicroBatchOffset(7, 1000);
        List<Generated> rows = readAll(source, start, source.latestOffset(start, ReadLimit.allAvailable()));
        // partition 0: 7, 10, 13; partition 1: 8, 11; partition 2: 9, 12
        assertThat(rows).extracting(Generated::value).containsExactly(7L, 10L, 13L, 8L, 11L, 9L, 12L);
        assertThat(rows).extracting(Generated::chunk).containsExactly(0, 0, 0, 1, 1, 2, 2);
    }

    @Test
    void latestOffsetDependsOnlyOnWhereTheBatchStarts() {
        RateMicroBatchSource source = source(5, 1, 0, 1000);
        RateMicroBatchOffset first = source.latestOffset(null, ReadLimit.allAvailable());
        assertThat(source.latestOffset(null, ReadLimit.allAvailable())).isEqualTo(first);
        readAll(source, null, first);
        assertThat(source.latestOffset(first, ReadLimit.allAvailable())).isEqualTo(new RateMicroBatchOffset(10, 2000));
    }

    @Test
    void offsetsRoundTripThroughJson() {
        RateMicroBatchSource source = source(5, 1, 0, 1000);
        RateMicroBatchOffset offset = new RateMicroBatchOffset(20, 4000);
        assertThat(offset.json()).isEqualTo("{\"offset\":20,\"timestamp\":4000}");
        assertThat(source.deserializeOffset(offset.json())).isEqualTo(offset);
    }

    @Test
    void describesItselfAsSparkDoes() {
        assertThat(source(10, 2, 0, 1000).description()).isEqualTo(
                "RatePerMicroBatchStream[rowsPerBatch=10, numPartitions=2, startTimestamp=0, advanceMsPerBatch=1000]");
    }

    @Test
    void splitsALargePartitionIntoFullChunks() {
        RateMicroBatchSource source = source(1_000_000, 2, 0, 1000);
        RateMicroBatchOffset end = source.latestOffset(null, ReadLimit.allAvailable());
        List<InputPartition> partitions = source.planInputPartitions(null, end);
        List<Integer> sizes = new java.util.ArrayList<>();
        long[] sum = {0};
        for (InputPartition partition : partitions) {
            partition.read(ColumnarBatch.allocate(source.schema(), ColumnarBatch.CHUNK_SIZE), batch -> {
                sizes.add(batch.size());
                long[] values = ((LongVector) batch.column(1)).values();
                for (int i = 0; i < batch.size(); i++) {
                    sum[0] += values[i];
                }
            });
        }
        assertThat(partitions).hasSize(2);
        assertThat(sizes.stream().mapToLong(Integer::longValue).sum()).isEqualTo(1_000_000L);
        assertThat(sizes.subList(0, sizes.size() / 2 - 1)).containsOnly(ColumnarBatch.CHUNK_SIZE);
        assertThat(sum[0]).isEqualTo(999_999L * 1_000_000L / 2);
    }

    /**
     * Spark's {@code RatePerMicroBatchStream} under {@code availableNow} fixes the end of its first
     * batch as the run's end: each run reads one batch of {@code rowsPerBatch}, and the next run
     * one more, from the checkpoint.
     */
    @Test
    void eachAvailableNowRunReadsOneBatchGoingOnFromTheCheckpoint(@TempDir Path checkpoint) {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.parse("2026-10-16T13:30:00Z"))) {
            StreamFrame rows = driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", 5)
                    .load();
            driver.startRecording(rows, w -> w.trigger(Trigger.availableNow())
                    .option("checkpointLocation", checkpoint.toString()));
            while (driver.hasPendingTrigger()) {
                driver.runTrigger();
            }
            driver.restart();
            while (driver.hasPendingTrigger()) {
                driver.runTrigger();
            }

            assertThat(driver.progress()).as(driver.history()).extracting(StreamingQueryProgress::batchId)
                    .containsExactly(0L, 1L);
            assertThat(driver.rowsOf(0)).extracting(row -> row.get(1)).containsExactly(0L, 1L, 2L, 3L, 4L);
            assertThat(driver.rowsOf(1)).extracting(row -> row.get(1)).containsExactly(5L, 6L, 7L, 8L, 9L);
            assertThat(driver.query().isActive()).isFalse();
        }
    }

    @Test
    void onceReadsOneBatchOfRowsPerBatch() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.parse("2026-10-16T13:30:00Z"))) {
            driver.startRecording(driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", 5)
                    .load(), w -> w.trigger(Trigger.once()));
            driver.runTrigger();
            assertThat(driver.rowsOf(0)).hasSize(5);
            assertThat(driver.hasPendingTrigger()).isFalse();
        }
    }
}
