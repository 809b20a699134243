package dev.arus.engine.streaming;

/**
 * What a query is doing right now, with Spark's fields: {@code message} is one of Spark's
 * status texts ("Initializing sources", "Waiting for next trigger", "Processing new data",
 * "Waiting for data to arrive", "Stopped", ...).
 */
public record StreamingQueryStatus(String message, boolean isDataAvailable, boolean isTriggerActive) {
}
