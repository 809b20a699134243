package dev.arus.engine.api;

import java.time.Instant;
import java.util.UUID;

/**
 * Receives a query's life-cycle events, as Spark's listener does. Called on the query's own
 * thread, so an implementation must be quick and must not block; the default methods ignore.
 */
public interface StreamingQueryListener {

    default void onQueryStarted(QueryStartedEvent event) {
    }

    default void onQueryProgress(QueryProgressEvent event) {
    }

    /** A trigger found no new data and ran no batch. */
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

    /** {@code exception} is the failure's message, or {@code null} for a query that was stopped. */
    record QueryTerminatedEvent(UUID id, UUID runId, String exception) {
    }
}
