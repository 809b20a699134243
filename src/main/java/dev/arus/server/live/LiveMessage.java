package dev.arus.server.live;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * A JSON text message of {@code /ws/queries/{id}} (DESIGN §5): {@code type} names the record and
 * comes first. The query and progress payloads are the registry's REST views, written by Jackson
 * as {@code GET /api/queries/{id}} and {@code /progress} write them; this package does not know
 * their types, so that it depends on nothing in {@code server.query}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
sealed interface LiveMessage {

    UUID queryId();

    /** The first message of a session: the query, then its recent batches and progress, oldest first. */
    @JsonTypeName("snapshot")
    record Snapshot(UUID queryId, Object query, List<RecentBatch> batches, List<Object> progress)
            implements LiveMessage {
    }

    /**
     * One committed batch's sink output; in append mode, the windows it finalized. A batch of more
     * than {@code arus.live.rows-per-batch} rows carries only that many: {@code omittedRows} says
     * how many were left out (0 when none were).
     */
    @JsonTypeName("batch")
    record Batch(UUID queryId, long batchId, String timestamp, List<Map<String, Object>> rows, long numRows,
                 long omittedRows) implements LiveMessage {

        static Batch of(UUID queryId, RecentBatch batch) {
            return new Batch(queryId, batch.batchId(), batch.timestamp(), batch.rows(), batch.numRows(),
                    batch.omittedRows());
        }
    }

    /** One batch's progress. */
    @JsonTypeName("progress")
    record Progress(UUID queryId, Object progress) implements LiveMessage {
    }

    /**
     * The query started, stopped, failed or was deleted ({@code state} {@code DELETED}, the last
     * message before the server closes the session). {@code status}, {@code runId} and
     * {@code exception} are the query view's fields of the same names.
     */
    @JsonTypeName("status")
    record Status(UUID queryId, String state, JsonNode status, String runId,
                  @JsonInclude(JsonInclude.Include.ALWAYS) JsonNode exception) implements LiveMessage {

        /** The state {@code view}, a query as {@code GET /api/queries/{id}} writes it, shows. */
        static Status of(UUID queryId, JsonNode view) {
            return withState(queryId, view.path("state").asString(), view);
        }

        /** The query's last word: it is gone, and its run was the one {@code view} shows. */
        static Status deleted(UUID queryId, JsonNode view) {
            return withState(queryId, "DELETED", view);
        }

        private static Status withState(UUID queryId, String state, JsonNode view) {
            return new Status(queryId, state, view.get("status"), view.path("runId").asString(null),
                    view.get("exception"));
        }
    }

    /** How many messages the server dropped for this client since the last message it got. */
    @JsonTypeName("dropped")
    record Dropped(UUID queryId, long count) implements LiveMessage {
    }
}
