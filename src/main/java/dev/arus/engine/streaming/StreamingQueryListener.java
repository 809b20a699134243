package dev.arus.engine.streaming;

import java.time.Instant;
import java.util.UUID;

/**
 * Receives a query's life-cycle events, as Spark's listener does. The started event comes on the
 * thread that calls {@code start()}, the others on the query's own thread, with no lock held, so
 * an implementation must be quick and must not block; it may stop the query. An exception it
 * throws is logged and otherwise ignored, as Spark's listener bus does. A listener hears of the
 * queries started after it was added. The default methods ignore.
 */
public interface StreamingQueryListener {

    default void onQueryStarted(QueryStartedEvent event) {
    }

    default void onQueryProgress(QueryProgressEvent event) {
    }

    /**
     * The query has run no batch for at least 10 s (Spark's
     * {@code noDataProgressEventInterval}); repeated at most every 10 s while it stays idle.
     */
    default void onQueryIdle(QueryIdleEvent event) {
    }

    default void onQueryTerminated(QueryTerminatedEvent event) {
    }

    record QueryStartedEvent(UUID id, UUID runId, String name, Instant timestamp) {
    }

    record QueryProgressEvent(StreamingQueryProgress progress) {
    }

    record QueryIdleEvent(UUID id, UUID runId, Instant timestamp) {
    }

    /**
     * {@code exception} is the failure's message and {@code errorClassOnException} the error class
     * of what failed the batch (Spark 3.5's field), both {@code null} for a query that was stopped.
     */
    record QueryTerminatedEvent(UUID id, UUID runId, String exception, String errorClassOnException) {
    }
}
