package dev.arus.engine.kafka;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;

/**
 * The exactly-once mode of the Kafka sink, beyond Spark: each batch is written in one Kafka
 * transaction of a transactional id derived from the query's id, and the same transaction commits
 * the batch id as the offset of a consumer group of the query's own ({@code arus-kafka-sink-<id>})
 * on partition 0 of the sink's topic. So a batch is visible to {@code read_committed} readers
 * exactly when its id is recorded.
 *
 * <p>Steps, when a run starts and for each batch:
 * <ol>
 * <li>start: {@code initTransactions} fences any earlier run of the query (a process killed with
 * {@code kill -9} included) and aborts its open transaction; then the recorded batch id is read,
 * waiting for stable offsets;</li>
 * <li>batch at or below the recorded id: already visible, skipped;</li>
 * <li>otherwise: begin, send every row, record the batch id, commit; on failure abort.</li>
 * </ol>
 */
final class KafkaTransactions {

    private final KafkaProducer<byte[], byte[]> producer;
    private final TopicPartition marker;
    private final ConsumerGroupMetadata group;
    private long lastCommitted;

    /**
     * Step 1.
     *
     * @param wait how long reading the recorded batch id may take ({@code initTransactions} waits
     *             the producer's {@code max.block.ms})
     * @throws KafkaException when a call does not complete in time
     */
    KafkaTransactions(KafkaProducer<byte[], byte[]> producer, Admin admin, String topic, String groupId,
                      Duration wait) {
        this.producer = producer;
        this.marker = new TopicPartition(topic, 0);
        this.group = new ConsumerGroupMetadata(groupId);
        producer.initTransactions();
        try {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(groupId,
                            new ListConsumerGroupOffsetsOptions().requireStable(true).timeoutMs((int) wait.toMillis()))
                    .partitionsToOffsetAndMetadata().get(wait.toMillis(), TimeUnit.MILLISECONDS);
            OffsetAndMetadata recorded = offsets.get(marker);
            this.lastCommitted = recorded == null ? -1 : recorded.offset() - 1;
        } catch (ExecutionException failed) {
            throw failed.getCause() instanceof KafkaException kafka ? kafka : new KafkaException(failed.getCause());
        } catch (java.util.concurrent.TimeoutException late) {
            throw new org.apache.kafka.common.errors.TimeoutException("The recorded batch id of " + groupId
                    + " was not read within " + wait.toMillis() + " ms", late);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new KafkaException(interrupted);
        }
    }

    /** The transactional id of the sink of query {@code queryId}, the same in every run. */
    static String transactionalId(String queryId) {
        return "arus-kafka-sink-" + queryId;
    }

    /** Whether batch {@code batchId} is already committed, by this run or an earlier one. */
    boolean committed(long batchId) {
        return batchId <= lastCommitted;
    }

    void begin() {
        producer.beginTransaction();
    }

    void commit(long batchId) {
        producer.sendOffsetsToTransaction(Map.of(marker, new OffsetAndMetadata(batchId + 1, "arus batch " + batchId)),
                group);
        producer.commitTransaction();
        lastCommitted = batchId;
    }

    void abort() {
        try {
            producer.abortTransaction();
        } catch (KafkaException alreadyFailed) {
            // a fenced or failed producer cannot abort; the next run's initTransactions does
        }
    }
}
