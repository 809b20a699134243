package dev.arus.engine.sink;

import dev.arus.engine.streaming.ResultBatch;
import java.util.Map;

/**
 * Where a query writes what its output mode says each batch produced. Called on the query's
 * thread, one batch at a time, in batch order.
 */
public interface Sink {

    /** The sink's description in progress, as Spark prints it. */
    String description();

    void addBatch(long batchId, ResultBatch batch);

    /**
     * How many of a batch's rows the sink looks at, from the first: the runtime copies no more
     * (a {@link ResultBatch} still counts them all). Every row by default.
     */
    default long rowsNeeded() {
        return Long.MAX_VALUE;
    }

    /**
     * The sink's own figures after its latest batch, by name, for that batch's progress (Spark's
     * {@code SinkProgress.metrics}); none by default. Called on the query's thread after
     * {@link #addBatch}.
     */
    default Map<String, String> metrics() {
        return Map.of();
    }

    /** Releases what the sink holds (a Kafka producer); called once when the query stops. */
    default void close() {
    }
}
