package dev.arus.server.query;

import dev.arus.engine.streaming.StreamingQuery;

/**
 * Where a query of the service is in its life: running, stopped on request, ended by a failure,
 * or ended by a failure that may pass and waiting for its restart strategy's next attempt.
 */
public enum QueryState {
    ACTIVE,
    STOPPED,
    FAILED,
    RESTARTING;

    /** The state of a query whose current run is {@code run}, with a restart pending or not. */
    static QueryState of(StreamingQuery run, boolean restartPending) {
        return run.exception().isEmpty() ? run.isActive() ? ACTIVE : STOPPED : restartPending ? RESTARTING : FAILED;
    }
}
