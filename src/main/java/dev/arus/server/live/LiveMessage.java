package dev.arus.server.live;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.arus.server.query.EngineComparison;
import dev.arus.server.query.Prewritten;
import dev.arus.server.query.ProgressView;
import dev.arus.server.query.QueryView;
import dev.arus.server.query.RecentBatch;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A JSON text message of {@code /ws/queries/{id}} (DESIGN §5): {@code type} names the record and
 * comes first. The query, batch and progress payloads are the REST API's records, so a message
 * shows them as {@code GET /api/queries/{id}}, {@code /batches} and {@code /progress} do.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
sealed interface LiveMessage {

    UUID queryId();

    /**
     * The first message of a session: the query, then its latest batches and progress reports
     * ({@code arus.live.snapshot-batches} and {@code -progress}), oldest first; a client pages
     * back over REST for older ones.
     */
    @JsonTypeName("snapshot")
    @Schema(name = "SnapshotMessage")
    record Snapshot(UUID queryId, QueryView query, List<RecentBatch> batches, List<ProgressView> progress)
            implements LiveMessage {
    }

    /**
     * One committed batch's sink output; in append mode, the windows it finalized. A batch of more
     * than {@code arus.live.rows-per-batch} rows carries only that many: {@code omittedRows} says
     * how many were left out (0 when none were).
     */
    @JsonTypeName("batch")
    @Schema(name = "BatchMessage")
    record Batch(UUID queryId, long batchId, @Schema(format = "date-time") String timestamp, List<Map<String, Object>> rows, long numRows,
                 long omittedRows) implements LiveMessage {

        static Batch of(UUID queryId, RecentBatch batch) {
            return new Batch(queryId, batch.batchId(), batch.timestamp(), batch.rows(), batch.numRows(),
                    batch.omittedRows());
        }
    }

    /** One batch's progress. */
    @JsonTypeName("progress")
    @Schema(name = "ProgressMessage")
    record Progress(UUID queryId, @Schema(implementation = ProgressView.class) Prewritten<ProgressView> progress)
            implements LiveMessage {
    }

    /**
     * The query started, stopped, failed, is restarting or was deleted ({@code state}
     * {@code DELETED}, the last message before the server closes the session). {@code status},
     * {@code runId}, {@code exception} and {@code restart} are the query view's fields of the same
     * names.
     */
    @JsonTypeName("status")
    @Schema(name = "StatusMessage")
    record Status(UUID queryId, State state, QueryView.Status status, @Nullable UUID runId,
                  @JsonInclude(JsonInclude.Include.ALWAYS) QueryView.@Nullable Failure exception,
                  @JsonInclude(JsonInclude.Include.ALWAYS) QueryView.@Nullable PendingRestart restart)
            implements LiveMessage {

        /** The state {@code query} shows. */
        static Status of(QueryView query) {
            State state = switch (query.state()) {
                case ACTIVE -> State.ACTIVE;
                case STOPPED -> State.STOPPED;
                case FAILED -> State.FAILED;
                case RESTARTING -> State.RESTARTING;
            };
            return withState(query, state);
        }

        /** The query's last word: it is gone, and its run was the one {@code query} shows. */
        static Status deleted(QueryView query) {
            return withState(query, State.DELETED);
        }

        private static Status withState(QueryView query, State state) {
            return new Status(query.id(), state, query.status(), query.runId(), query.exception(), query.restart());
        }

        /** A query's state, and {@code DELETED} once it is gone. */
        enum State {
            ACTIVE,
            STOPPED,
            FAILED,
            RESTARTING,
            DELETED
        }
    }

    /**
     * A query on both engines: how Arus's and Spark's outputs compare now, sent after each output
     * of either engine; the query view's {@code comparison}.
     */
    @JsonTypeName("comparison")
    @Schema(name = "ComparisonMessage")
    record Comparison(UUID queryId, EngineComparison.Summary comparison) implements LiveMessage {
    }

    /** How many messages the server dropped for this client since the last message it got. */
    @JsonTypeName("dropped")
    @Schema(name = "DroppedMessage")
    record Dropped(UUID queryId, long count) implements LiveMessage {
    }
}
