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

    /**
     * The value of option {@code key} as whatever shows options shows it: a secret's
     * {@link #REDACTED}; a {@code url} (an http sink's) without what may hold a credential, its
     * user information, its query and its path beyond the first segment, each shown as
     * {@code ***} (a chat webhook's token is its path: {@code https://hooks.example.com/services/***});
     * any other value as it is.
     */
    public static String shown(String key, String value) {
        if (isSecret(key)) {
            return REDACTED;
        }
        if (value == null || !key.equalsIgnoreCase("url")) {
            return value;
        }
        return maskedUrl(value);
    }

    /** {@code url} with its user information, query and path beyond the first segment shown as {@code ***}. */
    public static String maskedUrl(String url) {
        java.net.URI uri;
        try {
            uri = new java.net.URI(url.trim());
        } catch (java.net.URISyntaxException unreadable) {
            return REDACTED;
        }
        if (uri.getScheme() == null || uri.getRawAuthority() == null) {
            return REDACTED;
        }
        StringBuilder shown = new StringBuilder(uri.getScheme()).append("://");
        if (uri.getRawUserInfo() != null) {
            shown.append("***@");
        }
        shown.append(uri.getHost() == null ? uri.getRawAuthority().replaceAll(".*@", "") : uri.getHost());
        if (uri.getPort() >= 0) {
            shown.append(':').append(uri.getPort());
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        int second = path.indexOf('/', 1);
        if (second >= 0 && second < path.length() - 1) {
            shown.append(path, 0, second + 1).append("***");
        } else {
            shown.append(path);
        }
        if (uri.getRawQuery() != null) {
            shown.append("?***");
        }
        return shown.toString();
    }

    /** Whether {@code name} stands for every key with its prefix. */
    public static boolean isPrefix(String name) {
        return name.endsWith(ANY_SUFFIX);
    }
}
