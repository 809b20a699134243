package dev.arus.engine.kafka;

import dev.arus.engine.streaming.ArusException;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.common.TopicPartition;

/**
 * Where an {@code availableNow} run of the Kafka source ends: the latest offsets fetched once,
 * when the run starts (Spark's {@code allDataForTriggerAvailableNow}). Every batch of the run,
 * a batch re-run from the checkpoint included, must end within them and within what the brokers
 * still have; {@link #verify} fails the query otherwise, with Spark's error conditions.
 */
record KafkaAvailableNowEnd(Map<TopicPartition, Long> offsets) {

    KafkaAvailableNowEnd {
        offsets = Map.copyOf(offsets);
    }

    /** Spark's {@code verifyEndOffsetForTriggerAvailableNow} of a batch ending at {@code end}. */
    void verify(Map<TopicPartition, Long> end, Supplier<Map<TopicPartition, Long>> latestNow) {
        if (!offsets.keySet().equals(end.keySet())) {
            throw failure("MISMATCHED_TOPIC_PARTITIONS_BETWEEN_END_OFFSET_AND_PREFETCHED", "Kafka data source in "
                    + "Trigger.AvailableNow should provide the same topic partitions in pre-fetched offset to end "
                    + "offset for each microbatch.", "topic-partitions for pre-fetched offset: "
                    + KafkaSource.sorted(offsets.keySet()) + ", topic-partitions for end offset: "
                    + KafkaSource.sorted(end.keySet()) + ".");
        }
        if (end.entrySet().stream().anyMatch(p -> p.getValue() > offsets.get(p.getKey()))) {
            throw failure("END_OFFSET_HAS_GREATER_OFFSET_FOR_TOPIC_PARTITION_THAN_PREFETCHED", "For Kafka data source "
                    + "with Trigger.AvailableNow, end offset should have lower or equal offset per each topic "
                    + "partition than pre-fetched offset.", "pre-fetched offset: " + json(offsets) + ", end offset: "
                    + json(end) + ".");
        }
        Map<TopicPartition, Long> latest = latestNow.get();
        if (!latest.keySet().containsAll(end.keySet())) {
            throw failure("LOST_TOPIC_PARTITIONS_IN_END_OFFSET_WITH_TRIGGER_AVAILABLENOW", "Some of partitions in "
                    + "Kafka topic(s) have been lost during running query with Trigger.AvailableNow.",
                    "topic-partitions for latest offset: " + KafkaSource.sorted(latest.keySet())
                    + ", topic-partitions for end offset: " + KafkaSource.sorted(end.keySet()));
        }
        if (end.entrySet().stream().anyMatch(p -> p.getValue() > latest.get(p.getKey()))) {
            throw failure("END_OFFSET_HAS_GREATER_OFFSET_FOR_TOPIC_PARTITION_THAN_LATEST_WITH_TRIGGER_AVAILABLENOW",
                    "Some of partitions in Kafka topic(s) report available offset which is less than end offset "
                    + "during running query with Trigger.AvailableNow.", "latest offset: " + json(latest)
                    + ", end offset: " + json(end));
        }
    }

    private static String json(Map<TopicPartition, Long> offsets) {
        return new KafkaSourceOffset(offsets).json();
    }

    private static ArusException failure(String errorClass, String what, String details) {
        return new ArusException(errorClass, "[" + errorClass + "] " + what + " The error could be transient - "
                + "restart your query, and report if you still see the same issue.\n" + details);
    }
}
