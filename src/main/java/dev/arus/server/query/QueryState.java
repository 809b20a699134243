package dev.arus.server.query;

/** Where a query of the service is in its life: running, stopped on request, or ended by a failure. */
public enum QueryState {
    ACTIVE,
    STOPPED,
    FAILED
}
