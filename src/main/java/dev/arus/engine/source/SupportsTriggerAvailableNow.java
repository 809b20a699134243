package dev.arus.engine.source;

/**
 * A source that can fix, when a run starts, the end of what the {@code availableNow} trigger
 * reads, Spark's {@code SupportsTriggerAvailableNow}: the run then reads up to that end in as
 * many batches as the source's {@link #defaultReadLimit()} needs, and stops. A query with a
 * source that cannot is run as Spark runs it, in one batch of everything, limits ignored.
 */
public interface SupportsTriggerAvailableNow extends Source {

    /**
     * Takes what the source has now as the end of every later {@link #latestOffset}: nothing
     * that arrives after this call is read by this run. Called once, on the query's thread,
     * before the run's first batch.
     */
    void prepareForTriggerAvailableNow();
}
