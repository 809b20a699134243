package dev.arus.engine.exec;

/**
 * Minimum, maximum and mean of the event times (microseconds) one batch saw, as Spark's
 * {@code EventTimeStats}; the mean is reported in whole milliseconds, truncated. Mutable: each
 * task slot's watermark operator fills one, and the runtime merges them.
 */
public final class EventTimeStats {

    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long count;
    // The mean is kept exactly, as the sum of each event time's distance from the first one
    // seen, so the sum stays small and the loop below is one subtraction and one addition.
    // Spark keeps a running double mean of whole milliseconds; both truncate to the same
    // millisecond except at the edge of its rounding.
    private long baseMicros;
    private long sumOfOffsetsMicros;

    void add(long eventTimeMicros) {
        if (count == 0) {
            baseMicros = eventTimeMicros;
        }
        min = Math.min(min, eventTimeMicros);
        max = Math.max(max, eventTimeMicros);
        sumOfOffsetsMicros += eventTimeMicros - baseMicros;
        count++;
    }

    void addAll(long[] values, int size) {
        if (size == 0) {
            return;
        }
        if (count == 0) {
            baseMicros = values[0];
        }
        long lo = min;
        long hi = max;
        long base = baseMicros;
        long sum = 0;
        for (int i = 0; i < size; i++) {
            long value = values[i];
            lo = Math.min(lo, value);
            hi = Math.max(hi, value);
            sum += value - base;
        }
        min = lo;
        max = hi;
        sumOfOffsetsMicros += sum;
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

    /** The mean in whole milliseconds (truncated, as Spark's {@code avg.toLong}), in microseconds. */
    public long avgMicros() {
        return Math.floorDiv(baseMicros + Math.floorDiv(sumOfOffsetsMicros, count), 1000L) * 1000L;
    }

    void reset() {
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
        count = 0;
        baseMicros = 0;
        sumOfOffsetsMicros = 0;
    }

    /** Adds {@code other}'s event times to these. */
    void merge(EventTimeStats other) {
        if (other.count == 0) {
            return;
        }
        if (count == 0) {
            baseMicros = other.baseMicros;
        }
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
        sumOfOffsetsMicros += other.sumOfOffsetsMicros + (other.baseMicros - baseMicros) * other.count;
        count += other.count;
    }
}
