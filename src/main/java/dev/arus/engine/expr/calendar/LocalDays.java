package dev.arus.engine.expr.calendar;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;

/**
 * Timestamps read in a session zone: the local wall-clock time of an instant, the day it falls
 * on, and the instant a day starts. A fixed offset (a {@code ZoneOffset}, or a region such as
 * {@code UTC} that never changes its offset) is arithmetic; a zone with daylight saving is asked
 * once per stretch between its transitions (and once per day for starts), so consecutive rows
 * cost no lookup and make no objects. Not thread-safe: one per node.
 */
public final class LocalDays {

    public static final long MICROS_PER_SECOND = 1_000_000L;
    public static final long MICROS_PER_DAY = 86_400L * MICROS_PER_SECOND;

    private ZoneId lastZone;
    private ZoneOffset lastFixedOffset;

    private ZoneId offsetZone;
    private long offsetFrom = Long.MAX_VALUE;
    private long offsetUntil = Long.MIN_VALUE;
    private long offsetMicros;

    private ZoneId dayZone;
    private long cachedDay = Long.MIN_VALUE;
    private long cachedStart;

    /** The wall-clock time of a timestamp in {@code zone}, as microseconds since the local epoch. */
    public long localMicros(long micros, ZoneId zone) {
        ZoneOffset fixed = fixedOffset(zone);
        if (fixed != null) {
            return micros + fixed.getTotalSeconds() * MICROS_PER_SECOND;
        }
        long second = Math.floorDiv(micros, MICROS_PER_SECOND);
        if (second < offsetFrom || second >= offsetUntil || !zone.equals(offsetZone)) {
            rememberOffset(second, zone);
        }
        return micros + offsetMicros;
    }

    /** The zone's offset when it never changes, else null; worked out once per zone. */
    private ZoneOffset fixedOffset(ZoneId zone) {
        if (zone != lastZone) {
            lastZone = zone;
            lastFixedOffset = zone.normalized() instanceof ZoneOffset offset ? offset : null;
        }
        return lastFixedOffset;
    }

    private void rememberOffset(long second, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        Instant instant = Instant.ofEpochSecond(second);
        ZoneOffsetTransition previous = rules.previousTransition(instant.plusSeconds(1));
        ZoneOffsetTransition next = rules.nextTransition(instant);
        offsetZone = zone;
        offsetMicros = rules.getOffset(instant).getTotalSeconds() * MICROS_PER_SECOND;
        offsetFrom = previous == null ? Long.MIN_VALUE : previous.toEpochSecond();
        offsetUntil = next == null ? Long.MAX_VALUE : next.toEpochSecond();
    }

    /**
     * The timestamp a local wall-clock time (microseconds since the local epoch) names in
     * {@code zone}, as {@code LocalDateTime.atZone} resolves it: in an overlap the earlier offset,
     * in a gap the time pushed forward by the gap. Arithmetic unless a transition is within a day.
     */
    public long instantOf(long localMicros, ZoneId zone) {
        ZoneOffset fixed = fixedOffset(zone);
        if (fixed != null) {
            return localMicros - fixed.getTotalSeconds() * MICROS_PER_SECOND;
        }
        long guess = localMicros - (localMicros(localMicros, zone) - localMicros);
        long second = Math.floorDiv(guess, MICROS_PER_SECOND);
        if (localMicros(guess, zone) == localMicros && second - offsetFrom >= 86_400 && offsetUntil - second >= 86_400) {
            return guess;
        }
        LocalDateTime local = LocalDateTime.ofEpochSecond(Math.floorDiv(localMicros, MICROS_PER_SECOND), 0,
                ZoneOffset.UTC);
        return local.atZone(zone).toEpochSecond() * MICROS_PER_SECOND + Math.floorMod(localMicros, MICROS_PER_SECOND);
    }

    /** The day (since the epoch) of a timestamp in {@code zone}. */
    public long dayOf(long micros, ZoneId zone) {
        return Math.floorDiv(localMicros(micros, zone), MICROS_PER_DAY);
    }

    /** The timestamp at which {@code day} starts in {@code zone}. */
    public long startOf(long day, ZoneId zone) {
        ZoneOffset fixed = fixedOffset(zone);
        if (fixed != null) {
            return Math.subtractExact(Math.multiplyExact(day, MICROS_PER_DAY),
                    fixed.getTotalSeconds() * MICROS_PER_SECOND);
        }
        if (day != cachedDay || !zone.equals(dayZone)) {
            dayZone = zone;
            cachedDay = day;
            cachedStart = LocalDate.ofEpochDay(day).atStartOfDay(zone).toEpochSecond() * MICROS_PER_SECOND;
        }
        return cachedStart;
    }
}
