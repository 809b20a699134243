package dev.arus.engine.kafka;

import dev.arus.engine.streaming.InvalidOptionException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The settings of a Kafka sink's producer: byte-array keys and values, the user's {@code kafka.*}
 * settings, and Arus's bounds on how long a batch waits where the user sets none. Kafka's own
 * defaults let a send wait a minute for the metadata of a topic that does not exist, and a record
 * two minutes for a partition without a leader; Arus's fail the batch within seconds, naming the
 * cause, and leave the retries to whoever restarts the query:
 * <ul>
 * <li>{@code max.block.ms} {@value #MAX_BLOCK_MS}: a send's wait for a topic's metadata or for
 * buffer space, and each transaction call of the exactly-once mode;</li>
 * <li>{@code delivery.timeout.ms} {@value #DELIVERY_TIMEOUT_MS} with {@code request.timeout.ms}
 * {@value #REQUEST_TIMEOUT_MS}: a record's time from its send to its acknowledgement, retries
 * included. Kafka requires the first to be at least the second plus {@code linger.ms}, so a user
 * who sets any of the three sets them all.</li>
 * </ul>
 */
final class KafkaProducerSettings {

    static final long MAX_BLOCK_MS = 10_000;
    static final long DELIVERY_TIMEOUT_MS = 30_000;
    static final long REQUEST_TIMEOUT_MS = 15_000;

    private static final List<String> DELIVERY_SETTINGS = List.of(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
            ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, ProducerConfig.LINGER_MS_CONFIG);

    private KafkaProducerSettings() {
    }

    /** The producer's settings: {@code params} over Arus's bounds; transactional when {@code transactionalId} is not null. */
    static Map<String, Object> of(Map<String, String> params, String transactionalId) {
        Map<String, Object> config = new HashMap<>();
        if (!given(params, ProducerConfig.MAX_BLOCK_MS_CONFIG)) {
            config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(MAX_BLOCK_MS));
        }
        if (DELIVERY_SETTINGS.stream().noneMatch(name -> given(params, name))) {
            config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, Long.toString(DELIVERY_TIMEOUT_MS));
            config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(REQUEST_TIMEOUT_MS));
        }
        config.putAll(params);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        if (transactionalId != null) {
            config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
            config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        }
        return config;
    }

    /** How long one blocking call of a producer of {@code config}, made by {@link #of}, waits: its {@code max.block.ms}. */
    static Duration maxBlock(Map<String, Object> config) {
        return Duration.ofMillis(Long.parseLong(config.get(ProducerConfig.MAX_BLOCK_MS_CONFIG).toString().trim()));
    }

    /**
     * A producer of {@code config}.
     *
     * @throws InvalidOptionException when the client refuses the settings
     */
    static KafkaProducer<byte[], byte[]> producer(Map<String, Object> config, Map<String, String> params) {
        Properties properties = new Properties();
        properties.putAll(config);
        try {
            return new KafkaProducer<>(properties);
        } catch (KafkaException invalid) {
            Throwable cause = invalid.getCause() != null ? invalid.getCause() : invalid;
            throw new InvalidOptionException(null, "The Kafka client refuses the settings "
                    + KafkaParams.redacted(params) + ": " + cause.getMessage(), invalid);
        }
    }

    /** Whether the user sets the client setting {@code name}; Kafka's names are case-sensitive. */
    private static boolean given(Map<String, String> params, String name) {
        return params.containsKey(name);
    }
}
