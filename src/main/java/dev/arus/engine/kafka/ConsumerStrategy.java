package dev.arus.engine.kafka;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/**
 * Which topic partitions a Kafka source reads, as Spark's {@code ConsumerStrategy}: the partitions
 * of a list of topics ({@code subscribe}), of every topic whose name matches a pattern
 * ({@code subscribePattern}), or a fixed list ({@code assign}). The source asks again at every
 * trigger, so that new partitions and new matching topics are picked up.
 */
sealed interface ConsumerStrategy {

    /** The partitions this strategy reads among {@code topics}, the cluster's topics and their partitions. */
    Set<TopicPartition> partitions(Map<String, List<PartitionInfo>> topics);

    /** As Spark describes the strategy in a source's description: {@code Subscribe[orders]}. */
    String describe();

    record Subscribe(List<String> topics) implements ConsumerStrategy {
        @Override
        public Set<TopicPartition> partitions(Map<String, List<PartitionInfo>> cluster) {
            Set<TopicPartition> partitions = new LinkedHashSet<>();
            for (String topic : topics) {
                add(partitions, cluster.get(topic));
            }
            return partitions;
        }

        @Override
        public String describe() {
            return "Subscribe[" + String.join(", ", topics) + "]";
        }
    }

    record SubscribePattern(String pattern) implements ConsumerStrategy {
        @Override
        public Set<TopicPartition> partitions(Map<String, List<PartitionInfo>> cluster) {
            Pattern regex = Pattern.compile(pattern);
            Set<TopicPartition> partitions = new LinkedHashSet<>();
            cluster.forEach((topic, infos) -> {
                if (regex.matcher(topic).matches()) {
                    add(partitions, infos);
                }
            });
            return partitions;
        }

        @Override
        public String describe() {
            return "SubscribePattern[" + pattern + "]";
        }
    }

    /** Only the given partitions that exist now: one that is gone is reported as deleted. */
    record Assign(List<TopicPartition> assigned) implements ConsumerStrategy {
        @Override
        public Set<TopicPartition> partitions(Map<String, List<PartitionInfo>> cluster) {
            Set<TopicPartition> partitions = new LinkedHashSet<>();
            for (TopicPartition partition : assigned) {
                List<PartitionInfo> infos = cluster.get(partition.topic());
                if (infos != null && infos.stream().anyMatch(info -> info.partition() == partition.partition())) {
                    partitions.add(partition);
                }
            }
            return partitions;
        }

        @Override
        public String describe() {
            return "Assign[" + String.join(", ", assigned.stream().map(TopicPartition::toString).toList()) + "]";
        }
    }

    private static void add(Set<TopicPartition> partitions, Collection<PartitionInfo> infos) {
        if (infos != null) {
            infos.forEach(info -> partitions.add(new TopicPartition(info.topic(), info.partition())));
        }
    }
}
