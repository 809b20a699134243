package dev.arus.engine.streaming;

import java.util.UUID;

/** Why a query terminated: its failing batch's exception, with the query it ended. */
public final class StreamingQueryException extends RuntimeException {

    private final UUID queryId;
    private final UUID runId;

    public StreamingQueryException(String message, Throwable cause, UUID queryId, UUID runId) {
        super(message, cause);
        this.queryId = queryId;
        this.runId = runId;
    }

    public UUID queryId() {
        return queryId;
    }

    public UUID runId() {
        return runId;
    }
}
