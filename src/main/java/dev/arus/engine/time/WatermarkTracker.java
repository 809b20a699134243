package dev.arus.engine.time;

/**
 * The event-time watermark of a query: the highest event time seen, minus the allowed delay.
 * It is computed between batches from the rows of the batches before, starts at 0 (the epoch)
 * as in Spark, and never goes back.
 */
public final class WatermarkTracker {

    private final long delayMicros;
    private long watermarkMicros;
    private long maxEventTimeMicros = Long.MIN_VALUE;

    public WatermarkTracker(long delayMicros) {
        this.delayMicros = delayMicros;
    }

    /** The watermark in force for the current batch. */
    public long currentMicros() {
        return watermarkMicros;
    }

    /** The watermark the next batch would get from the event times seen so far. */
    public long nextMicros() {
        if (maxEventTimeMicros == Long.MIN_VALUE) {
            return watermarkMicros;
        }
        return Math.max(watermarkMicros, maxEventTimeMicros - delayMicros);
    }

    /** Records the highest event time of a batch that just ran. */
    public void observe(long batchMaxEventTimeMicros) {
        maxEventTimeMicros = Math.max(maxEventTimeMicros, batchMaxEventTimeMicros);
    }

    /**
     * Puts the tracker back where a checkpoint left it: {@code currentMicros} in force and
     * {@code nextMicros} for the next batch, as if event times up to {@code nextMicros + delay}
     * had been seen.
     */
    public void restore(long currentMicros, long nextMicros) {
        watermarkMicros = currentMicros;
        maxEventTimeMicros = nextMicros > currentMicros ? nextMicros + delayMicros : Long.MIN_VALUE;
    }

    /** Moves the watermark to {@link #nextMicros()}, for the batch about to run. */
    public void advance() {
        watermarkMicros = nextMicros();
    }
}
