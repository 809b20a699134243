package dev.arus.server.spark;

import org.apache.spark.sql.SparkSession;
import scala.Option;

/**
 * A query's session made the calling thread's active Spark session for a block, and what was
 * active before put back after it; the translation and the start of a Spark query run in one.
 * Spark reads some settings from the thread's active session rather than from the Dataset's own:
 * a DataFrame's row encoder is resolved lazily, when the query's writer is made, and on a thread
 * without an active session (any request thread but the one that started Spark) it took Spark's
 * defaults. Timestamps then reached the service as {@code java.sql.Timestamp} instead of
 * {@code Instant}, and a query on both engines differed on every window.
 */
final class ActiveSession implements AutoCloseable {

    private final Option<SparkSession> before;

    private ActiveSession(Option<SparkSession> before) {
        this.before = before;
    }

    static ActiveSession of(SparkSession session) {
        ActiveSession scope = new ActiveSession(SparkSession.getActiveSession());
        SparkSession.setActiveSession(session);
        return scope;
    }

    @Override
    public void close() {
        if (before.isDefined()) {
            SparkSession.setActiveSession(before.get());
        } else {
            SparkSession.clearActiveSession();
        }
    }
}
