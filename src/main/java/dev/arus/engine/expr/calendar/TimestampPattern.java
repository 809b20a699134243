package dev.arus.engine.expr.calendar;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * How a text reader turns a field into a TIMESTAMP, as Spark's {@code timestampFormat} option of
 * the CSV and JSON sources says: without the option, as {@code CAST(text AS TIMESTAMP)} reads it;
 * with it, by that Spark datetime pattern only, as {@code to_timestamp(text, pattern)} does, with
 * no fallback to the cast forms (Spark falls back only when no format is given). Immutable.
 */
public final class TimestampPattern {

    /** No {@code timestampFormat}: Spark's default, the cast's forms. */
    public static final TimestampPattern CAST = new TimestampPattern(null, null);

    private final String pattern;
    private final DateTimeFormatter formatter;

    private TimestampPattern(String pattern, DateTimeFormatter formatter) {
        this.pattern = pattern;
        this.formatter = formatter;
    }

    /**
     * The pattern {@code sparkPattern}, or {@link #CAST} when it is null.
     *
     * @throws IllegalArgumentException when it is not a valid datetime pattern
     */
    public static TimestampPattern of(String sparkPattern) {
        return sparkPattern == null ? CAST : new TimestampPattern(sparkPattern, DateTimeFormats.formatter(sparkPattern));
    }

    /** The pattern as given; null for {@link #CAST}. */
    public String pattern() {
        return pattern;
    }

    /** Microseconds since the epoch of {@code text}, in {@code zone} when the text names no zone; null when it does not read. */
    public Long parse(String text, ZoneId zone) {
        if (formatter == null) {
            return DateTimeFormats.parseCastFormat(text, zone);
        }
        try {
            return DateTimeFormats.parse(text, formatter, zone);
        } catch (DateTimeException | ArithmeticException e) {
            return null;
        }
    }
}
