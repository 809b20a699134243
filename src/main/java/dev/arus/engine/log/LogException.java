package dev.arus.engine.log;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.StorageWriteException;
import java.io.IOException;
import java.nio.file.Path;

/**
 * An error of the event log: a stream that does not exist or already does, a file that is
 * damaged (named), a write the disk refused ({@link StorageWriteException}'s classes). Its error
 * class says which.
 */
public final class LogException extends ArusException {

    public static final String STREAM_NOT_FOUND = "STREAM_NOT_FOUND";
    public static final String STREAM_ALREADY_EXISTS = "STREAM_ALREADY_EXISTS";
    public static final String STREAM_IN_USE = "STREAM_IN_USE";
    public static final String LOG_DAMAGED = "EVENT_LOG_DAMAGED";
    public static final String LOG_WRITE_FAILED = "EVENT_LOG_WRITE_FAILED";
    /** Records a reader needs were deleted by retention; Spark's Kafka source says the same of a topic's. */
    public static final String DATA_LOST = "DATA_LOST";

    LogException(String errorClass, String message) {
        super(errorClass, message);
    }

    LogException(String errorClass, String message, Throwable cause) {
        super(errorClass, message, cause);
    }

    static LogException damaged(Path file, String what) {
        return new LogException(LOG_DAMAGED, "[" + LOG_DAMAGED + "] Event log file " + file + " is damaged: " + what);
    }

    /** A write (an append, a sync, a new segment, a deletion) the disk refused: a storage failure, of its class. */
    static LogException writing(String what, IOException cause) {
        StorageWriteException refused = StorageWriteException.of(what, cause);
        return new LogException(refused.errorClass(), refused.getMessage(), cause);
    }

    static LogException io(String what, IOException cause) {
        return new LogException(LOG_WRITE_FAILED, "[" + LOG_WRITE_FAILED + "] " + what + ": " + cause.getMessage(), cause);
    }
}
