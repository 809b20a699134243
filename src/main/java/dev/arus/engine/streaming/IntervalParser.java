package dev.arus.engine.streaming;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Parses Spark interval strings, as {@code withWatermark}, {@code window} and processing-time
 * triggers take them: one or more {@code <number> <unit>} pairs such as {@code 10 minutes 30
 * seconds}, optionally after the word {@code interval}. Units are singular or plural, from
 * microsecond to week. Months and years are refused because their length in microseconds varies.
 * The sign is the caller's business: a negative or zero interval parses.
 */
public final class IntervalParser {

    private static final String ACCEPTED = "Expected one or more '<number> <unit>' pairs, such as"
            + " '8 seconds' or '10 minutes 30 seconds', optionally preceded by 'interval'; units are"
            + " microsecond, millisecond, second, minute, hour, day and week, singular or plural.";

    private static final Pattern PLAIN_NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)");

    /** The error class of every interval that does not parse, followed by the reason's subclass. */
    public static final String INVALID_INTERVAL_FORMAT = "INVALID_INTERVAL_FORMAT";

    private IntervalParser() {
    }

    /** The interval's length in microseconds; throws {@value #INVALID_INTERVAL_FORMAT} saying what was wrong. */
    public static long parseMicros(String text) {
        if (text == null || text.isBlank()) {
            throw invalid("INPUT_IS_EMPTY", text, "Interval string cannot be empty.");
        }
        String[] words = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
        int first = words[0].equals("interval") ? 1 : 0;
        if (first == words.length) {
            throw invalid("INPUT_IS_EMPTY", text, "Interval string cannot be empty.");
        }
        long total = 0;
        for (int i = first; i < words.length; i += 2) {
            if (i + 1 == words.length) {
                throw invalid("MISSING_UNIT", text, "Missing unit after '" + words[i] + "'.");
            }
            long unitMicros = unitMicros(text, words[i + 1]);
            long part = amount(text, words[i], words[i + 1], unitMicros);
            try {
                total = Math.addExact(total, part);
            } catch (ArithmeticException overflow) {
                throw invalid("ARITHMETIC_EXCEPTION", text, "The interval overflows a long of microseconds.");
            }
        }
        return total;
    }

    private static long amount(String text, String number, String unit, long unitMicros) {
        // Digits as Spark's IntervalUtils reads them: no exponent, whose billion-digit powers of ten
        // ("1e999999999 days") BigDecimal would compute before finding the overflow.
        if (!PLAIN_NUMBER.matcher(number).matches()) {
            throw invalid("INVALID_VALUE", text, "Invalid value '" + number + "'.");
        }
        BigDecimal value;
        try {
            value = new BigDecimal(number);
        } catch (NumberFormatException e) {
            throw invalid("INVALID_VALUE", text, "Invalid value '" + number + "'.");
        }
        if (value.scale() > 0 && unitMicros != 1_000_000L) {
            throw invalid("INVALID_FRACTION", text,
                    "'" + unit + "' cannot have fractional part; only seconds can.");
        }
        try {
            return value.multiply(BigDecimal.valueOf(unitMicros)).setScale(0, java.math.RoundingMode.DOWN)
                    .longValueExact();
        } catch (ArithmeticException e) {
            throw invalid("ARITHMETIC_EXCEPTION", text, "The interval overflows a long of microseconds.");
        }
    }

    private static long unitMicros(String text, String unit) {
        String singular = unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit;
        return switch (singular) {
            case "microsecond" -> 1L;
            case "millisecond" -> 1_000L;
            case "second" -> 1_000_000L;
            case "minute" -> 60_000_000L;
            case "hour" -> 3_600_000_000L;
            case "day" -> 86_400_000_000L;
            case "week" -> 7 * 86_400_000_000L;
            case "month", "year" -> throw invalid("INVALID_UNIT", text,
                    "Unit '" + unit + "' is not supported: months and years have no fixed length.");
            default -> throw invalid("INVALID_UNIT", text, "Invalid unit '" + unit + "'.");
        };
    }

    private static ArusException invalid(String subclass, String text, String detail) {
        String errorClass = INVALID_INTERVAL_FORMAT + "." + subclass;
        return new ArusException(errorClass, "[" + errorClass + "] Error parsing '" + text + "' to interval. "
                + detail + " " + ACCEPTED);
    }
}
