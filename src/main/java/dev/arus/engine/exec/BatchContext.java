package dev.arus.engine.exec;

import dev.arus.engine.expr.EvaluationContext;

/**
 * What one micro-batch's operators need to know, passed with every call rather than kept in
 * their fields. {@code watermarkForLateRowsMicros} is the previous batch's watermark: rows of
 * groups that closed by then are late. {@code watermarkForEvictionMicros} is this batch's: groups
 * that close by it are emitted (append) or dropped from state.
 */
public record BatchContext(
        long batchId,
        long watermarkForLateRowsMicros,
        long watermarkForEvictionMicros,
        EvaluationContext evaluation) {
}
