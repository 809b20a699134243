package dev.arus.engine.exec.aggregate;

/**
 * What a streaming aggregation did to its state in one batch, in the terms of Spark's
 * {@code StateOperatorProgress}; {@code lateInputRows} is Arus's extra: input rows behind the
 * dropped groups.
 */
public record AggregateStats(
        long numRowsTotal,
        long numRowsUpdated,
        long numRowsRemoved,
        long numRowsDroppedByWatermark,
        long lateInputRows,
        long memoryUsedBytes) {
}
