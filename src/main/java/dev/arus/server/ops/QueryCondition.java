package dev.arus.server.ops;

/**
 * How a query is doing as operations sees it: the API's states plus {@link #STALLED}, an active
 * query that has reported nothing for longer than its trigger allows. Exactly one applies.
 */
public enum QueryCondition {
    ACTIVE,
    STALLED,
    STOPPED,
    FAILED,
    RESTARTING
}
