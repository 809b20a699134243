package dev.arus.engine.kafka;

import dev.arus.engine.data.Schema;
import dev.arus.engine.source.InputPartition;
import dev.arus.engine.source.Offset;
import dev.arus.engine.source.ReadLimit;
import dev.arus.engine.source.SupportsTriggerAvailableNow;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads Kafka topics as Spark's {@code KafkaMicroBatchStream}. Its offset is the next offset per
 * topic partition ({@link KafkaSourceOffset}); a batch reads each partition's records between the
 * previous batch's end and its own, one task per partition. A new query starts at its
 * {@code startingOffsets}, resolved once against the brokers and kept in the checkpoint's source
 * metadata, so that a restarted query starts where the first run did. Like Spark's, the source
 * commits nothing to Kafka: the checkpoint is the truth.
 *
 * <p>Each trigger, {@link #latestOffset}:
 * <ol>
 * <li>asks which partitions the strategy reads now, so new partitions and topics are picked up;</li>
 * <li>fetches their latest offsets (the last stable offset under {@code read_committed}); under
 * {@code availableNow}, takes instead those fetched when the run started;</li>
 * <li>with {@code minOffsetsPerTrigger} in the read limit, holds the batch back while fewer
 * records are new and {@code maxTriggerDelay} has not passed since the last batch;</li>
 * <li>with {@code maxOffsetsPerTrigger} in it, shares that many records among the partitions in
 * proportion to what each has new.</li>
 * </ol>
 * The {@code once} trigger's limit has neither. {@link #planInputPartitions} then reports deleted
 * partitions, new partitions that do not start at 0 and offsets that went back, as
 * {@code failOnDataLoss} says; under {@code availableNow} it first checks the batch's end against
 * the offsets fetched at the start and the brokers' latest, as Spark does.
 */
final class KafkaSource implements SupportsTriggerAvailableNow {

    private final KafkaSourceOptions options;
    private final Clock clock;
    private final KafkaDataLoss dataLoss;
    private final KafkaConsumer<byte[], byte[]> metadata;
    private final KafkaRecordReaders readers;
    private final Duration timeout;
    private final KafkaSourceOffset initial;
    private Map<TopicPartition, Long> latestAvailable = Map.of();
    private KafkaAvailableNowEnd availableNowEnd;
    private long lastTriggerMillis;

    /**
     * @param kept    the initial offsets an earlier run of the query kept, or null for a new query
     * @param groupId the group id of this run's consumers, when {@code kafka.group.id} is not given
     */
    KafkaSource(KafkaSourceOptions options, Clock clock, String kept, String groupId) {
        this.options = options;
        this.clock = clock;
        this.dataLoss = new KafkaDataLoss(options.failOnDataLoss());
        this.metadata = KafkaClients.metadataConsumer(options.kafkaParams(), groupId);
        this.timeout = Duration.ofMillis(apiTimeoutMs(options.kafkaParams()));
        try {
            this.initial = kept != null ? KafkaSourceOffset.parse(kept) : starting();
        } catch (KafkaException unreachable) {
            metadata.close(Duration.ZERO);
            throw KafkaClients.unreachable("list the topics", options.kafkaParams(), unreachable);
        } catch (RuntimeException failed) {
            metadata.close(Duration.ZERO);
            throw failed;
        }
        this.readers = new KafkaRecordReaders(options, groupId, dataLoss);
    }

    private static long apiTimeoutMs(Map<String, String> params) {
        return params.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(
                        ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG)).map(e -> Long.parseLong(e.getValue().trim()))
                .findFirst().orElse(60_000L);
    }

    /** Where a new query starts: Spark's {@code getOrCreateInitialPartitionOffsets}. */
    private KafkaSourceOffset starting() {
        Set<TopicPartition> partitions = partitions();
        return switch (options.startingOffsets()) {
            case KafkaSourceOptions.EARLIEST -> new KafkaSourceOffset(metadata.beginningOffsets(partitions, timeout));
            case KafkaSourceOptions.LATEST -> new KafkaSourceOffset(metadata.endOffsets(partitions, timeout));
            default -> specific(KafkaSourceOffset.parse(options.startingOffsets()), partitions);
        };
    }

    /** Spark's {@code fetchSpecificOffsets}: all assigned partitions given, -2 earliest, -1 latest, checked against the brokers. */
    private KafkaSourceOffset specific(KafkaSourceOffset given, Set<TopicPartition> assigned) {
        if (!given.offsets().keySet().equals(assigned)) {
            throw new InvalidOptionException("KAFKA_START_OFFSET_DOES_NOT_MATCH_ASSIGNED",
                    KafkaSourceOptions.STARTING_OFFSETS, "[KAFKA_START_OFFSET_DOES_NOT_MATCH_ASSIGNED] Partitions "
                    + "specified for Kafka start offsets don't match what are assigned. Maybe topic partitions are "
                    + "created or deleted while the query is running. Use -1 for latest, -2 for earliest.\nSpecified: "
                    + sorted(given.offsets().keySet()) + " Assigned: " + sorted(assigned));
        }
        Map<TopicPartition, Long> earliest = metadata.beginningOffsets(assigned, timeout);
        Map<TopicPartition, Long> latest = metadata.endOffsets(assigned, timeout);
        Map<TopicPartition, Long> resolved = new HashMap<>();
        given.offsets().forEach((partition, offset) -> {
            long first = earliest.get(partition);
            long end = latest.get(partition);
            long fetched = offset == -2 ? first : offset == -1 ? end : offset < first || offset > end ? first : offset;
            if (offset >= 0 && fetched != offset) {
                dataLoss.report("START_OFFSET_RESET", "Starting offset for " + partition + " was " + offset
                        + " but consumer reset to " + fetched + ".");
            }
            resolved.put(partition, fetched);
        });
        return new KafkaSourceOffset(resolved);
    }

    static List<String> sorted(Collection<TopicPartition> partitions) {
        TreeSet<TopicPartition> ordered = new TreeSet<>(KafkaSourceOffset.ORDER);
        ordered.addAll(partitions);
        return ordered.stream().map(TopicPartition::toString).toList();
    }

    /** The partitions the strategy reads now. */
    private Set<TopicPartition> partitions() {
        try {
            return options.strategy().partitions(metadata.listTopics(timeout));
        } catch (KafkaException unreachable) {
            throw KafkaClients.unreachable("list the topics", options.kafkaParams(), unreachable);
        }
    }

    @Override
    public String description() {
        return "KafkaV2[" + options.strategy().describe() + "]";
    }

    @Override
    public Schema schema() {
        return KafkaRecords.schema(options.includeHeaders());
    }

    @Override
    public String checkpointMetadata() {
        return initial.json();
    }

    @Override
    public Offset deserializeOffset(String json) {
        return KafkaSourceOffset.parse(json);
    }

    /**
     * Spark's {@code getDefaultReadLimit}: {@code minOffsetsPerTrigger} (with
     * {@code maxTriggerDelay}) and {@code maxOffsetsPerTrigger}, either or both.
     */
    @Override
    public ReadLimit defaultReadLimit() {
        ReadLimit min = options.minOffsetsPerTrigger() > 0
                ? new ReadLimit.MinRows(options.minOffsetsPerTrigger(), options.maxTriggerDelayMs()) : null;
        ReadLimit max = options.maxOffsetsPerTrigger() > 0 ? new ReadLimit.MaxRows(options.maxOffsetsPerTrigger())
                : null;
        if (min != null && max != null) {
            return new ReadLimit.Composite(List.of(min, max));
        }
        return min != null ? min : max != null ? max : ReadLimit.allAvailable();
    }

    /** Fetches the latest offsets now: the run reads up to them and no further, as Spark's. */
    @Override
    public void prepareForTriggerAvailableNow() {
        availableNowEnd = new KafkaAvailableNowEnd(fetchLatest());
    }

    /** The steps in the class comment; under {@code availableNow}, the offsets fetched when the run started. */
    @Override
    public Offset latestOffset(Offset start, ReadLimit limit) {
        Map<TopicPartition, Long> from = (start == null ? initial : cast(start)).offsets();
        Map<TopicPartition, Long> latest = availableNowEnd != null ? availableNowEnd.offsets() : fetchLatest();
        latestAvailable = latest;
        ReadLimit.MinRows min = limit.part(ReadLimit.MinRows.class);
        if (min != null && delayBatch(latest, from, min)) {
            return new KafkaSourceOffset(from);
        }
        ReadLimit.MaxRows max = limit.part(ReadLimit.MaxRows.class);
        if (max != null) {
            return new KafkaSourceOffset(rateLimit(max.maxRows(), from, latest));
        }
        return new KafkaSourceOffset(latest);
    }

    /** The latest offsets of the partitions the strategy reads now. */
    private Map<TopicPartition, Long> fetchLatest() {
        Set<TopicPartition> partitions = partitions();
        try {
            return metadata.endOffsets(partitions, timeout);
        } catch (KafkaException unreachable) {
            throw KafkaClients.unreachable("fetch the latest offsets", options.kafkaParams(), unreachable);
        }
    }

    /** Spark's {@code delayBatch}: too few new records and the longest delay not yet reached. */
    private boolean delayBatch(Map<TopicPartition, Long> latest, Map<TopicPartition, Long> from,
                               ReadLimit.MinRows min) {
        long now = clock.millis();
        if (now - lastTriggerMillis >= min.maxTriggerDelayMs()) {
            lastTriggerMillis = now;
            return false;
        }
        long newRecords = 0;
        for (Map.Entry<TopicPartition, Long> partition : latest.entrySet()) {
            newRecords += partition.getValue() - from.getOrDefault(partition.getKey(), 0L);
        }
        if (newRecords < min.minRows()) {
            return true;
        }
        lastTriggerMillis = now;
        return false;
    }

    /**
     * Spark's {@code rateLimit}: each partition with records to read gets its share of
     * {@code limit} in proportion to how many it has, rounded down, but at least one; a new
     * partition counts from its earliest offset.
     */
    private Map<TopicPartition, Long> rateLimit(long limit, Map<TopicPartition, Long> from,
                                                Map<TopicPartition, Long> until) {
        Map<TopicPartition, Long> begins = new HashMap<>(from);
        List<TopicPartition> added = until.keySet().stream().filter(p -> !from.containsKey(p)).toList();
        if (!added.isEmpty()) {
            begins.putAll(metadata.beginningOffsets(added, timeout));
        }
        Map<TopicPartition, Long> sizes = new HashMap<>();
        double total = 0;
        for (Map.Entry<TopicPartition, Long> partition : until.entrySet()) {
            Long begin = begins.get(partition.getKey());
            if (begin != null && partition.getValue() - begin > 0) {
                sizes.put(partition.getKey(), partition.getValue() - begin);
                total += partition.getValue() - begin;
            }
        }
        if (total < 1) {
            return until;
        }
        Map<TopicPartition, Long> limited = new LinkedHashMap<>();
        for (Map.Entry<TopicPartition, Long> partition : until.entrySet()) {
            Long size = sizes.get(partition.getKey());
            long end = partition.getValue();
            if (size != null) {
                long begin = begins.get(partition.getKey());
                double prorate = limit * (size / total);
                long share = (long) (prorate < 1 ? Math.ceil(prorate) : Math.floor(prorate));
                end = Math.min(end, share > Long.MAX_VALUE - begin ? Long.MAX_VALUE : begin + share);
            }
            limited.put(partition.getKey(), end);
        }
        return limited;
    }

    @Override
    public Offset reportLatestOffset() {
        return latestAvailable.isEmpty() ? null : new KafkaSourceOffset(latestAvailable);
    }

    /**
     * Spark's Kafka metrics: how many records each partition the source knows has beyond
     * {@code end}, at least, at most and on average; none before the source has asked the brokers.
     */
    @Override
    public Map<String, String> metrics(Offset end) {
        if (latestAvailable.isEmpty()) {
            return Map.of();
        }
        Map<TopicPartition, Long> consumed = cast(end).offsets();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long sum = 0;
        for (Map.Entry<TopicPartition, Long> partition : latestAvailable.entrySet()) {
            long behind = partition.getValue() - consumed.getOrDefault(partition.getKey(), 0L);
            min = Math.min(min, behind);
            max = Math.max(max, behind);
            sum += behind;
        }
        return Map.of("avgOffsetsBehindLatest", Double.toString((double) sum / latestAvailable.size()),
                "maxOffsetsBehindLatest", Long.toString(max), "minOffsetsBehindLatest", Long.toString(min));
    }

    /** Spark's {@code getOffsetRangesFromResolvedOffsets}, then one task per partition with records. */
    @Override
    public List<InputPartition> planInputPartitions(Offset start, Offset end) {
        Map<TopicPartition, Long> from = (start == null ? initial : cast(start)).offsets();
        Map<TopicPartition, Long> until = cast(end).offsets();
        if (availableNowEnd != null) {
            availableNowEnd.verify(until, this::fetchLatest);
        }
        List<TopicPartition> added = until.keySet().stream().filter(p -> !from.containsKey(p)).toList();
        Map<TopicPartition, Long> addedFrom = added.isEmpty() ? Map.of() : earliest(added);
        if (!addedFrom.keySet().containsAll(added)) {
            List<TopicPartition> gone = added.stream().filter(p -> !addedFrom.containsKey(p)).toList();
            dataLoss.report("INITIAL_OFFSET_NOT_FOUND_FOR_PARTITIONS", "Cannot find initial offsets for partitions "
                    + sorted(gone) + ". They may have been deleted.");
        }
        addedFrom.forEach((partition, offset) -> {
            if (offset != 0) {
                dataLoss.report("ADDED_PARTITION_DOES_NOT_START_FROM_OFFSET_ZERO", "Added partition " + partition
                        + " starts from " + offset + " instead of 0.");
            }
        });
        List<TopicPartition> deleted = from.keySet().stream().filter(p -> !until.containsKey(p)).toList();
        if (!deleted.isEmpty()) {
            dataLoss.report("PARTITIONS_DELETED", "Partitions " + sorted(deleted) + " have been deleted.");
        }
        List<InputPartition> tasks = new ArrayList<>();
        for (Map.Entry<TopicPartition, Long> partition : until.entrySet()) {
            TopicPartition topicPartition = partition.getKey();
            Long first = from.containsKey(topicPartition) ? from.get(topicPartition) : addedFrom.get(topicPartition);
            if (first == null) {
                continue;
            }
            long last = partition.getValue();
            if (last < first) {
                dataLoss.report("PARTITION_OFFSET_CHANGED", "Partition " + topicPartition + " offset was changed from "
                        + first + " to " + last + ".\nThis could either be a user error that the start offset is set "
                        + "too high and this is the first batch, or the kafka topic-partition is broken, and some data "
                        + "may have been missed.");
            } else if (last > first) {
                tasks.add(readers.partition(topicPartition, first, last));
            }
        }
        return tasks;
    }

    private Map<TopicPartition, Long> earliest(List<TopicPartition> partitions) {
        Set<TopicPartition> existing = partitions();
        List<TopicPartition> present = partitions.stream().filter(existing::contains).toList();
        try {
            return present.isEmpty() ? Map.of() : metadata.beginningOffsets(present, timeout);
        } catch (KafkaException unreachable) {
            throw KafkaClients.unreachable("fetch the earliest offsets", options.kafkaParams(), unreachable);
        }
    }

    @Override
    public void close() {
        readers.close();
        metadata.close(Duration.ZERO);
    }

    private static KafkaSourceOffset cast(Offset offset) {
        if (offset instanceof KafkaSourceOffset kafkaOffset) {
            return kafkaOffset;
        }
        throw new IllegalArgumentException("not an offset of the kafka source: " + offset);
    }
}
