package dev.arus.engine.time;

import java.util.Arrays;
import java.util.Locale;

/**
 * The event-time watermark of a query, as Spark's {@code WatermarkTracker} keeps it: each
 * {@code withWatermark} operator has its own, the highest event time it has seen minus its delay
 * (0 while it has seen none); the query's global watermark is the least of them (Spark's
 * {@code multipleWatermarkPolicy} {@code min}, the default) or the greatest ({@code max}), starts
 * at 0 (the epoch) and never goes back. It is computed between batches from the rows of the
 * batches before.
 */
public final class WatermarkTracker {

    /** Spark's {@code spark.sql.streaming.multipleWatermarkPolicy}. */
    public enum Policy {
        MIN, MAX;

        /** The setting's value naming this policy: {@code min} or {@code max}. */
        public String sparkName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The policy a setting names ({@code min} or {@code max}, in any case). */
        public static Policy of(String name) {
            return switch (name.trim().toLowerCase(Locale.ROOT)) {
                case "min" -> MIN;
                case "max" -> MAX;
                default -> throw new IllegalArgumentException("Could not recognize watermark policy '" + name + "'");
            };
        }
    }

    private final long[] delaysMicros;
    private final Policy policy;
    private final long[] operatorWatermarks;
    private final boolean[] seen;
    private long watermarkMicros;
    private long nextMicros;

    /** A tracker of one watermark operator. */
    public WatermarkTracker(long delayMicros) {
        this(new long[] {delayMicros}, Policy.MIN);
    }

    /** A tracker of operators with these delays, in the order {@link #observe} numbers them. */
    public WatermarkTracker(long[] delaysMicros, Policy policy) {
        this.delaysMicros = delaysMicros.clone();
        this.policy = policy;
        this.operatorWatermarks = new long[delaysMicros.length];
        this.seen = new boolean[delaysMicros.length];
    }

    public int operators() {
        return delaysMicros.length;
    }

    /** The watermark in force for the current batch. */
    public long currentMicros() {
        return watermarkMicros;
    }

    /** The watermark the next batch gets from the event times seen so far. */
    public long nextMicros() {
        return nextMicros;
    }

    /** Records the highest event time operator {@code operator} saw in a batch that just ran. */
    public void observe(int operator, long batchMaxEventTimeMicros) {
        long candidate = batchMaxEventTimeMicros - delaysMicros[operator];
        if (!seen[operator] || candidate > operatorWatermarks[operator]) {
            operatorWatermarks[operator] = candidate;
            seen[operator] = true;
        }
        long chosen = policy == Policy.MIN ? Long.MAX_VALUE : Long.MIN_VALUE;
        for (int op = 0; op < operatorWatermarks.length; op++) {
            long value = seen[op] ? operatorWatermarks[op] : 0;
            chosen = policy == Policy.MIN ? Math.min(chosen, value) : Math.max(chosen, value);
        }
        nextMicros = Math.max(nextMicros, chosen);
    }

    /** {@link #observe(int, long)} for a query with one watermark operator. */
    public void observe(long batchMaxEventTimeMicros) {
        observe(0, batchMaxEventTimeMicros);
    }

    /**
     * Puts the tracker back where a checkpoint left it: {@code currentMicros} in force and
     * {@code nextMicros} for the next batch; the operators' own watermarks start again, as in
     * Spark, where only the global watermark is kept.
     */
    public void restore(long currentMicros, long nextMicros) {
        this.watermarkMicros = currentMicros;
        this.nextMicros = Math.max(currentMicros, nextMicros);
        Arrays.fill(operatorWatermarks, 0);
        Arrays.fill(seen, false);
    }

    /** Moves the watermark to {@link #nextMicros()}, for the batch about to run. */
    public void advance() {
        watermarkMicros = nextMicros;
    }
}
