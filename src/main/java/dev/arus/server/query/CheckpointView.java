package dev.arus.server.query;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.arus.engine.streaming.CommittedBatch;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * A query's checkpoint as {@code GET /api/queries/{id}/checkpoint} shows it: where its spec keeps
 * it, and the last batch it committed, read from disk. After a restart of the service the
 * recent progress and output of a query are gone from memory; its checkpoint still says where
 * it goes on.
 */
@Schema(name = "Checkpoint")
public record CheckpointView(
        @Schema(description = "The checkpointLocation of the query's spec, relative to the data directory",
                example = "checkpoints/revenue") String location,
        @Schema(description = "The last batch the checkpoint committed; absent before the first")
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable LastCommitted lastCommitted) {

    static CheckpointView of(String location, @Nullable CommittedBatch committed) {
        return new CheckpointView(location, committed == null ? null : new LastCommitted(committed.batchId(),
                Timestamps.format(committed.timestamp()), Timestamps.format(committed.watermark())));
    }

    /**
     * The last batch the checkpoint committed: its id, when it was planned (its trigger's time)
     * and the watermark the next batch runs with (the epoch when the query has none).
     */
    public record LastCommitted(
            long batchId,
            @Schema(format = "date-time", example = "2026-10-16T13:29:20.000Z") String timestamp,
            @Schema(format = "date-time", example = "2026-10-16T13:29:10.000Z") String watermark) {
    }
}
