package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;

/**
 * What analysis knows of a plan's output: its schema, the column that carries the event-time
 * watermark (if any, with its delay), how many streaming aggregations the plan chains, and
 * whether each of them groups by a key that carries the watermark, which is what lets its state
 * be evicted.
 */
public record Analysis(Schema schema, String watermarkColumn, long watermarkDelayMicros, int aggregations,
                       boolean aggregationsHaveWatermarkKeys) {

    /** A plan of stateless steps over {@code schema}, with no watermark. */
    static Analysis of(Schema schema) {
        return new Analysis(schema, null, 0, 0, true);
    }

    Analysis withSchema(Schema next, String nextWatermarkColumn) {
        return new Analysis(next, nextWatermarkColumn, watermarkDelayMicros, aggregations,
                aggregationsHaveWatermarkKeys);
    }

    boolean aggregates() {
        return aggregations > 0;
    }
}
