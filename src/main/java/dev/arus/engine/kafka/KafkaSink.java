package dev.arus.engine.kafka;

import dev.arus.engine.data.Row;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.ResultBatch;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;

/**
 * Writes each batch's rows to Kafka as Spark's {@code KafkaWriteTask} does: one record per row,
 * its topic from the row's {@code topic} or the {@code topic} option, its key, value, headers
 * and partition from the columns of those names; the batch is done once every record is
 * acknowledged, and the first failure fails it, no record being sent after it. At least once, as Spark's: a batch run again
 * after a crash is written again. In {@code exactlyOnce} mode, {@link KafkaTransactions} writes
 * each batch in a transaction that also records its batch id, so a batch already committed is
 * skipped when run again.
 */
final class KafkaSink implements Sink {

    private final KafkaSinkOptions options;
    private final KafkaSinkColumns columns;
    private final KafkaProducer<byte[], byte[]> producer;
    private final KafkaTransactions transactions;

    KafkaSink(KafkaSinkOptions options, KafkaSinkColumns columns, KafkaProducer<byte[], byte[]> producer,
              KafkaTransactions transactions) {
        this.options = options;
        this.columns = columns;
        this.producer = producer;
        this.transactions = transactions;
    }

    @Override
    public String description() {
        return "KafkaSink" + (options.topic() == null ? "" : "[" + options.topic() + "]");
    }

    @Override
    public void addBatch(long batchId, ResultBatch batch) {
        if (transactions != null) {
            if (transactions.committed(batchId)) {
                return;
            }
            transactions.begin();
        }
        AtomicReference<FailedWrite> failure = new AtomicReference<>();
        try {
            for (int row = 0; row < batch.size(); row++) {
                if (failure.get() != null) {
                    break;
                }
                ProducerRecord<byte[], byte[]> record = record(batch, row);
                producer.send(record, (metadata, failed) -> {
                    if (failed != null) {
                        failure.compareAndSet(null, new FailedWrite(record.topic(), failed));
                    }
                });
            }
            producer.flush();
            if (failure.get() != null) {
                throw failed(batchId, failure.get());
            }
            if (transactions != null) {
                transactions.commit(batchId);
            }
        } catch (KafkaException failed) {
            if (transactions != null) {
                transactions.abort();
            }
            throw failed(batchId, failed);
        } catch (RuntimeException failed) {
            if (transactions != null) {
                transactions.abort();
            }
            throw failed;
        }
    }

    /**
     * The first record of a batch that Kafka refused, and why. A topic the brokers do not know
     * for the whole of {@code max.block.ms} is {@code KAFKA_TOPIC_NOT_FOUND}: the producer gives
     * up waiting for its metadata with the brokers' last answer as the cause.
     */
    private record FailedWrite(String topic, Exception cause) {
    }

    private ArusException failed(long batchId, FailedWrite write) {
        boolean missing = write.cause() instanceof UnknownTopicOrPartitionException
                || write.cause().getCause() instanceof UnknownTopicOrPartitionException;
        if (missing) {
            return new ArusException(KafkaBrokerCheck.TOPIC_NOT_FOUND, KafkaBrokerCheck.topicNotFound(write.topic(),
                    options.kafkaParams()) + " Batch " + batchId + " was not written: "
                    + write.cause().getClass().getSimpleName() + ": " + write.cause().getMessage(), write.cause());
        }
        return failed(batchId, write.cause());
    }

    private ArusException failed(long batchId, Exception cause) {
        return new ArusException("KAFKA_WRITE_FAILED", "[KAFKA_WRITE_FAILED] Cannot write batch " + batchId
                + " to the Kafka brokers at " + KafkaClients.servers(options.kafkaParams()) + ": "
                + cause.getClass().getSimpleName() + ": " + cause.getMessage(), cause);
    }

    /** Row {@code row} of {@code batch} as a record, read from the batch's columns without making a {@link Row}. */
    private ProducerRecord<byte[], byte[]> record(ResultBatch batch, int row) {
        String topic = columns.topic() < 0 ? options.topic() : (String) batch.value(row, columns.topic());
        if (topic == null) {
            throw new ArusException("KAFKA_NULL_TOPIC_IN_DATA", "[KAFKA_NULL_TOPIC_IN_DATA] The Kafka message data "
                    + "sent to the producer contains a null topic. Use the `topic` option for setting a default topic.");
        }
        byte[] key = columns.key() < 0 ? null : bytes(batch.value(row, columns.key()));
        byte[] value = bytes(batch.value(row, columns.value()));
        Integer partition = columns.partition() < 0 ? null : (Integer) batch.value(row, columns.partition());
        List<Header> headers = columns.headers() < 0 ? null : headers(batch.value(row, columns.headers()));
        return new ProducerRecord<>(topic, partition, null, key, value, headers);
    }

    private static byte[] bytes(Object value) {
        return value == null ? null : value instanceof String text ? text.getBytes(StandardCharsets.UTF_8)
                : (byte[]) value;
    }

    private static List<Header> headers(Object value) {
        if (value == null) {
            return null;
        }
        List<Header> headers = new ArrayList<>();
        for (Object element : (List<?>) value) {
            Row header = (Row) element;
            headers.add(new RecordHeader((String) header.get(0), (byte[]) header.get(1)));
        }
        return headers;
    }

    /** Closes the producer; in exactly-once mode an open transaction is left to be aborted by the next run. */
    @Override
    public void close() {
        producer.close(Duration.ZERO);
    }
}
