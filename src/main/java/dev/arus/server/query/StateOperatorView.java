package dev.arus.server.query;

import dev.arus.engine.streaming.StateMetadata;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * One store of one stateful operator, as {@code GET /api/queries/{id}/state} lists it: the row
 * Spark's {@code state-metadata} source gives, with Spark's field names, and the rows held.
 */
@Schema(description = "One store of a stateful operator, as Spark's state-metadata source lists it")
public record StateOperatorView(
        @Schema(description = "Operator id, counted from the sink as progress lists the operators") long operatorId,
        @Schema(description = "Spark's operator name, as progress has it: stateStoreSave, dedupe, "
                + "dedupeWithinWatermark, sessionWindowStateStoreSaveExec, symmetricHashJoin") String operatorName,
        @Schema(description = "The store: default, or one of a stream-stream join's four") String stateStoreName,
        int numPartitions,
        @Schema(description = "The first batch of the commit log, -1 when none committed") long minBatchId,
        @Schema(description = "The last committed batch, the one read by default; -1 when none") long maxBatchId,
        @Schema(description = "Spark's JSON of the operator's properties; null for these operators, as Spark's "
                + "state-metadata source gives it for them", nullable = true) @Nullable String operatorProperties,
        @Schema(description = "Rows the operator holds after maxBatchId, its stores together") long numRowsTotal) {

    static StateOperatorView of(StateMetadata metadata) {
        return new StateOperatorView(metadata.operatorId(), metadata.operatorName(), metadata.stateStoreName(),
                metadata.numPartitions(), metadata.minBatchId(), metadata.maxBatchId(),
                metadata.operatorProperties(), metadata.numRowsTotal());
    }
}
