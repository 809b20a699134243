package dev.arus.engine.source;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The position of a {@code rate-micro-batch} source, Spark's {@code RatePerMicroBatchStreamOffset}:
 * {@code offset} is the next value to generate and {@code timestampMs} the event time given to
 * the batch that starts here. Serialised by json4s in field order:
 * {@code {"offset":20,"timestamp":2000}}.
 */
public record RateMicroBatchOffset(long offset, long timestampMs) implements Offset {

    private static final Pattern JSON = Pattern.compile(
            "\\s*\\{\\s*\"offset\"\\s*:\\s*(-?\\d+)\\s*,\\s*\"timestamp\"\\s*:\\s*(-?\\d+)\\s*}\\s*");

    /** Reads an offset written by {@link #json()}. */
    public static RateMicroBatchOffset parse(String json) {
        Matcher matcher = JSON.matcher(json);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("not a rate-micro-batch offset: '" + json + "'");
        }
        return new RateMicroBatchOffset(Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2)));
    }

    @Override
    public String json() {
        return "{\"offset\":" + offset + ",\"timestamp\":" + timestampMs + "}";
    }
}
