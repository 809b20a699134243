package dev.arus.engine.exec;

/**
 * What one state partition did in its last batch, in the terms of Spark's
 * {@code StateOperatorProgress}: the rows it holds after the batch, those the batch added or
 * changed, those it removed, the late rows (or groups) it dropped, and the memory its state takes.
 */
public record StateStats(long rowsTotal, long rowsUpdated, long rowsRemoved, long rowsDroppedByWatermark,
                         long memoryBytes) {

    public static final StateStats NONE = new StateStats(0, 0, 0, 0, 0);
}
