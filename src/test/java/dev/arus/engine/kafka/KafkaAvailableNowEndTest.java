package dev.arus.engine.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.streaming.ArusException;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** The checks of a batch's end under {@code availableNow}, as Spark's {@code verifyEndOffsetForTriggerAvailableNow}. */
class KafkaAvailableNowEndTest {

    private static final TopicPartition P0 = new TopicPartition("orders", 0);
    private static final TopicPartition P1 = new TopicPartition("orders", 1);
    private static final KafkaAvailableNowEnd END = new KafkaAvailableNowEnd(Map.of(P0, 10L, P1, 5L));

    @Test
    void aBatchEndingWithinTheFetchedOffsetsAndWhatTheBrokersHavePasses() {
        assertThatCode(() -> END.verify(Map.of(P0, 10L, P1, 3L), () -> Map.of(P0, 12L, P1, 5L)))
                .doesNotThrowAnyException();
    }

    @Test
    void aBatchOverOtherPartitionsThanThoseFetchedFails() {
        assertThatThrownBy(() -> END.verify(Map.of(P0, 10L), () -> Map.of(P0, 12L, P1, 5L)))
                .isInstanceOfSatisfying(ArusException.class, e -> assertThat(
                        e.errorClass()).isEqualTo("MISMATCHED_TOPIC_PARTITIONS_BETWEEN_END_OFFSET_AND_PREFETCHED"))
                .hasMessageContaining("topic-partitions for pre-fetched offset: [orders-0, orders-1], "
                        + "topic-partitions for end offset: [orders-0].");
    }

    @Test
    void aBatchEndingPastTheFetchedOffsetsFails() {
        assertThatThrownBy(() -> END.verify(Map.of(P0, 11L, P1, 5L), () -> Map.of(P0, 12L, P1, 5L)))
                .hasMessageStartingWith("[END_OFFSET_HAS_GREATER_OFFSET_FOR_TOPIC_PARTITION_THAN_PREFETCHED]");
    }

    @Test
    void aPartitionTheBrokersNoLongerHaveFails() {
        assertThatThrownBy(() -> END.verify(Map.of(P0, 10L, P1, 5L), () -> Map.of(P0, 12L)))
                .hasMessageStartingWith("[LOST_TOPIC_PARTITIONS_IN_END_OFFSET_WITH_TRIGGER_AVAILABLENOW]");
    }

    @Test
    void aBatchEndingPastWhatTheBrokersHaveNowFails() {
        assertThatThrownBy(() -> END.verify(Map.of(P0, 10L, P1, 5L), () -> Map.of(P0, 8L, P1, 5L)))
                .hasMessageStartingWith(
                        "[END_OFFSET_HAS_GREATER_OFFSET_FOR_TOPIC_PARTITION_THAN_LATEST_WITH_TRIGGER_AVAILABLENOW]");
    }
}
