package dev.arus.engine.streaming;

/**
 * What to read of one stateful operator's state, as the options of Spark's {@code statestore}
 * source: the batch whose committed state to read ({@code null}: the last committed), one
 * partition ({@code null}: all), the store ({@code null}: {@code default}) or, for a
 * stream-stream join, one side ({@code left} or {@code right}); or, with
 * {@code readChangeFeed}, the changes made by the batches from {@code changeStartBatchId} to
 * {@code changeEndBatchId} ({@code null}: the last committed).
 */
public record StateReadRequest(int operatorId, Long batchId, Integer partition, String storeName, String joinSide,
                               boolean readChangeFeed, Long changeStartBatchId, Long changeEndBatchId) {

    /** The state of operator {@code operatorId} after the last committed batch, every partition. */
    public static StateReadRequest latest(int operatorId) {
        return new StateReadRequest(operatorId, null, null, null, null, false, null, null);
    }
}
