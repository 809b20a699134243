package dev.arus.engine.source;

/**
 * A source that says when it has new data, so that a query waiting for data (the default trigger
 * after a trigger that found none) runs its next trigger at once instead of at its next poll.
 * It only hastens a trigger the query's trigger policy would run anyway: a processing-time
 * trigger keeps its interval. The event log's {@code stream} source is one: its log tells it when
 * a group commit made records durable.
 */
public interface SignalsNewData extends Source {

    /**
     * Calls {@code signal} each time new data may be available, from any thread, until the source
     * is closed; {@code signal} is quick and never throws. Called once, before the run's first
     * trigger.
     */
    void signalNewData(Runnable signal);
}
