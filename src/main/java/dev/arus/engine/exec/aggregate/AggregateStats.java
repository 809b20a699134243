package dev.arus.engine.exec.aggregate;

/**
 * What one state partition of a streaming aggregation did in one batch, in the terms of Spark's
 * {@code StateOperatorProgress}.
 */
record AggregateStats(long numRowsTotal, long numRowsUpdated, long numRowsRemoved, long numRowsDroppedByWatermark,
                      long memoryUsedBytes) {

    static final AggregateStats NONE = new AggregateStats(0, 0, 0, 0, 0);
}
