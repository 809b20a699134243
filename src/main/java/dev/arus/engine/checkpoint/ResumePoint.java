package dev.arus.engine.checkpoint;

import dev.arus.engine.source.SourceOffsets;

/**
 * Where a query restarted on its checkpoint goes on: the next batch id, the end offsets of the
 * last committed batch (none before any), the watermark in force and the one the next batch
 * gets, and, when the last planned batch was never committed, that batch to re-run. The state
 * to load is version {@code nextBatchId}.
 */
public record ResumePoint(long nextBatchId, SourceOffsets committedOffsets, long currentWatermarkMicros,
                          long nextWatermarkMicros, Replay replay) {

    /** Where a new query of {@code sources} sources starts. */
    public static ResumePoint fresh(int sources) {
        return new ResumePoint(0, SourceOffsets.none(sources), 0, 0, null);
    }

    /** A planned batch to run again exactly as planned: its end offsets and its timestamp. */
    public record Replay(SourceOffsets end, long batchTimestampMs) {
    }

    public long stateVersion() {
        return nextBatchId;
    }
}
