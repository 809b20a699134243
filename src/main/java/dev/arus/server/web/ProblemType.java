package dev.arus.server.web;

import dev.arus.server.ProblemWriter;
import java.net.URI;
import org.springframework.http.HttpStatus;

/** The kinds of error the API answers with, each a problem {@code type} URI of its own (RFC 9457). */
public enum ProblemType {
    MALFORMED_JSON("malformed-json", HttpStatus.BAD_REQUEST, "Malformed JSON"),
    JSON_LIMIT_EXCEEDED("json-limit-exceeded", HttpStatus.BAD_REQUEST, "JSON beyond the reader's limits"),
    INVALID_SPEC("invalid-spec", HttpStatus.BAD_REQUEST, "Invalid query spec"),
    UNKNOWN_FORMAT("unknown-format", HttpStatus.BAD_REQUEST, "Unknown source or sink format"),
    INVALID_OPTION("invalid-option", HttpStatus.BAD_REQUEST, "Invalid option"),
    INVALID_INTERVAL("invalid-interval", HttpStatus.BAD_REQUEST, "Invalid interval"),
    INVALID_EXPRESSION("invalid-expression", HttpStatus.BAD_REQUEST, "Invalid expression"),
    INVALID_SQL("invalid-sql", HttpStatus.BAD_REQUEST, "Invalid SQL statement"),
    INVALID_OUTPUT_MODE("invalid-output-mode", HttpStatus.BAD_REQUEST, "Output mode not supported"),
    UNSUPPORTED_OPERATION("unsupported-operation", HttpStatus.BAD_REQUEST, "Operation not supported on a stream"),
    INVALID_PARAMETER("invalid-parameter", HttpStatus.BAD_REQUEST, "Invalid parameter"),
    ENGINE_NOT_BUILT("engine-not-built", HttpStatus.BAD_REQUEST, "Engine not in this build"),
    INVALID_PATH("invalid-path", HttpStatus.BAD_REQUEST, "Path outside the data directory"),
    QUERY_NOT_FOUND("query-not-found", HttpStatus.NOT_FOUND, "Query not found"),
    NO_MEMORY_TABLE("no-memory-table", HttpStatus.NOT_FOUND, "Query writes no memory table"),
    NO_STATE("no-state", HttpStatus.NOT_FOUND, "Query keeps no state to read"),
    OPERATOR_NOT_FOUND("operator-not-found", HttpStatus.NOT_FOUND, "Stateful operator not found"),
    NO_CHECKPOINT("no-checkpoint", HttpStatus.NOT_FOUND, "Query keeps no checkpoint"),
    DUPLICATE_NAME("duplicate-name", HttpStatus.CONFLICT, "Query name in use"),
    QUERY_ACTIVE("query-active", HttpStatus.CONFLICT, "Query already active"),
    NO_RESULT("no-result", HttpStatus.CONFLICT, "Query keeps no result by key"),
    LOCATION_IN_USE("location-in-use", HttpStatus.CONFLICT, "Location used by another query"),
    CHECKPOINT_INCOMPATIBLE("checkpoint-incompatible", HttpStatus.CONFLICT, "Checkpoint written by a different query"),
    CHECKPOINT_DAMAGED("checkpoint-damaged", HttpStatus.CONFLICT, "Checkpoint damaged"),
    REQUEST_TOO_LARGE("request-too-large", HttpStatus.PAYLOAD_TOO_LARGE, "Request body too large"),
    STORAGE_FULL("storage-full", HttpStatus.INSUFFICIENT_STORAGE, "Data directory full"),
    STORAGE_UNAVAILABLE("storage-unavailable", HttpStatus.SERVICE_UNAVAILABLE, "Data directory cannot be written"),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Unsupported media type"),
    TOO_MANY_QUERIES("too-many-queries", HttpStatus.TOO_MANY_REQUESTS, "Too many queries"),
    TOO_MANY_PREVIEWS("too-many-previews", HttpStatus.TOO_MANY_REQUESTS, "Too many previews at once"),
    TOO_MANY_STATE_READS("too-many-state-reads", HttpStatus.TOO_MANY_REQUESTS, "Too many reads of state at once"),
    SHUTTING_DOWN("shutting-down", HttpStatus.SERVICE_UNAVAILABLE, "Service shutting down"),
    INVALID_STREAM("invalid-stream", HttpStatus.BAD_REQUEST, "Invalid stream definition"),
    INVALID_EVENTS("invalid-events", HttpStatus.BAD_REQUEST, "Invalid events"),
    STREAM_NOT_FOUND("stream-not-found", HttpStatus.NOT_FOUND, "Stream not found"),
    DUPLICATE_STREAM("duplicate-stream", HttpStatus.CONFLICT, "Stream name in use"),
    STREAM_IN_USE("stream-in-use", HttpStatus.CONFLICT, "Stream read or written by active queries"),
    STREAM_SCHEMA_MISMATCH("stream-schema-mismatch", HttpStatus.CONFLICT, "Stream exists with other columns"),
    STREAM_DAMAGED("stream-damaged", HttpStatus.CONFLICT, "Stream damaged"),
    EVENT_LOG_WRITE_FAILED("event-log-write-failed", HttpStatus.SERVICE_UNAVAILABLE, "Events not written");

    private final URI uri;
    private final HttpStatus status;
    private final String title;

    ProblemType(String slug, HttpStatus status, String title) {
        this.uri = URI.create(ProblemWriter.TYPE_BASE + slug);
        this.status = status;
        this.title = title;
    }

    public URI uri() {
        return uri;
    }

    public HttpStatus status() {
        return status;
    }

    public String title() {
        return title;
    }
}
