package dev.arus.server.query;

import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.OptionNames;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.Trigger;
import dev.arus.server.query.QuerySpec.TriggerSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The checks of a spec's fields that every engine's translation makes: present, not blank; its
 * output mode, trigger and {@code conf}, read once for every engine; and those the service makes
 * of a format's name and options, for every engine's sink and Arus's sources.
 */
public final class SpecFields {

    /** The Spark settings a spec's {@code conf} may give: the query's number of state partitions ... */
    public static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";
    /** ... and how its several watermarks make one. */
    public static final String WATERMARK_POLICY = "spark.sql.streaming.multipleWatermarkPolicy";

    private SpecFields() {
    }

    /** {@code value}, refused with the field's pointer when it is missing. */
    public static <T> T required(T value, String pointer) {
        if (value == null) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, pointer, "Field " + pointer + " is required");
        }
        return value;
    }

    /** {@code value}, refused with the field's pointer when it is missing or blank. */
    public static String requireText(String value, String pointer) {
        if (required(value, pointer).isBlank()) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, pointer, "Field " + pointer + " must not be blank");
        }
        return value;
    }

    /** A list of texts, each present and not blank, and with {@code atLeastOne} not empty. */
    public static List<String> texts(List<String> values, String pointer, boolean atLeastOne) {
        required(values, pointer);
        if (atLeastOne && values.isEmpty()) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, pointer, "At least one is required");
        }
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            texts.add(requireText(values.get(i), JsonPointer.append(pointer, i)));
        }
        return texts;
    }

    /** {@code format} as {@code known} spells it, refused at {@code pointer} when it is none of them. */
    static String knownFormat(String format, String pointer, List<String> known, String kind) {
        requireText(format, pointer);
        return known.stream()
                .filter(name -> name.equalsIgnoreCase(format.trim()))
                .findFirst()
                .orElseThrow(() -> ProblemException.at(ProblemType.UNKNOWN_FORMAT, pointer, "Unknown " + kind
                        + " format '" + format + "'. Known formats: " + String.join(", ", known)));
    }

    /** Option values in their string form, as Spark takes them; unknown keys are rejected here. */
    static Map<String, String> options(Map<String, Object> given, String pointer, String format,
            List<String> known) {
        Map<String, String> options = new LinkedHashMap<>();
        if (given == null) {
            return options;
        }
        for (Map.Entry<String, Object> option : given.entrySet()) {
            String at = JsonPointer.append(pointer, option.getKey());
            if (OptionNames.match(known, option.getKey()) == null) {
                throw ProblemException.at(ProblemType.INVALID_OPTION, at, "Unknown option '" + option.getKey()
                        + "' for format '" + format + "'. Allowed options: "
                        + (known.isEmpty() ? "none" : String.join(", ", known)));
            }
            Object value = option.getValue();
            if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
                throw ProblemException.at(ProblemType.INVALID_SPEC, at,
                        "An option's value must be a string, a number or a boolean");
            }
            options.put(option.getKey(), String.valueOf(value));
        }
        return options;
    }

    /**
     * The trigger {@code trigger} gives, {@link Trigger#asFastAsPossible()} when it is absent; its
     * interval read as Arus reads it, so that every engine agrees on what a spec means.
     */
    /** Where a spec gives the real-time trigger's checkpoint interval. */
    public static final String REAL_TIME_POINTER = "/trigger/realTime";

    public static Trigger trigger(TriggerSpec trigger) {
        if (trigger == null) {
            return Trigger.asFastAsPossible();
        }
        long given = Stream.of(trigger.processingTime(), trigger.availableNow(), trigger.once(), trigger.realTime())
                .filter(Objects::nonNull).count();
        if (given != 1) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, "/trigger",
                    "A trigger has exactly one of processingTime, availableNow, once or realTime");
        }
        if (trigger.realTime() != null) {
            try {
                return Trigger.realTime(trigger.realTime());
            } catch (ArusException invalid) {
                throw ProblemException.at(ProblemType.INVALID_INTERVAL, REAL_TIME_POINTER, invalid.getMessage());
            }
        }
        if (trigger.availableNow() != null) {
            requireTrue(trigger.availableNow(), "/trigger/availableNow");
            return Trigger.availableNow();
        }
        if (trigger.once() != null) {
            requireTrue(trigger.once(), "/trigger/once");
            return Trigger.once();
        }
        try {
            return Trigger.processingTime(trigger.processingTime());
        } catch (ArusException invalid) {
            throw ProblemException.at(ProblemType.INVALID_INTERVAL, "/trigger/processingTime", invalid.getMessage());
        }
    }

    /** The output mode a spec's {@code outputMode} names, in any case; append, as Spark's default, when absent. */
    public static OutputMode outputMode(String mode) {
        if (mode == null) {
            return OutputMode.APPEND;
        }
        try {
            return OutputMode.of(mode);
        } catch (ArusException unknown) {
            throw ProblemException.at(ProblemType.INVALID_OUTPUT_MODE, "/outputMode", unknown.getMessage());
        }
    }

    /**
     * The query's own Spark settings, as strings: {@value #SHUFFLE_PARTITIONS}, a whole number of
     * at least 1, and {@value #WATERMARK_POLICY}, {@code min} or {@code max}; no other.
     *
     * @throws ProblemException at the first setting that is unknown or whose value is not one of these
     */
    public static Map<String, String> conf(Map<String, Object> given) {
        Map<String, String> conf = new LinkedHashMap<>();
        if (given == null) {
            return conf;
        }
        given.forEach((key, value) -> {
            String at = JsonPointer.of("conf", key);
            String text = String.valueOf(value);
            if (SHUFFLE_PARTITIONS.equals(key)) {
                if (!(value instanceof String || value instanceof Number) || !text.matches("[1-9][0-9]{0,8}")) {
                    throw ProblemException.at(ProblemType.INVALID_OPTION, at, "Invalid value '" + text
                            + "'. The setting '" + SHUFFLE_PARTITIONS + "' must be a whole number of at least 1");
                }
            } else if (WATERMARK_POLICY.equals(key)) {
                if (!(value instanceof String) || !text.trim().matches("(?i)min|max")) {
                    throw ProblemException.at(ProblemType.INVALID_OPTION, at, "Invalid value '" + text
                            + "'. The setting '" + WATERMARK_POLICY + "' is min or max");
                }
            } else {
                throw ProblemException.at(ProblemType.INVALID_OPTION, at, "Unknown setting '" + key
                        + "'. A query's conf may set: " + SHUFFLE_PARTITIONS + ", " + WATERMARK_POLICY
                        + "; the service's configuration sets the rest");
            }
            conf.put(key, text);
        });
        return conf;
    }

    private static void requireTrue(Boolean value, String pointer) {
        if (!value) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, pointer,
                    "Must be true; leave the trigger out for the default trigger");
        }
    }
}
