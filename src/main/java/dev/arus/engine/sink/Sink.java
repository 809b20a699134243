package dev.arus.engine.sink;

import dev.arus.engine.streaming.ResultBatch;

/**
 * Where a query writes what its output mode says each batch produced. Called on the query's
 * thread, one batch at a time, in batch order.
 */
public interface Sink {

    /** The sink's description in progress, as Spark prints it. */
    String description();

    void addBatch(long batchId, ResultBatch batch);

    /** Whether the sink looks at rows at all; a sink that does not is spared copying them. */
    default boolean needsRows() {
        return true;
    }
}
