package dev.arus.engine.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Expected values follow Spark's RateStreamProvider.valueAtSecond and
 * RateStreamMicroBatchStream.planInputPartitions / RateStreamMicroBatchPartitionReader
 * (sql/core/.../execution/streaming/sources), recomputed independently below.
 */
class RateSourceTest {

    private static final long CREATED = 1_792_156_160_000L; // 2026-10-16T13:49:20Z

    /** One generated row, with the number of the chunk it came in (chunks arrive partition by partition). */
    record Generated(long timestampMicros, long value, int chunk) {
    }

    /** Every row of the batch, partition after partition, as one task reading them in turn would see them. */
    static List<Generated> readAll(Source source, Offset start, Offset end) {
        List<Generated> rows = new ArrayList<>();
        int[] chunk = {0};
        ColumnarBatch scratch = ColumnarBatch.allocate(source.schema(), ColumnarBatch.CHUNK_SIZE);
        for (InputPartition partition : source.planInputPartitions(start, end)) {
            partition.read(scratch, batch -> {
                assertThat(batch.size()).isBetween(1, ColumnarBatch.CHUNK_SIZE);
                long[] ts = ((LongVector) batch.column(0)).values();
                long[] values = ((LongVector) batch.column(1)).values();
                for (int i = 0; i < batch.size(); i++) {
                    rows.add(new Generated(ts[i], values[i], chunk[0]));
                }
                chunk[0]++;
            });
        }
        return rows;
    }

    /** Spark's formula, written out the slow way: the sum of the per-second speeds. */
    static long expectedValueAtSecond(long seconds, long rowsPerSecond, long rampUp) {
        long delta = rowsPerSecond / (rampUp + 1);
        long total = 0;
        for (long s = 1; s <= seconds; s++) {
            total += s <= rampUp ? delta * s : rowsPerSecond;
        }
        return total;
    }

    /** The rows Spark generates for (start, end], partition 0 first. */
    static List<long[]> expectedRows(long created, long start, long end, long rps, long rampUp, int partitions) {
        long rangeStart = expectedValueAtSecond(start, rps, rampUp);
        long rangeEnd = expectedValueAtSecond(end, rps, rampUp);
        List<long[]> rows = new ArrayList<>();
        if (rangeStart == rangeEnd) {
            return rows;
        }
        double msPerValue = (double) ((end - start) * 1000) / (rangeEnd - rangeStart);
        for (int p = 0; p < partitions; p++) {
            for (long v = rangeStart + p; v < rangeEnd; v += partitions) {
                long ms = created + start * 1000 + Math.round((v - rangeStart) * msPerValue);
                rows.add(new long[] {ms * 1000, v});
            }
        }
        return rows;
    }

    private static RateSource source(ManualClock clock, long rps, long rampUp, int partitions) {
        return new RateSource(RateOptions.of(rps, rampUp, partitions), clock);
    }

    @Test
    void offsetIsWholeSecondsSinceCreation() {
        ManualClock clock = new ManualClock(CREATED);
        RateSource source = source(clock, 5, 0, 1);
        assertThat(source.latestOffset(null, ReadLimit.allAvailable())).isEqualTo(new LongOffset(0));
        clock.advanceMillis(999);
        assertThat(source.latestOffset(null, ReadLimit.allAvailable()).json()).isEqualTo("0");
        clock.advanceMillis(1);
        assertThat(source.latestOffset(null, ReadLimit.allAvailable()).json()).isEqualTo("1");
        clock.advanceMillis(3_500);
        assertThat(source.latestOffset(null, ReadLimit.allAvailable()).json()).isEqualTo("4");
    }

    @Test
    void offsetNeverGoesBackWhenTheClockDoes() {
        ManualClock clock = new ManualClock(CREATED);
        RateSource source = source(clock, 5, 0, 1);
        clock.advanceMillis(3_000);
        assertThat(source.latestOffset(null, ReadLimit.allAvailable()).offset()).isEqualTo(3);
        clock.advanceMillis(-2_000);
        assertThat(source.latestOffset(null, ReadLimit.allAvailable()).offset()).isEqualTo(3);
    }

    @Test
    void firstBatchIsEmpty() {
        RateSource source = source(new ManualClock(CREATED), 5, 0, 1);
        assertThat(readAll(source, null, source.latestOffset(null, ReadLimit.allAvailable()))).isEmpty();
    }

    @Test
    void valueAtSecondMatchesSparksDocumentedExample() {
        // RateStreamProvider's comment: rampUpTimeSeconds = 4, rowsPerSecond = 10
        long[] expected = {0, 2, 6, 12, 20, 30, 40};
        for (int s = 0; s < expected.length; s++) {
            assertThat(RateSource.valueAtSecond(s, 10, 4)).isEqualTo(expected[s]);
        }
    }

    @Test
    void valueAtSecondMatchesTheSumOfSpeeds() {
        for (long rps : new long[] {1, 3, 5, 7, 10, 1000}) {
            for (long rampUp : new long[] {0, 1, 2, 5, 9, 20}) {
                for (long s = 0; s < 40; s++) {
                    assertThat(RateSource.valueAtSecond(s, rps, rampUp))
                            .as("rps=%d rampUp=%d s=%d", rps, rampUp, s)
                            .isEqualTo(expectedValueAtSecond(s, rps, rampUp));
                }
            }
        }
    }

    @Test
    void generatesSparksValuesTimestampsAndPartitionOrder() {
        long[][] configs = {{5, 0, 1}, {5, 0, 2}, {7, 0, 3}, {3, 0, 4}, {10, 4, 1}, {10, 4, 3}, {1, 0, 1}, {6, 2, 5}};
        for (long[] config : configs) {
            long rps = config[0];
            long rampUp = config[1];
            int partitions = (int) config[2];
            long[][] ranges = {{0, 1}, {1, 3}, {3, 4}, {4, 9}, {9, 9}, {2, 12}};
            for (long[] range : ranges) {
                RateSource source = source(new ManualClock(CREATED), rps, rampUp, partitions);
                List<Generated> actual = readAll(source, range[0] == 0 ? null : new LongOffset(range[0]),
                        new LongOffset(range[1]));
                List<long[]> expected = expectedRows(CREATED, range[0], range[1], rps, rampUp, partitions);
                assertThat(actual).as("config %s range %s", List.of(rps, rampUp, partitions), List.of(range[0], range[1]))
                        .hasSize(expected.size());
                for (int i = 0; i < expected.size(); i++) {
                    assertThat(actual.get(i).timestampMicros()).isEqualTo(expected.get(i)[0]);
                    assertThat(actual.get(i).value()).isEqualTo(expected.get(i)[1]);
                }
            }
        }
    }

    @Test
    void spreadsFiveRowsOverTheSecondAsSparkDoes() {
        RateSource source = source(new ManualClock(CREATED), 5, 0, 1);
        List<Generated> rows = readAll(source, new LongOffset(3), new LongOffset(4));
        assertThat(rows).extracting(Generated::value).containsExactly(15L, 16L, 17L, 18L, 19L);
        assertThat(rows).extracting(r -> r.timestampMicros() / 1000 - CREATED)
                .containsExactly(3000L, 3200L, 3400L, 3600L, 3800L);
    }

    @Test
    void roundsTimestampsWithMathRound() {
        // 3 rows over 1 s: 333.33.. ms per value -> 0, 333, 667
        RateSource source = source(new ManualClock(CREATED), 3, 0, 1);
        List<Generated> rows = readAll(source, null, new LongOffset(1));
        assertThat(rows).extracting(r -> r.timestampMicros() / 1000 - CREATED).containsExactly(0L, 333L, 667L);
    }

    @Test
    void pushesEachPartitionInChunksOfAtMostChunkSize() {
        int rps = ColumnarBatch.CHUNK_SIZE * 2 + 10;
        RateSource source = source(new ManualClock(CREATED), rps, 0, 2);
        List<Generated> rows = readAll(source, null, new LongOffset(1));
        assertThat(rows).hasSize(rps);
        // partition 0 has CHUNK_SIZE + 5 rows: two chunks; then partition 1: two more
        assertThat(rows.stream().mapToInt(Generated::chunk).max().getAsInt()).isEqualTo(3);
        assertThat(rows.get(0).value()).isEqualTo(0);
        assertThat(rows.get(1).value()).isEqualTo(2);
        assertThat(rows.get(rps / 2).value()).isEqualTo(1);
    }

    @Test
    void describesItselfAsSparkDoes() {
        ManualClock clock = new ManualClock(CREATED);
        assertThat(source(clock, 5, 0, 1).description())
                .isEqualTo("RateStreamV2[rowsPerSecond=5, rampUpTimeSeconds=0, numPartitions=1");
        assertThat(new RateSource(RateOptions.parse(java.util.Map.of("rowsPerSecond", "10", "rampUpTime", "5s")), clock)
                .description())
                .isEqualTo("RateStreamV2[rowsPerSecond=10, rampUpTimeSeconds=5, numPartitions=default");
    }

    @Test
    void replayAfterRestartKeepsTheCreationTimeAndMovesOffsetsForward() {
        ManualClock clock = new ManualClock(CREATED + 10_000);
        RateSource restarted = new RateSource(RateOptions.of(5, 0, 1), clock, CREATED);
        assertThat(restarted.creationTimeMs()).isEqualTo(CREATED);
        assertThat(restarted.latestOffset(null, ReadLimit.allAvailable()).offset()).isEqualTo(10);
        List<Generated> replayed = readAll(restarted, new LongOffset(11), new LongOffset(12));
        assertThat(replayed.get(0).value()).isEqualTo(55);
        assertThat(restarted.latestOffset(null, ReadLimit.allAvailable()).offset()).isEqualTo(12);
    }

    @Test
    void rejectsARampUpThatOverflows() {
        assertThatThrownBy(() -> new RateSource(RateOptions.of(Long.MAX_VALUE, 2, 1), new ManualClock()))
                .hasMessage("[INCORRECT_RAMP_UP_RATE] Max offset with 9223372036854775807 rowsPerSecond is 1,"
                        + " but 'rampUpTimeSeconds' is 2.");
    }

    @Test
    void readsBackItsOffsets() {
        RateSource source = source(new ManualClock(), 1, 0, 1);
        assertThat(source.deserializeOffset("42")).isEqualTo(new LongOffset(42));
    }
}
