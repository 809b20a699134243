package dev.arus.engine.kafka;

import dev.arus.engine.sink.Sink;
import dev.arus.engine.sink.SinkContext;
import dev.arus.engine.sink.SinkProvider;
import dev.arus.engine.streaming.ArusException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Node;

/**
 * The {@code kafka} sink format: a {@link KafkaSink} with a producer of
 * {@linkplain KafkaProducerSettings Arus's bounds and the user's settings}. The output's columns
 * are checked before anything connects; then the {@linkplain KafkaBrokerCheck broker check}
 * asks, within the connect timeout, that the brokers answer and that the {@code topic} option's
 * topic exists, so that a query that could not write is refused when it starts. In
 * {@code exactlyOnce} mode the query must keep a checkpoint, and the producer's transactions are
 * started here, each call within the producer's {@code max.block.ms}.
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
        String transactionalId = options.exactlyOnce()
                ? KafkaTransactions.transactionalId(context.query().id().toString()) : null;
        Map<String, Object> config = KafkaProducerSettings.of(options.kafkaParams(), transactionalId);
        try (KafkaBrokerCheck check = KafkaBrokerCheck.open(options.kafkaParams(), context.connectTimeout())) {
            Collection<Node> brokers = check.reachable();
            if (options.topic() != null && !options.topic().isEmpty()) {
                check.topicExists(options.topic(), KafkaSinkOptions.TOPIC, brokers);
            }
            KafkaProducer<byte[], byte[]> producer = KafkaProducerSettings.producer(config, options.kafkaParams());
            if (transactionalId == null) {
                return new KafkaSink(options, columns, producer, null);
            }
            try {
                return new KafkaSink(options, columns, producer, new KafkaTransactions(producer, check.admin(),
                        options.topic(), transactionalId, KafkaProducerSettings.maxBlock(config)));
            } catch (KafkaException unreachable) {
                producer.close(Duration.ZERO);
                throw KafkaClients.unreachable("start the sink's transactions", options.kafkaParams(), unreachable);
            }
        }
    }
}
