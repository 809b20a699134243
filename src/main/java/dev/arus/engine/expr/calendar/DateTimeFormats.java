package dev.arus.engine.expr.calendar;

import dev.arus.engine.time.AsciiDigits;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Conversions between timestamps (microseconds since the epoch) and text in a session time zone:
 * Spark's cast format {@code yyyy-MM-dd HH:mm:ss[.fraction]} both ways, and Spark datetime
 * patterns, which are {@link DateTimeFormatter} patterns once Spark's adjustments are made.
 */
public final class DateTimeFormats {

    /** Spark's default pattern for {@code unix_timestamp} and {@code to_unix_timestamp}. */
    public static final String DEFAULT_PATTERN = "yyyy-MM-dd HH:mm:ss";

    private static final long MICROS_PER_SECOND = 1_000_000L;

    /** What Spark's string-to-timestamp cast accepts: a date, an optional time, an optional zone. */
    private static final Pattern CAST_FORMAT = Pattern.compile(
            "(\\d{4,6})(?:-(\\d{1,2})(?:-(\\d{1,2})"
            + "(?:[ T](\\d{1,2})(?::(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{0,9}))?)?)?)?)?)?"
            + "\\s*(Z|[+-]\\d{1,2}(?::?\\d{2})?|(?:UTC|GMT)(?:[+-]\\d{1,2}(?::?\\d{2})?)?|[A-Za-z]+/[A-Za-z_/+-]+)?");

    /** What Spark's string-to-date cast accepts: a year, a month and a day, anything after a space or T ignored. */
    private static final Pattern DATE = Pattern.compile("([+-]?\\d{4,7})(?:-(\\d{1,2})(?:-(\\d{1,2})(?:[ T].*)?)?)?");

    private DateTimeFormats() {
    }

    /**
     * Days since the epoch of text as Spark's {@code CAST(string AS DATE)} reads it:
     * {@code 2026}, {@code 2026-12}, {@code 2026-12-1}, {@code 2026-12-01 10:00}; null when it is
     * not a date.
     */
    public static Long parseDate(String text) {
        Matcher match = DATE.matcher(text.trim());
        if (!match.matches()) {
            return null;
        }
        try {
            return LocalDate.of(Integer.parseInt(match.group(1)), number(match.group(2), 1),
                    number(match.group(3), 1)).toEpochDay();
        } catch (DateTimeException | NumberFormatException e) {
            return null;
        }
    }

    /**
     * A TIMESTAMP literal's value: an {@code Instant} when the text names a zone or offset, else
     * the {@code LocalDateTime} it writes, which the session zone places; null when it is not a
     * timestamp. Text that names its zone reads the same in any session zone, which tells the two
     * kinds apart.
     */
    public static Object parseTimestampLiteral(String text) {
        Long inUtc = parseCastFormat(text, ZoneOffset.UTC);
        if (inUtc == null) {
            return null;
        }
        Long elsewhere = parseCastFormat(text, ZoneOffset.ofHours(1));
        Instant instant = Instant.ofEpochSecond(Math.floorDiv(inUtc, MICROS_PER_SECOND),
                Math.floorMod(inUtc, MICROS_PER_SECOND) * 1000);
        return inUtc.equals(elsewhere) ? instant : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /** The text of a TIMESTAMP literal's value: a local time as written, an instant in UTC. */
    public static String formatLiteral(Object value) {
        LocalDateTime local = value instanceof Instant instant ? LocalDateTime.ofInstant(instant, ZoneOffset.UTC)
                : (LocalDateTime) value;
        return format(local.toEpochSecond(ZoneOffset.UTC) * MICROS_PER_SECOND + local.getNano() / 1000,
                ZoneOffset.UTC);
    }

    /** {@code 2024-01-01 10:00:00.5}: the fraction without trailing zeros, as Spark casts to string. */
    public static String format(long micros, ZoneId zone) {
        long seconds = Math.floorDiv(micros, MICROS_PER_SECOND);
        int fraction = (int) Math.floorMod(micros, MICROS_PER_SECOND);
        ZoneOffset offset = zone.getRules().getOffset(Instant.ofEpochSecond(seconds));
        LocalDateTime local = LocalDateTime.ofEpochSecond(seconds, fraction * 1000, offset);
        StringBuilder text = new StringBuilder(26);
        pad(text, local.getYear(), 4).append('-');
        pad(text, local.getMonthValue(), 2).append('-');
        pad(text, local.getDayOfMonth(), 2).append(' ');
        pad(text, local.getHour(), 2).append(':');
        pad(text, local.getMinute(), 2).append(':');
        pad(text, local.getSecond(), 2);
        if (fraction != 0) {
            int digits = 6;
            while (fraction % 10 == 0) {
                fraction /= 10;
                digits--;
            }
            text.append('.');
            pad(text, fraction, digits);
        }
        return text.toString();
    }

    private static StringBuilder pad(StringBuilder text, int value, int width) {
        String digits = Integer.toString(value);
        for (int i = digits.length(); i < width; i++) {
            text.append('0');
        }
        return text.append(digits);
    }

    /**
     * Parses text as Spark's CAST(string AS TIMESTAMP) does: {@code 2024-01-01},
     * {@code 2024-01-01 10:00:00.123}, {@code 2024-01-01T10:00:00Z}, {@code ... +01:00}, with the
     * session zone when the text names none. Returns null for malformed text.
     */
    public static Long parseCastFormat(String text, ZoneId sessionZone) {
        Long common = parseCommonForm(text, sessionZone);
        if (common != null) {
            return common;
        }
        Matcher match = CAST_FORMAT.matcher(text.trim());
        if (!match.matches()) {
            return null;
        }
        try {
            String fraction = match.group(7) == null ? "" : match.group(7);
            LocalDateTime local = LocalDateTime.of(Integer.parseInt(match.group(1)), number(match.group(2), 1),
                    number(match.group(3), 1), number(match.group(4), 0), number(match.group(5), 0),
                    number(match.group(6), 0), fraction.isEmpty() ? 0
                            : Integer.parseInt((fraction + "000000000").substring(0, 9)));
            ZoneId zone = match.group(8) == null ? sessionZone : ZoneId.of(normaliseZone(match.group(8)));
            Instant instant = local.atZone(zone).toInstant();
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), MICROS_PER_SECOND),
                    instant.getNano() / 1000);
        } catch (DateTimeException | ArithmeticException e) {
            return null;
        }
    }

    /**
     * The form nearly every producer writes, {@code 2024-01-01T10:00:00[.fraction][Z|+01:00]} (or
     * with a space for the {@code T}), read without a regular expression; null for anything else,
     * which the full cast format then reads.
     */
    private static Long parseCommonForm(String text, ZoneId sessionZone) {
        int length = text.length();
        if (length < 19 || text.charAt(4) != '-' || text.charAt(7) != '-' || text.charAt(13) != ':'
                || text.charAt(16) != ':' || (text.charAt(10) != 'T' && text.charAt(10) != ' ')) {
            return null;
        }
        int year = AsciiDigits.read(text, 0, 4);
        int month = AsciiDigits.read(text, 5, 2);
        int day = AsciiDigits.read(text, 8, 2);
        int hour = AsciiDigits.read(text, 11, 2);
        int minute = AsciiDigits.read(text, 14, 2);
        int second = AsciiDigits.read(text, 17, 2);
        if ((year | month | day | hour | minute | second) < 0 || month < 1 || month > 12 || day < 1
                || hour > 23 || minute > 59 || second > 59) {
            return null;
        }
        int at = 19;
        int nanos = 0;
        if (at < length && text.charAt(at) == '.') {
            int digitsRead = 0;
            at++;
            while (at < length && text.charAt(at) >= '0' && text.charAt(at) <= '9' && digitsRead < 9) {
                nanos = nanos * 10 + (text.charAt(at) - '0');
                digitsRead++;
                at++;
            }
            for (int i = digitsRead; i < 9; i++) {
                nanos *= 10;
            }
        }
        ZoneOffset offset;
        if (at == length) {
            offset = sessionZone instanceof ZoneOffset fixed ? fixed : null;
        } else if (at == length - 1 && text.charAt(at) == 'Z') {
            offset = ZoneOffset.UTC;
        } else if (at == length - 6 && (text.charAt(at) == '+' || text.charAt(at) == '-')
                && text.charAt(at + 3) == ':') {
            int hours = AsciiDigits.read(text, at + 1, 2);
            int minutes = AsciiDigits.read(text, at + 4, 2);
            if (hours < 0 || minutes < 0 || hours > 18 || minutes > 59) {
                return null;
            }
            int sign = text.charAt(at) == '-' ? -1 : 1;
            offset = ZoneOffset.ofTotalSeconds(sign * (hours * 3600 + minutes * 60));
        } else {
            return null;
        }
        if (day > 28 && day > YearMonth.of(year, month).lengthOfMonth()) {
            return null;
        }
        if (offset != null) {
            long seconds = epochDay(year, month, day) * 86_400L + hour * 3600 + minute * 60 + second
                    - offset.getTotalSeconds();
            return seconds * MICROS_PER_SECOND + nanos / 1000;
        }
        Instant instant = LocalDateTime.of(year, month, day, hour, minute, second, nanos).atZone(sessionZone)
                .toInstant();
        return instant.getEpochSecond() * MICROS_PER_SECOND + instant.getNano() / 1000;
    }

    /** Days since 1970-01-01 of a valid date of a year 0 to 9999, as {@link java.time.LocalDate#toEpochDay()} counts them, without making one. */
    private static long epochDay(int year, int month, int day) {
        long total = 365L * year + (year + 3) / 4 - (year + 99) / 100 + (year + 399) / 400
                + (367 * month - 362) / 12 + day - 1;
        if (month > 2) {
            total--;
            if (!java.time.Year.isLeap(year)) {
                total--;
            }
        }
        return total - 719_528L;
    }

    private static int number(String digits, int absent) {
        return digits == null ? absent : Integer.parseInt(digits);
    }

    /** {@code +1} and {@code +0100} become {@code +01:00}, which {@link ZoneId#of} accepts. */
    private static String normaliseZone(String zone) {
        char sign = zone.charAt(0);
        if (sign != '+' && sign != '-') {
            return zone;
        }
        String digits = zone.substring(1).replace(":", "");
        String hours = digits.length() % 2 == 1 ? "0" + digits.substring(0, 1) : digits.substring(0, 2);
        String minutes = digits.length() > 2 ? digits.substring(digits.length() - 2) : "00";
        return sign + hours + ":" + minutes;
    }

    /**
     * A formatter for a Spark datetime pattern. As Spark's {@code DateTimeFormatterHelper} does,
     * {@code y} becomes the proleptic year {@code u} unless the pattern has an era, so that strict
     * parsing needs no era; resolution is strict, so {@code 2024-02-30} does not parse.
     */
    public static DateTimeFormatter formatter(String sparkPattern) {
        return new DateTimeFormatterBuilder()
                .appendPattern(javaPattern(sparkPattern))
                .toFormatter(Locale.US)
                .withChronology(IsoChronology.INSTANCE)
                .withResolverStyle(ResolverStyle.STRICT);
    }

    private static String javaPattern(String sparkPattern) {
        String[] parts = sparkPattern.split("'", -1);
        boolean hasEra = false;
        for (int i = 0; i < parts.length; i += 2) {
            hasEra |= parts[i].indexOf('G') >= 0;
        }
        StringBuilder pattern = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                pattern.append('\'');
            }
            pattern.append(i % 2 == 0 && !hasEra ? parts[i].replace('y', 'u') : parts[i]);
        }
        return pattern.toString();
    }

    /**
     * Parses text with a pattern; fields the pattern lacks default to 1970-01-01 00:00:00 and the
     * zone to the session's. Throws {@link DateTimeException} with Java's message when it fails.
     */
    public static long parse(String text, DateTimeFormatter formatter, ZoneId sessionZone) {
        TemporalAccessor parsed = formatter.parse(text);
        LocalDateTime local = LocalDateTime.of(
                field(parsed, ChronoField.YEAR, 1970), field(parsed, ChronoField.MONTH_OF_YEAR, 1),
                field(parsed, ChronoField.DAY_OF_MONTH, 1), field(parsed, ChronoField.HOUR_OF_DAY, 0),
                field(parsed, ChronoField.MINUTE_OF_HOUR, 0), field(parsed, ChronoField.SECOND_OF_MINUTE, 0),
                field(parsed, ChronoField.NANO_OF_SECOND, 0));
        ZoneId zone = parsed.query(TemporalQueries.zone());
        Instant instant = local.atZone(zone == null ? sessionZone : zone).toInstant();
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), MICROS_PER_SECOND),
                instant.getNano() / 1000);
    }

    private static int field(TemporalAccessor parsed, ChronoField field, int absent) {
        return parsed.isSupported(field) ? parsed.get(field) : absent;
    }

    /** Formats a timestamp with a pattern's formatter in the session zone. */
    public static String format(long micros, DateTimeFormatter formatter, ZoneId zone) {
        Instant instant = Instant.ofEpochSecond(Math.floorDiv(micros, MICROS_PER_SECOND),
                Math.floorMod(micros, MICROS_PER_SECOND) * 1000);
        return formatter.format(instant.atZone(zone));
    }
}
