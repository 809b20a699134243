package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.OutputMode;
import java.util.ArrayList;
import java.util.List;

/**
 * What analysis knows of a plan's output: its schema, the column that carries the event-time
 * watermark (if any, with its delay), how many streaming aggregations the plan chains, whether
 * each of them groups by a key that carries the watermark, which is what lets its state be
 * evicted, how many stateful operators it has, whether one of them (one that Spark's correctness
 * check counts) follows an aggregation, whether the last aggregation groups by a session
 * window, how many joins of two streams it has, and the grouping columns: the output columns
 * that hold the last aggregation's keys (its window included), the key of a row in update and
 * complete mode; empty when the plan does not aggregate or a later step drops or renames a key;
 * and the rules its steps set on the output mode ({@link ModeRule}), checked when a query starts.
 */
public record Analysis(Schema schema, String watermarkColumn, long watermarkDelayMicros, int aggregations,
                       boolean aggregationsHaveWatermarkKeys, int statefulOperators,
                       boolean statefulAfterAggregation, boolean sessionWindowed, int streamJoins,
                       List<String> groupingColumns, List<ModeRule> modeRules) {

    /**
     * A step's own rule on the output modes it runs in, as a clause of Spark's
     * {@code UnsupportedOperationChecker}: {@link OutputModeRules} checks it with the plan's, so
     * that a new step writes its rule where it resolves.
     */
    @FunctionalInterface
    public interface ModeRule {
        /** Throws {@link AnalysisException} when the step cannot run in {@code mode}. */
        void check(OutputMode mode);
    }

    public Analysis {
        groupingColumns = List.copyOf(groupingColumns);
        modeRules = List.copyOf(modeRules);
    }

    /** A plan of stateless steps over {@code schema}, with no watermark. */
    static Analysis of(Schema schema) {
        return new Analysis(schema, null, 0, 0, true, 0, false, false, 0, List.of(), List.of());
    }

    /** This analysis with a step's rule on the output mode. */
    Analysis withModeRule(ModeRule rule) {
        List<ModeRule> more = new ArrayList<>(modeRules);
        more.add(rule);
        return new Analysis(schema, watermarkColumn, watermarkDelayMicros, aggregations, aggregationsHaveWatermarkKeys,
                statefulOperators, statefulAfterAggregation, sessionWindowed, streamJoins, groupingColumns, more);
    }

    /** This analysis of a step that gives {@code next}: the grouping columns stay only if it keeps all of them. */
    Analysis withSchema(Schema next, String nextWatermarkColumn) {
        boolean keepsKeys = groupingColumns.stream().allMatch(key -> next.indexOf(key) >= 0);
        return new Analysis(next, nextWatermarkColumn, watermarkDelayMicros, aggregations,
                aggregationsHaveWatermarkKeys, statefulOperators, statefulAfterAggregation, sessionWindowed,
                streamJoins, keepsKeys ? groupingColumns : List.of(), modeRules);
    }

    /**
     * This analysis with one more stateful operator; {@code checked} says whether Spark's
     * correctness check counts it (a deduplication only when it can evict by event time).
     */
    Analysis withStatefulOperator(boolean checked) {
        return new Analysis(schema, watermarkColumn, watermarkDelayMicros, aggregations,
                aggregationsHaveWatermarkKeys, statefulOperators + 1,
                statefulAfterAggregation || (checked && aggregates()), sessionWindowed, streamJoins, groupingColumns,
                modeRules);
    }

    boolean aggregates() {
        return aggregations > 0;
    }
}
