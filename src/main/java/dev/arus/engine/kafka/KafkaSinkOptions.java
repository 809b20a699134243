package dev.arus.engine.kafka;

import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.OptionNames;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The options of the {@code kafka} sink: Spark's {@code topic} (the topic of rows without a
 * {@code topic} column) and {@code kafka.*} producer settings, {@code kafka.bootstrap.servers}
 * required; and Arus's own {@code exactlyOnce}, off by default as Spark's sink is at least once.
 */
record KafkaSinkOptions(String topic, boolean exactlyOnce, Map<String, String> kafkaParams) {

    static final String TOPIC = "topic";
    static final String EXACTLY_ONCE = "exactlyOnce";
    static final List<String> NAMES = List.of(KafkaParams.OPTION, TOPIC, EXACTLY_ONCE);

    static KafkaSinkOptions parse(Map<String, String> given) {
        Map<String, String> options = new HashMap<>();
        given.forEach((key, value) -> {
            String name = OptionNames.match(NAMES, key);
            options.put(name == null || name.equals(KafkaParams.OPTION) ? key : name, value);
        });
        Map<String, String> params = KafkaParams.of(options);
        for (String name : params.keySet()) {
            String lower = name.toLowerCase(Locale.ROOT);
            for (String part : List.of("key", "value")) {
                if (lower.equals(part + ".serializer")) {
                    throw new InvalidOptionException("kafka." + name, "Kafka option '" + part + ".serializer' is not "
                            + "supported as " + (part.equals("key") ? "keys" : "value") + " are serialized with "
                            + "ByteArraySerializer.");
                }
            }
            if (lower.equals("transactional.id")) {
                throw new InvalidOptionException("kafka." + name, "Kafka option 'transactional.id' is set by the "
                        + "sink itself in exactlyOnce mode, from the query's id");
            }
        }
        if (params.keySet().stream().noneMatch(KafkaParams.BOOTSTRAP_SERVERS::equalsIgnoreCase)) {
            throw new InvalidOptionException("kafka." + KafkaParams.BOOTSTRAP_SERVERS, "Option 'kafka."
                    + KafkaParams.BOOTSTRAP_SERVERS + "' must be specified for configuring Kafka producer");
        }
        String topic = options.get(TOPIC) == null ? null : options.get(TOPIC).trim();
        String exactly = options.getOrDefault(EXACTLY_ONCE, "false").trim().toLowerCase(Locale.ROOT);
        if (!exactly.equals("true") && !exactly.equals("false")) {
            throw new InvalidOptionException(EXACTLY_ONCE, "Invalid value '" + options.get(EXACTLY_ONCE)
                    + "'. The option '" + EXACTLY_ONCE + "' must be true or false");
        }
        if (exactly.equals("true") && (topic == null || topic.isEmpty())) {
            throw new InvalidOptionException(TOPIC, "The kafka sink in exactlyOnce mode needs the option 'topic': "
                    + "it records the batches it has committed on that topic's partition 0");
        }
        return new KafkaSinkOptions(topic, exactly.equals("true"), Map.copyOf(params));
    }
}
