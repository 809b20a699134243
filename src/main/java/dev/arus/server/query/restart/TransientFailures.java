package dev.arus.server.query.restart;

import dev.arus.engine.streaming.StorageWriteException;
import dev.arus.engine.streaming.StreamingQueryException;
import java.util.List;

/**
 * The failures a restart strategy restarts: those of the world around a query, which may pass
 * while the query waits (a full or unwritable disk, the event log, a Kafka broker, a sink topic
 * not created yet, the database of a jdbc sink, the receiver of an http sink), and failures of
 * no known class ({@code INTERNAL_ERROR}), which may pass too and which the strategy bounds. The
 * query's own failures are not: its data (a division by zero, a malformed record), its per-query
 * limits (state, memory table and batch rows), its checkpoint (damaged or another query's) and
 * lost input fail the same way on every restart, since a restart runs the same batch on the same
 * input and state again. Decided by error class; a class of a new failure that may pass must be
 * added here. A query on Spark fails with Spark's error condition as its class (its innermost, so
 * a division by zero inside a failed write task is {@code DIVIDE_BY_ZERO}); Spark's conditions of
 * a write its storage refused, a file sink's task ({@code TASK_WRITE_FAILED}) or a state store's
 * commit ({@code CANNOT_WRITE_STATE_STORE}), restart as Arus's {@code STORAGE_WRITE_FAILED} does,
 * and a failure with none (a Kafka client's timeout) is {@code INTERNAL_ERROR}.
 */
public final class TransientFailures {

    private static final List<String> CLASSES = List.of(
            StorageWriteException.STORAGE_WRITE_FAILED,
            "EVENT_LOG_WRITE_FAILED",
            "KAFKA_UNAVAILABLE",
            "KAFKA_WRITE_FAILED",
            "KAFKA_FETCH_TIMEOUT",
            "KAFKA_TOPIC_NOT_FOUND",
            "JDBC_SINK_UNREACHABLE",
            "HTTP_SINK_UNAVAILABLE",
            "TASK_WRITE_FAILED",
            "CANNOT_WRITE_STATE_STORE",
            StreamingQueryException.INTERNAL_ERROR);

    private TransientFailures() {
    }

    /** Whether a query that failed with {@code errorClass} (or a subclass of one) is restarted. */
    public static boolean mayPass(String errorClass) {
        return CLASSES.stream().anyMatch(known -> errorClass.equals(known) || errorClass.startsWith(known + "."));
    }
}
