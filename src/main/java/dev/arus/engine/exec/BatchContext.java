package dev.arus.engine.exec;

import dev.arus.engine.expr.EvaluationContext;

/**
 * What one micro-batch's operators need to know, passed with every call rather than kept in
 * their fields. {@code previousWatermarkMicros} is the query's watermark of the previous batch,
 * {@code watermarkMicros} this batch's; each stateful operator takes its own of each, by
 * {@code watermarks} ({@link WatermarkPropagation}): rows of groups that closed by its
 * {@linkplain #watermarkForLateRowsMicros watermark for late rows} are late, groups that close by
 * its {@linkplain #watermarkForEvictionMicros watermark for eviction} are emitted (append) or
 * dropped from state.
 */
public record BatchContext(
        long batchId,
        long previousWatermarkMicros,
        long watermarkMicros,
        WatermarkPropagation watermarks,
        EvaluationContext evaluation) {

    /** A batch in which every operator takes the query's watermarks as they are. */
    public BatchContext(long batchId, long previousWatermarkMicros, long watermarkMicros,
                        EvaluationContext evaluation) {
        this(batchId, previousWatermarkMicros, watermarkMicros, WatermarkPropagation.UNSHIFTED, evaluation);
    }

    /** Operator {@code operatorId}'s input watermark of the previous batch (Spark's {@code eventTimeWatermarkForLateEvents}). */
    public long watermarkForLateRowsMicros(int operatorId) {
        return watermarks.inputMicros(operatorId, previousWatermarkMicros);
    }

    /** Operator {@code operatorId}'s input watermark of this batch (Spark's {@code eventTimeWatermarkForEviction}). */
    public long watermarkForEvictionMicros(int operatorId) {
        return watermarks.inputMicros(operatorId, watermarkMicros);
    }
}
