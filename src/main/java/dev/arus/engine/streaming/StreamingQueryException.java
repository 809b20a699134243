package dev.arus.engine.streaming;

import java.util.UUID;

/**
 * Why a query terminated: its failing batch's exception, with the query it ended. Its own class
 * is Spark's {@value #STREAM_FAILED}; {@link #causeErrorClass()} names what failed the batch: the
 * class of an engine error, or the one given by an engine whose errors are not the engine's own
 * (Spark's error condition, for a query run on Spark).
 */
public final class StreamingQueryException extends ArusException {

    public static final String STREAM_FAILED = "STREAM_FAILED";

    /** The class given to a failure that is not an engine error: a bug, or the JVM's. */
    public static final String INTERNAL_ERROR = "INTERNAL_ERROR";

    private final UUID queryId;
    private final UUID runId;
    private final String causeErrorClass;

    public StreamingQueryException(String message, Throwable cause, UUID queryId, UUID runId) {
        this(message, cause, null, queryId, runId);
    }

    /** @param causeErrorClass the error class of {@code cause}, which is not an engine error; null when it has none */
    public StreamingQueryException(String message, Throwable cause, String causeErrorClass, UUID queryId, UUID runId) {
        super(STREAM_FAILED, message, cause);
        this.causeErrorClass = causeErrorClass;
        this.queryId = queryId;
        this.runId = runId;
    }

    public UUID queryId() {
        return queryId;
    }

    public UUID runId() {
        return runId;
    }

    /** The error class of the failure that ended the query, {@value #INTERNAL_ERROR} when it has none. */
    public String causeErrorClass() {
        if (causeErrorClass != null) {
            return causeErrorClass;
        }
        return getCause() instanceof ArusException engine ? engine.errorClass() : INTERNAL_ERROR;
    }
}
