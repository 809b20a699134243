package dev.arus.engine.checkpoint;

import dev.arus.engine.source.Offset;

/**
 * Where a query restarted on its checkpoint goes on: the next batch id, the end offset of the
 * last committed batch ({@code null} before any), the watermark in force and the one the next
 * batch gets, and, when the last planned batch was never committed, that batch to re-run.
 * The state to load is version {@code nextBatchId}.
 */
public record ResumePoint(long nextBatchId, Offset committedOffset, long currentWatermarkMicros,
                          long nextWatermarkMicros, Replay replay) {

    public static final ResumePoint FRESH = new ResumePoint(0, null, 0, 0, null);

    /** A planned batch to run again exactly as planned: its end offset and its timestamp. */
    public record Replay(Offset end, long batchTimestampMs) {
    }

    public long stateVersion() {
        return nextBatchId;
    }
}
