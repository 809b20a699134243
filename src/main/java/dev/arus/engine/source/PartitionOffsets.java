package dev.arus.engine.source;

import dev.arus.engine.files.FlatJson;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The position of a partitioned log, as Kafka's source keeps it: for each partition of a named
 * stream (a topic), the offset of the next record to read. Serialised as Spark's
 * {@code KafkaSourceOffset}: {@code {"orders":{"0":23,"1":5}}}, partitions in ascending order.
 * Reading {@code (start, end]} of a partition reads offsets {@code start} (inclusive) up to
 * {@code end} (exclusive), as Kafka's ranges go.
 */
public record PartitionOffsets(String name, SortedMap<Integer, Long> offsets) implements Offset {

    public PartitionOffsets {
        offsets = Collections.unmodifiableSortedMap(new TreeMap<>(offsets));
    }

    /** The next offset to read in {@code partition}; 0 for a partition this position does not know yet. */
    public long offset(int partition) {
        return offsets.getOrDefault(partition, 0L);
    }

    /** The offsets of partitions {@code 0} to {@code partitions - 1}, in order. */
    public long[] toArray(int partitions) {
        long[] array = new long[partitions];
        for (int p = 0; p < partitions; p++) {
            array[p] = offset(p);
        }
        return array;
    }

    @Override
    public String json() {
        Map<String, Object> byPartition = new LinkedHashMap<>();
        offsets.forEach((partition, offset) -> byPartition.put(Integer.toString(partition), offset));
        return FlatJson.write(Map.of(name, byPartition));
    }

    /**
     * Reads an offset written by {@link #json()}.
     *
     * @throws IllegalArgumentException when {@code json} is not one stream's partition offsets
     */
    public static PartitionOffsets parse(String json) {
        Map<String, Object> streams = FlatJson.parse(json);
        if (streams.size() != 1 || !(streams.values().iterator().next() instanceof Map<?, ?> partitions)) {
            throw new IllegalArgumentException("expected the offsets of one stream, as {\"name\":{\"0\":23}}: " + json);
        }
        SortedMap<Integer, Long> offsets = new TreeMap<>();
        partitions.forEach((partition, offset) -> {
            try {
                offsets.put(Integer.parseInt(String.valueOf(partition)), (Long) offset);
            } catch (NumberFormatException | ClassCastException e) {
                throw new IllegalArgumentException("partition '" + partition + "' has no offset: " + json);
            }
        });
        return new PartitionOffsets(streams.keySet().iterator().next(), offsets);
    }
}
