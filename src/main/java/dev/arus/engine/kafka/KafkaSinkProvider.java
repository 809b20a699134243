package dev.arus.engine.kafka;

import dev.arus.engine.sink.Sink;
import dev.arus.engine.sink.SinkContext;
import dev.arus.engine.sink.SinkProvider;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The {@code kafka} sink format: a {@link KafkaSink} with a producer of the user's
 * {@code kafka.*} settings and byte-array keys and values. The output's columns are checked
 * before anything connects; in {@code exactlyOnce} mode the query must keep a checkpoint, and
 * the producer's transactions are started here, so that an unreachable broker fails the start.
 */
public final class KafkaSinkProvider implements SinkProvider {

    @Override
    public String format() {
        return "kafka";
    }

    @Override
    public List<String> options() {
        return KafkaSinkOptions.NAMES;
    }

    @Override
    public Sink create(SinkContext context) {
        KafkaSinkOptions options = KafkaSinkOptions.parse(context.options());
        KafkaSinkColumns columns = KafkaSinkColumns.of(context.schema(), options.topic() != null);
        if (options.exactlyOnce() && !context.checkpointed()) {
            throw new ArusException("CHECKPOINT_LOCATION_NOT_SPECIFIED", "[CHECKPOINT_LOCATION_NOT_SPECIFIED] The "
                    + "kafka sink in exactlyOnce mode needs a checkpointLocation: it ties each transaction to a batch "
                    + "id of the checkpoint");
        }
        Map<String, Object> config = new HashMap<>(options.kafkaParams());
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        String queryId = context.query().id().toString();
        if (options.exactlyOnce()) {
            config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, KafkaTransactions.transactionalId(queryId));
            config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        }
        KafkaProducer<byte[], byte[]> producer = producer(config, options);
        if (!options.exactlyOnce()) {
            return new KafkaSink(options, columns, producer, null);
        }
        Properties adminConfig = new Properties();
        adminConfig.putAll(options.kafkaParams());
        try (Admin admin = Admin.create(adminConfig)) {
            KafkaTransactions transactions = new KafkaTransactions(producer, admin, options.topic(),
                    KafkaTransactions.transactionalId(queryId));
            return new KafkaSink(options, columns, producer, transactions);
        } catch (KafkaException unreachable) {
            producer.close(Duration.ZERO);
            throw KafkaClients.unreachable("start the sink's transactions", options.kafkaParams(), unreachable);
        }
    }

    private static KafkaProducer<byte[], byte[]> producer(Map<String, Object> config, KafkaSinkOptions options) {
        Properties properties = new Properties();
        properties.putAll(config);
        try {
            return new KafkaProducer<>(properties);
        } catch (KafkaException invalid) {
            Throwable cause = invalid.getCause() != null ? invalid.getCause() : invalid;
            throw new InvalidOptionException(null, "The Kafka client refuses the settings "
                    + KafkaParams.redacted(options.kafkaParams()) + ": " + cause.getMessage(), invalid);
        }
    }
}
