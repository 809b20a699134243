package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;

/**
 * What analysis knows of a plan's output: its schema, the column that carries the event-time
 * watermark (if any, with its delay) and whether it aggregates, and if so whether one of the
 * grouping keys carries the watermark, which is what lets state be evicted.
 */
public record Analysis(Schema schema, String watermarkColumn, long watermarkDelayMicros,
                       boolean aggregates, boolean aggregateHasWatermarkKey) {
}
