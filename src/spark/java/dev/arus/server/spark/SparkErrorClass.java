package dev.arus.server.spark;

import dev.arus.engine.streaming.ArusException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.apache.spark.SparkThrowable;

/**
 * The error class of a Spark query's failure: that of the innermost of its causes that has one,
 * Spark's error condition ({@code SparkThrowable.getCondition()}, as {@code DIVIDE_BY_ZERO} or
 * {@code CAST_INVALID_INPUT}) or, for a sink of Arus's own run inside the foreachBatch wrapper, the
 * engine error's class ({@code JDBC_SINK_UNREACHABLE}); so that the service decides about it (its
 * restart strategies) as it decides about the same failure on Arus. Spark wraps a failed task in
 * a job's failure and a file sink's task in {@code TASK_WRITE_FAILED}, and an exception of the
 * foreachBatch function that is not Spark's in {@value #FOREACH_BATCH_WRAPPER}: the innermost
 * class is the failure's own. That wrapper's condition is not one: the function is the service's
 * writer, and what it threw without a class (a Kafka client's timeout, an I/O error) has none, as
 * a failure of no class has not.
 */
final class SparkErrorClass {

    /** The condition Spark gives any exception of a foreachBatch function that is not Spark's. */
    static final String FOREACH_BATCH_WRAPPER = "FOREACH_BATCH_USER_FUNCTION_ERROR";

    private SparkErrorClass() {
    }

    /** The error class of {@code failure} or of its causes, innermost first; null when none has one. */
    static String of(Throwable failure) {
        String found = null;
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable cause = failure; cause != null && seen.add(cause); cause = cause.getCause()) {
            String own = classOf(cause);
            if (own != null) {
                found = own;
            }
        }
        return found;
    }

    private static String classOf(Throwable failure) {
        if (failure instanceof ArusException engine) {
            return engine.errorClass();
        }
        if (failure instanceof SparkThrowable spark && spark.getCondition() != null
                && !spark.getCondition().equals(FOREACH_BATCH_WRAPPER)) {
            return spark.getCondition();
        }
        return null;
    }
}
