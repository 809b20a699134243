package dev.arus.engine.expr.calendar;

/**
 * Text to date as Spark's {@code CAST(string AS DATE)} reads it, for readers of outside data
 * (events posted to a stream) that must agree with the engine's own casts.
 */
public final class DateText {

    private DateText() {
    }

    /**
     * Days since the epoch of {@code text} ({@code 2026-12-01}, {@code 2026-12-1}, {@code 2026-12},
     * {@code 2026}, anything after a space or T ignored); null when the text is not a date.
     */
    public static Long parse(String text) {
        return DateTimeFormats.parseDate(text);
    }
}
