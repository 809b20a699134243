package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import java.util.List;

/**
 * What analysis knows of a plan's output: its schema, the column that carries the event-time
 * watermark (if any, with its delay), how many streaming aggregations the plan chains, whether
 * each of them groups by a key that carries the watermark, which is what lets its state be
 * evicted, how many stateful operators it has, whether one of them (one that Spark's correctness
 * check counts) follows an aggregation, whether the last aggregation groups by a session
 * window, how many joins of two streams it has, and the grouping columns: the output columns
 * that hold the last aggregation's keys (its window included), the key of a row in update and
 * complete mode; empty when the plan does not aggregate or a later step drops or renames a key.
 */
public record Analysis(Schema schema, String watermarkColumn, long watermarkDelayMicros, int aggregations,
                       boolean aggregationsHaveWatermarkKeys, int statefulOperators,
                       boolean statefulAfterAggregation, boolean sessionWindowed, int streamJoins,
                       List<String> groupingColumns) {

    public Analysis {
        groupingColumns = List.copyOf(groupingColumns);
    }

    /** A plan of stateless steps over {@code schema}, with no watermark. */
    static Analysis of(Schema schema) {
        return new Analysis(schema, null, 0, 0, true, 0, false, false, 0, List.of());
    }

    /** This analysis of a step that gives {@code next}: the grouping columns stay only if it keeps all of them. */
    Analysis withSchema(Schema next, String nextWatermarkColumn) {
        boolean keepsKeys = groupingColumns.stream().allMatch(key -> next.indexOf(key) >= 0);
        return new Analysis(next, nextWatermarkColumn, watermarkDelayMicros, aggregations,
                aggregationsHaveWatermarkKeys, statefulOperators, statefulAfterAggregation, sessionWindowed,
                streamJoins, keepsKeys ? groupingColumns : List.of());
    }

    /**
     * This analysis with one more stateful operator; {@code checked} says whether Spark's
     * correctness check counts it (a deduplication only when it can evict by event time).
     */
    Analysis withStatefulOperator(boolean checked) {
        return new Analysis(schema, watermarkColumn, watermarkDelayMicros, aggregations,
                aggregationsHaveWatermarkKeys, statefulOperators + 1,
                statefulAfterAggregation || (checked && aggregates()), sessionWindowed, streamJoins, groupingColumns);
    }

    boolean aggregates() {
        return aggregations > 0;
    }
}
