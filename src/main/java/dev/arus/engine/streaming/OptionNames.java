package dev.arus.engine.streaming;

import java.util.List;
import java.util.Locale;

/**
 * How a format's option names match the keys a user gives: in any case, and a name ending in
 * {@value #ANY_SUFFIX} (Spark's {@code kafka.*}) stands for every key that starts with what comes
 * before the star, as Spark passes {@code kafka.}-prefixed options through to the Kafka client.
 * Options that hold secrets (a JAAS configuration, TLS passwords) are known here too, so that
 * whatever shows options can hide their values.
 */
public final class OptionNames {

    /** What ends a name that stands for a prefix: {@code kafka.*}. */
    public static final String ANY_SUFFIX = "*";

    private OptionNames() {
    }

    /** The name in {@code known} that {@code key} matches, or {@code null}. */
    public static String match(List<String> known, String key) {
        if (key == null) {
            return null;
        }
        String lower = key.toLowerCase(Locale.ROOT);
        for (String name : known) {
            if (isPrefix(name)) {
                String prefix = name.substring(0, name.length() - ANY_SUFFIX.length()).toLowerCase(Locale.ROOT);
                if (lower.startsWith(prefix) && lower.length() > prefix.length()) {
                    return name;
                }
            } else if (name.equalsIgnoreCase(key)) {
                return name;
            }
        }
        return null;
    }

    /** What a secret option's value is shown as. */
    public static final String REDACTED = "*********(redacted)";

    /**
     * Whether the option (or Kafka client setting) {@code key} holds a secret: a SASL JAAS
     * configuration ({@code kafka.sasl.jaas.config}) or a TLS password ({@code kafka.ssl.*password*}).
     */
    public static boolean isSecret(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        String setting = lower.startsWith("kafka.") ? lower.substring("kafka.".length()) : lower;
        return setting.equals("sasl.jaas.config") || setting.startsWith("ssl.") && setting.contains("password");
    }

    /** Whether {@code name} stands for every key with its prefix. */
    public static boolean isPrefix(String name) {
        return name.endsWith(ANY_SUFFIX);
    }
}
