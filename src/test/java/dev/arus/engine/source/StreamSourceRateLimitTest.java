package dev.arus.engine.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How {@code maxOffsetsPerTrigger} is shared among partitions, as Spark's Kafka source shares it. */
class StreamSourceRateLimitTest {

    @Test
    void eachPartitionGetsItsShareOfTheLimitRoundedDownButAtLeastOne() {
        assertThat(StreamSource.rateLimit(new long[] {0, 0, 0}, new long[] {90, 9, 1}, 10)).containsExactly(9, 1, 1);
        assertThat(StreamSource.rateLimit(new long[] {5, 5}, new long[] {15, 5}, 4)).containsExactly(9, 5);
        assertThat(StreamSource.rateLimit(new long[] {0, 0}, new long[] {3, 3}, 100)).containsExactly(3, 3);
        assertThat(StreamSource.rateLimit(new long[] {7}, new long[] {7}, 1)).containsExactly(7);
    }
}
