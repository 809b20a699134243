package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;

/**
 * What analysis knows of a plan's output: its schema, the column that carries the event-time
 * watermark (if any, with its delay), how many streaming aggregations the plan chains, whether
 * each of them groups by a key that carries the watermark, which is what lets its state be
 * evicted, how many stateful operators it has, whether one of them (one that Spark's correctness
 * check counts) follows an aggregation, whether the last aggregation groups by a session
 * window, and how many joins of two streams it has.
 */
public record Analysis(Schema schema, String watermarkColumn, long watermarkDelayMicros, int aggregations,
                       boolean aggregationsHaveWatermarkKeys, int statefulOperators,
                       boolean statefulAfterAggregation, boolean sessionWindowed, int streamJoins) {

    /** A plan of stateless steps over {@code schema}, with no watermark. */
    static Analysis of(Schema schema) {
        return new Analysis(schema, null, 0, 0, true, 0, false, false, 0);
    }

    Analysis withSchema(Schema next, String nextWatermarkColumn) {
        return new Analysis(next, nextWatermarkColumn, watermarkDelayMicros, aggregations,
                aggregationsHaveWatermarkKeys, statefulOperators, statefulAfterAggregation, sessionWindowed,
                streamJoins);
    }

    /**
     * This analysis with one more stateful operator; {@code checked} says whether Spark's
     * correctness check counts it (a deduplication only when it can evict by event time).
     */
    Analysis withStatefulOperator(boolean checked) {
        return new Analysis(schema, watermarkColumn, watermarkDelayMicros, aggregations,
                aggregationsHaveWatermarkKeys, statefulOperators + 1,
                statefulAfterAggregation || (checked && aggregates()), sessionWindowed, streamJoins);
    }

    boolean aggregates() {
        return aggregations > 0;
    }
}
