package dev.arus.engine.kafka;

import dev.arus.engine.streaming.OptionNames;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Kafka client settings of a source or sink: every option {@code kafka.<name>}, passed to the
 * client as {@code <name>}, as Spark's {@code KafkaSourceProvider} passes them. A setting whose
 * name holds a secret ({@code sasl.jaas.config}, any {@code ssl.*password*}) is shown as
 * {@value #REDACTED} wherever the settings are described, so that it reaches no log or message.
 */
final class KafkaParams {

    static final String PREFIX = "kafka.";
    static final String OPTION = PREFIX + "*";
    static final String BOOTSTRAP_SERVERS = "bootstrap.servers";
    static final String REDACTED = OptionNames.REDACTED;

    private KafkaParams() {
    }

    /** The {@code kafka.*} options of {@code options} without their prefix, names as given after it. */
    static Map<String, String> of(Map<String, String> options) {
        Map<String, String> params = new TreeMap<>();
        options.forEach((key, value) -> {
            if (key.toLowerCase(Locale.ROOT).startsWith(PREFIX)) {
                params.put(key.substring(PREFIX.length()), value);
            }
        });
        return params;
    }

    /** Whether the client setting {@code name} is a secret. */
    static boolean isSecret(String name) {
        return OptionNames.isSecret(name);
    }

    /** {@code params} with every secret replaced by {@value #REDACTED}, for messages. */
    static Map<String, String> redacted(Map<String, String> params) {
        Map<String, String> shown = new LinkedHashMap<>();
        params.forEach((name, value) -> shown.put(name, isSecret(name) ? REDACTED : value));
        return shown;
    }
}
