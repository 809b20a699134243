package dev.arus.engine.kafka;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.source.InputPartition;
import dev.arus.engine.streaming.ArusException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;

/**
 * The consumers that read a Kafka source's records on the task threads, kept between batches per
 * topic partition as Spark's consumer pool keeps them: a task takes one, reads its range and
 * gives it back. Reading a range {@code [from, until)}: records may be missing inside it
 * (compaction, transaction markers), and that is no loss; records gone from its start
 * (retention) are, and {@code failOnDataLoss} says what happens. A range whose records do not
 * arrive within {@code kafkaConsumer.pollTimeoutMs} fails the batch, as Spark's does.
 */
final class KafkaRecordReaders implements AutoCloseable {

    /** One poll waits at most this long, so that a range ending in markers does not wait for the whole timeout. */
    private static final Duration POLL_SLICE = Duration.ofMillis(100);

    private final KafkaSourceOptions options;
    private final String groupId;
    private final KafkaDataLoss dataLoss;
    private final Map<TopicPartition, Queue<KafkaConsumer<byte[], byte[]>>> idle = new ConcurrentHashMap<>();

    KafkaRecordReaders(KafkaSourceOptions options, String groupId, KafkaDataLoss dataLoss) {
        this.options = options;
        this.groupId = groupId;
        this.dataLoss = dataLoss;
    }

    /** The task that reads {@code [from, until)} of {@code partition}. */
    InputPartition partition(TopicPartition partition, long from, long until) {
        return (chunk, consumer) -> read(partition, from, until, chunk, consumer);
    }

    private void read(TopicPartition partition, long from, long until, ColumnarBatch chunk,
                      Consumer<ColumnarBatch> rows) {
        Queue<KafkaConsumer<byte[], byte[]>> pool = idle.computeIfAbsent(partition, p -> new ConcurrentLinkedQueue<>());
        KafkaConsumer<byte[], byte[]> consumer = pool.poll();
        if (consumer == null) {
            consumer = KafkaClients.recordConsumer(options.kafkaParams(), groupId);
            consumer.assign(List.of(partition));
        }
        boolean healthy = false;
        try {
            read(consumer, partition, from, until, new KafkaRecords.ChunkWriter(chunk, rows));
            healthy = true;
        } catch (KafkaException failed) {
            throw KafkaClients.unreachable("read records [" + from + ", " + until + ") of " + partition,
                    options.kafkaParams(), failed);
        } finally {
            if (healthy) {
                pool.add(consumer);
            } else {
                consumer.close(Duration.ZERO);
            }
        }
    }

    private void read(KafkaConsumer<byte[], byte[]> consumer, TopicPartition partition, long from, long until,
                      KafkaRecords.ChunkWriter writer) {
        long next = from;
        consumer.seek(partition, next);
        long idleSlices = 0;
        long maxIdleSlices = Math.max(1, options.pollTimeoutMs() / POLL_SLICE.toMillis());
        while (next < until) {
            ConsumerRecords<byte[], byte[]> records;
            try {
                records = consumer.poll(POLL_SLICE);
            } catch (OffsetOutOfRangeException gone) {
                next = skipLost(consumer, partition, next, until);
                continue;
            }
            if (records.isEmpty()) {
                long position = consumer.position(partition);
                if (position > next) {
                    next = Math.min(position, until); // past records that are not data: markers, compacted
                } else if (++idleSlices >= maxIdleSlices) {
                    throw new ArusException("KAFKA_FETCH_TIMEOUT", "[KAFKA_FETCH_TIMEOUT] Cannot fetch record for "
                            + "offset " + next + " of " + partition + " in " + options.pollTimeoutMs()
                            + " milliseconds (kafkaConsumer.pollTimeoutMs)");
                }
                continue;
            }
            idleSlices = 0;
            for (ConsumerRecord<byte[], byte[]> record : records.records(partition)) {
                if (record.offset() >= until) {
                    next = until;
                    break;
                }
                writer.add(record);
                next = record.offset() + 1;
            }
        }
        writer.flush();
    }

    /** Records from {@code next} on were deleted: report it, and go on from the earliest kept. */
    private long skipLost(KafkaConsumer<byte[], byte[]> consumer, TopicPartition partition, long next, long until) {
        long earliest = consumer.beginningOffsets(List.of(partition)).getOrDefault(partition, until);
        dataLoss.report("COULD_NOT_READ_OFFSET_RANGE", "Could not read records in offset [" + next + ", " + until
                + ") for topic partition " + partition + "\nwith consumer group " + groupId + "-executor.");
        long resumed = Math.max(next, Math.min(earliest, until));
        if (resumed == next) {
            resumed = until; // the range is beyond what the partition holds now: nothing to read
        }
        consumer.seek(partition, Math.min(resumed, until));
        return resumed;
    }

    @Override
    public void close() {
        idle.values().forEach(pool -> pool.forEach(consumer -> consumer.close(Duration.ZERO)));
        idle.clear();
    }
}
