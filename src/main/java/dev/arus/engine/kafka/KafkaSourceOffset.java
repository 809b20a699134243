package dev.arus.engine.kafka;

import dev.arus.engine.files.FlatJson;
import dev.arus.engine.source.Offset;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.TopicPartition;

/**
 * A Kafka source's position, as Spark's {@code KafkaSourceOffset}: for each topic partition it
 * reads, the offset of the next record. Written to the offset log as Spark writes it,
 * {@code {"orders":{"0":23,"1":5}}}, topics and partitions in ascending order. Reading
 * {@code (start, end]} of a partition reads offsets {@code start} (inclusive) to {@code end}
 * (exclusive).
 */
record KafkaSourceOffset(Map<TopicPartition, Long> offsets) implements Offset {

    static final Comparator<TopicPartition> ORDER =
            Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition);

    private static final Pattern ASSIGN_ENTRY = Pattern.compile("\"([^\"]+)\":\\[(-?[0-9]+(?:,-?[0-9]+)*)?\\]");

    KafkaSourceOffset {
        Map<TopicPartition, Long> sorted = new TreeMap<>(ORDER);
        sorted.putAll(offsets);
        offsets = Collections.unmodifiableMap(sorted);
    }

    @Override
    public String json() {
        Map<String, Map<String, Long>> byTopic = new LinkedHashMap<>();
        offsets.forEach((partition, offset) -> byTopic.computeIfAbsent(partition.topic(), t -> new LinkedHashMap<>())
                .put(Integer.toString(partition.partition()), offset));
        return FlatJson.write(byTopic);
    }

    /**
     * Reads offsets per topic partition, as the offset log and {@code startingOffsets} hold them.
     *
     * @throws IllegalArgumentException in Spark's words when {@code json} is not such offsets
     */
    static KafkaSourceOffset parse(String json) {
        Map<TopicPartition, Long> offsets = new LinkedHashMap<>();
        try {
            FlatJson.parse(json).forEach((topic, partitions) -> {
                if (!(partitions instanceof Map<?, ?> byPartition)) {
                    throw new IllegalArgumentException(topic);
                }
                byPartition.forEach((partition, offset) -> offsets.put(
                        new TopicPartition(topic, Integer.parseInt((String) partition)), (Long) offset));
            });
        } catch (IllegalArgumentException | ClassCastException notOffsets) {
            throw new IllegalArgumentException("Expected e.g. {\"topicA\":{\"0\":23,\"1\":-1},\"topicB\":{\"0\":-2}}, got "
                    + json);
        }
        return new KafkaSourceOffset(offsets);
    }

    /**
     * Reads the topic partitions of the {@code assign} option, as Spark's {@code JsonUtils.partitions}.
     *
     * @throws IllegalArgumentException in Spark's words when {@code json} is not such partitions
     */
    static List<TopicPartition> partitions(String json) {
        String compact = json.replaceAll("\\s", "");
        List<TopicPartition> partitions = new java.util.ArrayList<>();
        boolean valid = compact.startsWith("{") && compact.endsWith("}");
        if (valid) {
            String body = compact.substring(1, compact.length() - 1);
            Matcher entry = ASSIGN_ENTRY.matcher(body);
            int at = 0;
            while (valid && at < body.length() && entry.find(at) && entry.start() == at) {
                if (entry.group(2) != null) {
                    for (String partition : entry.group(2).split(",")) {
                        partitions.add(new TopicPartition(entry.group(1), Integer.parseInt(partition)));
                    }
                }
                at = entry.end();
                if (at < body.length()) {
                    valid = body.charAt(at) == ',';
                    at++;
                }
            }
            valid = valid && at == body.length() && !body.isEmpty();
        }
        if (!valid) {
            throw new IllegalArgumentException("Expected e.g. {\"topicA\":[0,1],\"topicB\":[0,1]}, got " + json);
        }
        return partitions;
    }
}
