package dev.arus.engine.data;

import java.util.Locale;

/**
 * Spark's {@code DayTimeIntervalType}: a duration in microseconds, held in a {@link LongVector},
 * whose fields run from {@code startField} to {@code endField} ({@code INTERVAL DAY},
 * {@code INTERVAL HOUR TO SECOND}). The fields only say how a value is written and read; the
 * value is always the whole duration.
 */
public record DayTimeIntervalType(IntervalField startField, IntervalField endField) implements DataType {

    /** {@code INTERVAL DAY TO SECOND}, the type of a difference of timestamps. */
    public static final DayTimeIntervalType DAY_TO_SECOND =
            new DayTimeIntervalType(IntervalField.DAY, IntervalField.SECOND);

    /** {@code INTERVAL DAY}, the type of a difference of dates. */
    public static final DayTimeIntervalType DAY = new DayTimeIntervalType(IntervalField.DAY, IntervalField.DAY);

    /** The fields of a day-time interval, from the largest, with their length in microseconds. */
    public enum IntervalField {
        DAY(86_400_000_000L), HOUR(3_600_000_000L), MINUTE(60_000_000L), SECOND(1_000_000L);

        private final long micros;

        IntervalField(long micros) {
            this.micros = micros;
        }

        public long micros() {
            return micros;
        }
    }

    public DayTimeIntervalType {
        if (startField.compareTo(endField) > 0) {
            throw new IllegalArgumentException("an interval runs from a larger field to a smaller one, not from "
                    + startField + " to " + endField);
        }
    }

    /** {@code interval day}, {@code interval hour to second}. */
    @Override
    public String simpleString() {
        return sql().toLowerCase(Locale.ROOT);
    }

    /** {@code INTERVAL DAY}, {@code INTERVAL HOUR TO SECOND}. */
    @Override
    public String sql() {
        return "INTERVAL " + startField + (startField == endField ? "" : " TO " + endField);
    }
}
