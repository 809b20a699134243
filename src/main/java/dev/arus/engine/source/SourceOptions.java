package dev.arus.engine.source;

import dev.arus.engine.streaming.InvalidOptionException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A source's options, read as Spark's {@code CaseInsensitiveStringMap} reads them: keys match
 * whatever their case, values are strings parsed on demand. Unlike Spark, which ignores options
 * it does not know, an unknown key is rejected when the options are created.
 */
final class SourceOptions {

    private static final Pattern DURATION = Pattern.compile("(-?[0-9]+)([a-z]+)?");
    private static final Map<String, TimeUnit> DURATION_SUFFIXES = Map.of(
            "us", TimeUnit.MICROSECONDS,
            "ms", TimeUnit.MILLISECONDS,
            "s", TimeUnit.SECONDS,
            "m", TimeUnit.MINUTES,
            "min", TimeUnit.MINUTES,
            "h", TimeUnit.HOURS,
            "d", TimeUnit.DAYS);

    private final Map<String, String> values = new HashMap<>();

    /**
     * @param format  the source format, for messages
     * @param allowed the option names the format knows, spelled as Spark documents them
     * @param options the options as given; keys in any case
     */
    SourceOptions(String format, List<String> allowed, Map<String, String> options) {
        Map<String, String> canonical = new HashMap<>();
        for (String name : allowed) {
            canonical.put(name.toLowerCase(Locale.ROOT), name);
        }
        Map<String, String> givenAs = new HashMap<>();
        for (Map.Entry<String, String> option : options.entrySet()) {
            String key = option.getKey();
            String name = key == null ? null : canonical.get(key.toLowerCase(Locale.ROOT));
            if (name == null) {
                throw new InvalidOptionException(key, "Unknown option '" + key + "' for format '" + format
                        + "'. Allowed options: " + String.join(", ", allowed));
            }
            if (givenAs.containsKey(name)) {
                throw new InvalidOptionException(name, "Option '" + name + "' of format '" + format
                        + "' is given twice, as '" + givenAs.get(name) + "' and as '" + key + "'");
            }
            if (option.getValue() == null) {
                throw new InvalidOptionException(name, "Option '" + name + "' of format '" + format + "' has no value");
            }
            givenAs.put(name, key);
            values.put(name, option.getValue());
        }
    }

    /** The value as given, or {@code null}. */
    String raw(String name) {
        return values.get(name);
    }

    long getLong(String name, long defaultValue) {
        String value = values.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new InvalidOptionException(name,
                    "Invalid value '" + value + "'. The option '" + name + "' must be a whole number", e);
        }
    }

    int getInt(String name, int defaultValue) {
        String value = values.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new InvalidOptionException(name, "Invalid value '" + value + "'. The option '" + name
                    + "' must be a whole number between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE, e);
        }
    }

    boolean getBoolean(String name, boolean defaultValue) {
        String value = values.get(name);
        if (value == null) {
            return defaultValue;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidOptionException(name,
                    "Invalid value '" + value + "'. The option '" + name + "' must be true or false");
        };
    }

    /**
     * A duration in whole seconds, parsed as Spark's {@code JavaUtils.timeStringAsSec}: a number
     * with an optional suffix {@code us, ms, s, m, min, h, d}; no suffix means seconds; finer
     * units are truncated to whole seconds.
     */
    long getSeconds(String name, long defaultValue) {
        String value = values.get(name);
        if (value == null) {
            return defaultValue;
        }
        return duration(name, value, TimeUnit.SECONDS);
    }

    /**
     * A duration in milliseconds, parsed as Spark's {@code JavaUtils.timeStringAsMs}: as
     * {@link #getSeconds}, but no suffix means milliseconds.
     */
    long getMillis(String name, long defaultValue) {
        String value = values.get(name);
        if (value == null) {
            return defaultValue;
        }
        return duration(name, value, TimeUnit.MILLISECONDS);
    }

    private long duration(String name, String value, TimeUnit into) {
        Matcher matcher = DURATION.matcher(value.toLowerCase(Locale.ROOT).trim());
        TimeUnit unit = null;
        boolean valid = matcher.matches();
        if (valid && matcher.group(2) != null) {
            unit = DURATION_SUFFIXES.get(matcher.group(2));
            valid = unit != null;
        }
        if (valid) {
            try {
                long amount = Long.parseLong(matcher.group(1));
                return into.convert(amount, unit == null ? into : unit);
            } catch (NumberFormatException e) {
                valid = false;
            }
        }
        throw new InvalidOptionException(name, "Invalid value '" + value + "'. The option '" + name
                + "' must be a duration such as 5s: a whole number with a unit of us, ms, s, m, min, h or d"
                + (into == TimeUnit.SECONDS ? " (seconds when none is given)" : " (milliseconds when none is given)"));
    }
}
