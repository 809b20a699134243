package dev.arus.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Spark's {@code RangePartitioner} runs the stage before a global sort once to sample it, then
 * again for a partition too large for its sample (more than 300 rows while the whole is at most
 * 100 a partition, or more than three times the average beyond), then for real.
 */
class RangeSamplingTest {

    @Test
    void runsEachPartitionTwiceAndAnImbalancedOneThrice() {
        assertThat(RangeSampling.runs(new long[] {3, 1, 0, 2})).containsExactly(2, 2, 2, 2);
        assertThat(RangeSampling.runs(new long[] {0, 0})).containsExactly(2, 2);
        assertThat(RangeSampling.runs(new long[] {301, 0, 0, 0})).containsExactly(3, 2, 2, 2);
        assertThat(RangeSampling.runs(new long[] {300, 0, 0, 0})).containsExactly(2, 2, 2, 2);
        assertThat(RangeSampling.runs(new long[] {2000, 10, 10, 10})).containsExactly(3, 2, 2, 2);
        assertThat(RangeSampling.runs(new long[] {5000, 10})).containsExactly(2, 2);
    }

    @Test
    void runsASinglePartitionOnceSinceSparkSamplesNothingThen() {
        assertThat(RangeSampling.runs(new long[] {5_000})).containsExactly(1);
    }
}
