package dev.arus.engine.exec;

/**
 * Minimum, maximum and mean of the event times (microseconds) one batch saw, as Spark's
 * {@code EventTimeStats}. The mean is Spark's: a running mean of whole milliseconds
 * ({@code avg += (t - avg) / count}), reported truncated to a millisecond. Mutable accumulator
 * owned by the watermark operator.
 */
public final class EventTimeStats {

    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private double avgMillis;
    private long count;

    void add(long eventTimeMicros) {
        if (eventTimeMicros < min) {
            min = eventTimeMicros;
        }
        if (eventTimeMicros > max) {
            max = eventTimeMicros;
        }
        count++;
        avgMillis += (Math.floorDiv(eventTimeMicros, 1000L) - avgMillis) / count;
    }

    void addAll(long[] values, int size) {
        long lo = min;
        long hi = max;
        double avg = avgMillis;
        long n = count;
        for (int i = 0; i < size; i++) {
            long value = values[i];
            lo = Math.min(lo, value);
            hi = Math.max(hi, value);
            n++;
            avg += (Math.floorDiv(value, 1000L) - avg) / n;
        }
        min = lo;
        max = hi;
        avgMillis = avg;
        count = n;
    }

    public long count() {
        return count;
    }

    public long minMicros() {
        return min;
    }

    public long maxMicros() {
        return max;
    }

    /** The mean, truncated to whole milliseconds as Spark's {@code avg.toLong}, in microseconds. */
    public long avgMicros() {
        return (long) avgMillis * 1000L;
    }

    void reset() {
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
        avgMillis = 0;
        count = 0;
    }

    EventTimeStats copy() {
        EventTimeStats copy = new EventTimeStats();
        copy.min = min;
        copy.max = max;
        copy.avgMillis = avgMillis;
        copy.count = count;
        return copy;
    }
}
