package dev.arus.engine.kafka;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;

/**
 * Makes a Kafka source's consumers as Spark's {@code kafkaParamsForDriver} and
 * {@code kafkaParamsForExecutors} make theirs: byte-array keys and values, no automatic commits
 * (the checkpoint is the truth, nothing is committed to Kafka), a group id of its own per query
 * unless {@code kafka.group.id} is given, and the user's {@code kafka.*} settings over the rest.
 */
final class KafkaClients {

    /** The error class of a call to the brokers that did not complete. */
    static final String UNAVAILABLE = "KAFKA_UNAVAILABLE";

    private KafkaClients() {
    }

    /** A consumer for offsets and metadata (Spark's driver consumer): it resets to the earliest offset. */
    static KafkaConsumer<byte[], byte[]> metadataConsumer(Map<String, String> params, String groupId) {
        Map<String, Object> config = base(params, groupId + "-driver");
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "1");
        return consumer(config, params);
    }

    /** A consumer that reads records (Spark's executor consumer): it never resets on its own. */
    static KafkaConsumer<byte[], byte[]> recordConsumer(Map<String, String> params, String groupId) {
        Map<String, Object> config = base(params, groupId + "-executor");
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
        return consumer(config, params);
    }

    private static Map<String, Object> base(Map<String, String> params, String groupId) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.RECEIVE_BUFFER_CONFIG, "65536");
        config.putAll(params);
        config.putIfAbsent(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return config;
    }

    /** @throws InvalidOptionException when the client refuses the settings */
    private static KafkaConsumer<byte[], byte[]> consumer(Map<String, Object> config, Map<String, String> params) {
        Properties properties = new Properties();
        properties.putAll(config);
        try {
            return new KafkaConsumer<>(properties);
        } catch (KafkaException invalid) {
            Throwable cause = invalid.getCause() != null ? invalid.getCause() : invalid;
            throw new InvalidOptionException(null, "The Kafka client refuses the settings "
                    + KafkaParams.redacted(params) + ": " + cause.getMessage(), invalid);
        }
    }

    /** The failure of a Kafka call that did not complete, naming the servers and the cause. */
    static ArusException unreachable(String what, Map<String, String> params, KafkaException cause) {
        return new ArusException(UNAVAILABLE, "[" + UNAVAILABLE + "] Cannot " + what + " from the Kafka "
                + "brokers at " + servers(params) + ": " + cause.getClass().getSimpleName() + ": "
                + cause.getMessage(), cause);
    }

    static String servers(Map<String, String> params) {
        return params.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(KafkaParams.BOOTSTRAP_SERVERS))
                .map(Map.Entry::getValue).findFirst().orElse("?");
    }
}
