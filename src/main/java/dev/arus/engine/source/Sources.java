package dev.arus.engine.source;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Creates sources by format name, as {@code spark.readStream.format(..).options(..).load()}.
 * Format names and option keys match in any case, as in Spark. Unlike Spark, which ignores
 * options a source does not know, Arus rejects them, so that a misspelt option fails at
 * creation instead of silently taking its default. Every error is an
 * {@link IllegalArgumentException} naming the option and the value.
 */
public final class Sources {

    /** The formats Arus can read, with their options spelled as Spark documents them. */
    private static final Map<String, List<String>> OPTIONS = Map.of(
            RateSource.FORMAT, RateOptions.NAMES,
            RateMicroBatchSource.FORMAT, RateMicroBatchOptions.NAMES);

    private static final List<String> FORMATS = List.of(RateSource.FORMAT, RateMicroBatchSource.FORMAT);

    private Sources() {
    }

    /**
     * A new source of {@code format}; a {@code rate} source takes its creation time from
     * {@code clock} now.
     *
     * @param options option values as strings ({@code "5"}, {@code "5s"}); keys in any case
     * @throws IllegalArgumentException for an unknown format or option, or an invalid value
     */
    public static Source create(String format, Map<String, String> options, Clock clock) {
        Objects.requireNonNull(options, "options");
        return switch (canonicalFormat(format)) {
            case RateSource.FORMAT -> new RateSource(RateOptions.parse(options), clock);
            case RateMicroBatchSource.FORMAT -> new RateMicroBatchSource(RateMicroBatchOptions.parse(options));
            default -> throw new IllegalStateException("unreachable");
        };
    }

    /**
     * As {@link #create(String, Map, Clock)}, but a {@code rate} source counts its seconds from
     * {@code creationTimeMs} when it is not {@code null}: the time kept in a checkpoint.
     */
    public static Source create(String format, Map<String, String> options, Clock clock, Long creationTimeMs) {
        Source source = create(format, options, clock);
        if (creationTimeMs != null && source instanceof RateSource rate) {
            return new RateSource(rate.options(), clock, creationTimeMs);
        }
        return source;
    }

    /** The known formats: {@code rate}, {@code rate-micro-batch}. */
    public static List<String> formats() {
        return FORMATS;
    }

    /** The options {@code format} accepts, spelled as Spark documents them. */
    public static List<String> optionsOf(String format) {
        return OPTIONS.get(canonicalFormat(format));
    }

    /**
     * Checks a format and its options without creating anything, for validation at the edge.
     *
     * @throws IllegalArgumentException as {@link #create} would
     */
    public static void validate(String format, Map<String, String> options) {
        switch (canonicalFormat(format)) {
            case RateSource.FORMAT -> RateSource.checkRampUp(RateOptions.parse(options));
            case RateMicroBatchSource.FORMAT -> RateMicroBatchOptions.parse(options);
            default -> throw new IllegalStateException("unreachable");
        }
    }

    /**
     * The schema of the rows a source of {@code format} produces, after checking its options:
     * {@code timestamp} and {@code value} for both rate formats.
     *
     * @throws IllegalArgumentException as {@link #create} would
     */
    public static Schema schemaOf(String format, Map<String, String> options) {
        validate(format, options);
        return switch (canonicalFormat(format)) {
            case RateSource.FORMAT -> RateSource.SCHEMA;
            case RateMicroBatchSource.FORMAT -> RateMicroBatchSource.SCHEMA;
            default -> throw new IllegalStateException("unreachable");
        };
    }

    private static String canonicalFormat(String format) {
        String name = format == null ? "" : format.trim().toLowerCase(Locale.ROOT);
        if (!OPTIONS.containsKey(name)) {
            throw new ArusException("DATA_SOURCE_NOT_FOUND",
                    "Unknown source format '" + format + "'. Known formats: " + String.join(", ", FORMATS));
        }
        return name;
    }
}
