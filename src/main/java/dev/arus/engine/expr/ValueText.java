package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType.IntervalField;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Decimals;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.calendar.DateTimeFormats;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * The text Spark's {@code CAST(x AS STRING)} gives an atomic value: a decimal with all the digits
 * of its scale and no exponent ({@code 3.30}, {@code 0.00}), a date as {@code 2026-12-01}, a
 * timestamp in the session zone ({@link DateTimeFormats#format}), a day-time interval in the ANSI
 * style ({@code INTERVAL '01' HOUR}, {@code INTERVAL '1 02:03:04.5' DAY TO SECOND}), floats and
 * doubles as Java prints them. The one place that formats them, for casts, the console and the
 * file sinks. Stateless.
 */
public final class ValueText {

    private static final long MICROS_PER_SECOND = 1_000_000L;

    private ValueText() {
    }

    /** The text of a value as {@code ColumnVector.getObject} gives it for {@code type}. */
    public static String of(Object value, DataType type, ZoneId zone) {
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        } else if (value instanceof byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        } else if (value instanceof LocalDate date) {
            return date(date.toEpochDay());
        } else if (value instanceof Instant instant) {
            return DateTimeFormats.format(Math.addExact(Math.multiplyExact(instant.getEpochSecond(),
                    MICROS_PER_SECOND), instant.getNano() / 1000), zone);
        } else if (value instanceof Duration duration && type instanceof DayTimeIntervalType interval) {
            return interval(Math.addExact(Math.multiplyExact(duration.getSeconds(), MICROS_PER_SECOND),
                    duration.getNano() / 1000), interval);
        }
        return String.valueOf(value);
    }

    /** Appends the text of non-null row {@code row} of an atomic vector. */
    public static void append(StringBuilder text, ColumnVector vector, int row, ZoneId zone) {
        if (vector instanceof LongVector longs) {
            appendLong(text, longs.values()[row], longs.type(), zone);
        } else if (vector instanceof DoubleVector doubles) {
            double value = doubles.values()[row];
            text.append(doubles.type() == AtomicType.FLOAT ? Float.toString((float) value) : Double.toString(value));
        } else if (vector instanceof BigDecimalVector decimals) {
            text.append(decimals.values()[row].toPlainString());
        } else if (vector instanceof BooleanVector booleans) {
            text.append(booleans.values()[row]);
        } else {
            text.append(((StringVector) vector).values()[row]);
        }
    }

    private static void appendLong(StringBuilder text, long value, DataType type, ZoneId zone) {
        if (type instanceof DecimalType decimal) {
            appendDecimal(text, value, decimal.scale());
        } else if (type instanceof DayTimeIntervalType interval) {
            text.append(interval(value, interval));
        } else if (type == AtomicType.DATE) {
            text.append(date(value));
        } else if (type == AtomicType.TIMESTAMP) {
            text.append(DateTimeFormats.format(value, zone));
        } else {
            text.append(value);
        }
    }

    /** A compact decimal's text without making a {@code BigDecimal}: {@code 330} of scale 2 is {@code 3.30}. */
    static void appendDecimal(StringBuilder text, long unscaled, int scale) {
        if (scale == 0) {
            text.append(unscaled);
            return;
        }
        // compact unscaled values have at most 18 digits, so their magnitude never overflows
        long magnitude = Math.abs(unscaled);
        long unit = Decimals.pow10(scale);
        if (unscaled < 0) {
            text.append('-');
        }
        text.append(magnitude / unit).append('.');
        String fraction = Long.toString(magnitude % unit);
        for (int i = fraction.length(); i < scale; i++) {
            text.append('0');
        }
        text.append(fraction);
    }

    /** {@code 2026-12-01}: days since the epoch as Spark's default date format writes them. */
    public static String date(long days) {
        return LocalDate.ofEpochDay(days).toString();
    }

    /** Spark's {@code IntervalUtils.toDayTimeIntervalString} in the ANSI style. */
    public static String interval(long micros, DayTimeIntervalType type) {
        IntervalField start = type.startField();
        IntervalField end = type.endField();
        String suffix = "' " + (start == end ? start.name() : start.name() + " TO " + end.name());
        if (micros == Long.MIN_VALUE) {
            return "INTERVAL '" + smallestInterval(start, end) + suffix;
        }
        StringBuilder text = new StringBuilder("INTERVAL '");
        if (micros < 0) {
            text.append('-');
        }
        long rest = Math.abs(micros);
        for (IntervalField field : IntervalField.values()) {
            if (field.compareTo(start) < 0 || field.compareTo(end) > 0) {
                continue;
            }
            if (field != start) {
                text.append(field == IntervalField.HOUR ? ' ' : ':');
            }
            if (field == IntervalField.SECOND) {
                if (rest < 10 * MICROS_PER_SECOND) {
                    text.append('0');
                }
                text.append(BigDecimal.valueOf(rest, 6).stripTrailingZeros().toPlainString());
            } else {
                long count = rest / field.micros();
                rest %= field.micros();
                if (field != IntervalField.DAY && count < 10) {
                    text.append('0');
                }
                text.append(count);
            }
        }
        return text.append(suffix).toString();
    }

    /** Spark's text of {@code Long.MIN_VALUE} microseconds, whose magnitude a long cannot hold. */
    private static String smallestInterval(IntervalField start, IntervalField end) {
        String base = "-106751991 04:00:54.775808000";
        String first = switch (start) {
            case DAY -> "-106751991";
            case HOUR -> "-2562047788";
            case MINUTE -> "-153722867280";
            case SECOND -> "-9223372036854.775808";
        };
        if (start == end) {
            return first;
        }
        int from = switch (start) {
            case DAY -> 10;
            case HOUR -> 13;
            default -> 16;
        };
        int to = switch (end) {
            case HOUR -> 13;
            case MINUTE -> 16;
            default -> 26;
        };
        return first + base.substring(from, to);
    }
}
