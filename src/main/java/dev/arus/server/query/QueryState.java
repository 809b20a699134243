package dev.arus.server.query;

/**
 * Where a query of the service is in its life: running, stopped on request, ended by a failure,
 * or ended by a failure that may pass and waiting for its restart strategy's next attempt.
 */
public enum QueryState {
    ACTIVE,
    STOPPED,
    FAILED,
    RESTARTING
}
