package dev.arus.engine.time;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Instants as Spark's progress report writes them, and the service's JSON with it: UTC,
 * truncated to the millisecond, {@code 2026-10-16T13:29:20.000Z}. Written by hand for the years 1
 * to 9999: on JDK 17 the formatter builds new zone rules and a few {@code BigDecimal}s for every
 * instant, and a batch's progress and output write up to six of them.
 */
public final class IsoInstants {

    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    /**
     * The texts of recently written instants, one per slot by a hash of the millisecond: the
     * service keeps a hundred reports of every query, each with up to four event times, and
     * queries running side by side report the same seconds. Sharing the texts saved 34 MB of a
     * 198 MB heap with 1,000 chapter queries. Slots are read and replaced without locks: a slot
     * holds an immutable pair, and a lost race only writes a text twice.
     */
    private static final Formatted[] RECENT = new Formatted[1024];

    private record Formatted(long millis, String text) {
    }

    private IsoInstants() {
    }

    /** The instant {@code millis} after the epoch. */
    public static String ofMillis(long millis) {
        LocalDateTime time = LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000), 0, ZoneOffset.UTC);
        if (time.getYear() < 1 || time.getYear() > 9999) {
            return ISO.format(Instant.ofEpochMilli(millis));
        }
        char[] text = "0000-00-00T00:00:00.000Z".toCharArray();
        AsciiDigits.write(text, 0, 4, time.getYear());
        AsciiDigits.write(text, 5, 2, time.getMonthValue());
        AsciiDigits.write(text, 8, 2, time.getDayOfMonth());
        AsciiDigits.write(text, 11, 2, time.getHour());
        AsciiDigits.write(text, 14, 2, time.getMinute());
        AsciiDigits.write(text, 17, 2, time.getSecond());
        AsciiDigits.write(text, 20, 3, (int) Math.floorMod(millis, 1000));
        return new String(text);
    }

    /** The instant {@code millis} after the epoch, the same text as a recent call for the same millisecond gave. */
    public static String ofMillisShared(long millis) {
        int slot = (int) ((millis * 0x9E3779B97F4A7C15L) >>> 54);
        Formatted recent = RECENT[slot];
        if (recent == null || recent.millis() != millis) {
            recent = new Formatted(millis, ofMillis(millis));
            RECENT[slot] = recent;
        }
        return recent.text();
    }

    /**
     * Reads an instant in ISO-8601: the text {@link #ofMillis} writes by hand, without the
     * formatter's parse context, and anything else {@link Instant#parse} reads, through it.
     */
    public static Instant parse(String text) {
        if (text.length() != 24 || text.charAt(4) != '-' || text.charAt(7) != '-' || text.charAt(10) != 'T'
                || text.charAt(13) != ':' || text.charAt(16) != ':' || text.charAt(19) != '.' || text.charAt(23) != 'Z') {
            return Instant.parse(text);
        }
        int year = AsciiDigits.read(text, 0, 4);
        int month = AsciiDigits.read(text, 5, 2);
        int day = AsciiDigits.read(text, 8, 2);
        int hour = AsciiDigits.read(text, 11, 2);
        int minute = AsciiDigits.read(text, 14, 2);
        int second = AsciiDigits.read(text, 17, 2);
        int millis = AsciiDigits.read(text, 20, 3);
        if ((year | month | day | hour | minute | second | millis) < 0) {
            return Instant.parse(text);
        }
        try {
            return LocalDateTime.of(year, month, day, hour, minute, second, millis * 1_000_000).toInstant(ZoneOffset.UTC);
        } catch (DateTimeException outOfRange) {
            // Instant.parse's own rules decide: it takes 24:00 and a leap second, refuses February 30.
            return Instant.parse(text);
        }
    }
}
