package dev.arus.engine.sink;

import dev.arus.engine.streaming.ArusException;

/**
 * An exception thrown by the user's {@code foreachBatch} function, wrapped as Spark wraps it
 * (error class {@code FOREACH_BATCH_USER_FUNCTION_ERROR}); the original is the cause.
 */
public final class ForeachBatchUserFunctionException extends ArusException {

    public ForeachBatchUserFunctionException(Throwable cause) {
        super("FOREACH_BATCH_USER_FUNCTION_ERROR", "[FOREACH_BATCH_USER_FUNCTION_ERROR] An error occurred in the user provided function in foreach batch"
                + " sink. Reason: " + (cause.getMessage() == null ? "" : cause.getMessage()), cause);
    }
}
