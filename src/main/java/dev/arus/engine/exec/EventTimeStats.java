package dev.arus.engine.exec;

/**
 * Minimum, maximum and mean of the event times (microseconds) one batch saw, as Spark's
 * {@code EventTimeStats}; the mean is reported in whole milliseconds, truncated. Mutable
 * accumulator owned by the watermark operator.
 */
public final class EventTimeStats {

    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long count;
    // The mean is kept exactly, as whole milliseconds summed relative to the first event time
    // seen, so the sum stays small and the loop below has no division. Spark keeps a running
    // double mean instead; both truncate to the same millisecond but at the edge of rounding.
    private long baseMillis;
    private long sumOfOffsetsMillis;

    void add(long eventTimeMicros) {
        if (count == 0) {
            baseMillis = Math.floorDiv(eventTimeMicros, 1000L);
        }
        min = Math.min(min, eventTimeMicros);
        max = Math.max(max, eventTimeMicros);
        sumOfOffsetsMillis += Math.floorDiv(eventTimeMicros, 1000L) - baseMillis;
        count++;
    }

    void addAll(long[] values, int size) {
        if (size == 0) {
            return;
        }
        if (count == 0) {
            baseMillis = Math.floorDiv(values[0], 1000L);
        }
        long lo = min;
        long hi = max;
        long base = baseMillis;
        long sum = 0;
        for (int i = 0; i < size; i++) {
            long value = values[i];
            lo = Math.min(lo, value);
            hi = Math.max(hi, value);
            sum += Math.floorDiv(value, 1000L) - base;
        }
        min = lo;
        max = hi;
        sumOfOffsetsMillis += sum;
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
        return (baseMillis + Math.floorDiv(sumOfOffsetsMillis, count)) * 1000L;
    }

    void reset() {
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
        count = 0;
        baseMillis = 0;
        sumOfOffsetsMillis = 0;
    }

    EventTimeStats copy() {
        EventTimeStats copy = new EventTimeStats();
        copy.min = min;
        copy.max = max;
        copy.count = count;
        copy.baseMillis = baseMillis;
        copy.sumOfOffsetsMillis = sumOfOffsetsMillis;
        return copy;
    }
}
