package dev.arus.engine.expr.calendar;

import java.time.ZoneId;

/**
 * Text to timestamp as Spark's {@code CAST(string AS TIMESTAMP)} reads it, for readers of
 * outside data (events posted to a stream) that must agree with the engine's own casts.
 */
public final class TimestampText {

    private TimestampText() {
    }

    /**
     * Microseconds since the epoch of {@code text} ({@code 2024-01-01}, {@code 2024-01-01
     * 10:00:00.123}, {@code 2024-01-01T10:00:00Z}, {@code ... +01:00}), in {@code sessionZone}
     * when the text names no zone; null when the text is not a timestamp.
     */
    public static Long parse(String text, ZoneId sessionZone) {
        return DateTimeFormats.parseCastFormat(text, sessionZone);
    }
}
