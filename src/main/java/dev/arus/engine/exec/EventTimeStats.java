package dev.arus.engine.exec;

/**
 * Minimum, maximum and mean of the event times (microseconds) one batch saw, as Spark's
 * {@code EventTimeStats}. Mutable accumulator owned by the watermark operator.
 */
public final class EventTimeStats {

    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private double sum;
    private long count;

    void add(long eventTimeMicros) {
        if (eventTimeMicros < min) {
            min = eventTimeMicros;
        }
        if (eventTimeMicros > max) {
            max = eventTimeMicros;
        }
        sum += eventTimeMicros;
        count++;
    }

    void addAll(long[] values, int size) {
        long lo = min;
        long hi = max;
        double total = 0;
        for (int i = 0; i < size; i++) {
            long value = values[i];
            lo = Math.min(lo, value);
            hi = Math.max(hi, value);
            total += value;
        }
        min = lo;
        max = hi;
        sum += total;
        count += size;
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

    public long avgMicros() {
        return Math.round(sum / count);
    }

    void reset() {
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
        sum = 0;
        count = 0;
    }

    EventTimeStats copy() {
        EventTimeStats copy = new EventTimeStats();
        copy.min = min;
        copy.max = max;
        copy.sum = sum;
        copy.count = count;
        return copy;
    }
}
