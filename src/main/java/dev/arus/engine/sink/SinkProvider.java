package dev.arus.engine.sink;

import java.util.List;

/**
 * Makes the sinks of one format, as Spark's {@code DataSourceRegister} with its provider: a new
 * sink is one class implementing this plus its line in
 * {@code META-INF/services/dev.arus.engine.sink.SinkProvider}. Options the format does not list
 * are rejected before {@link #create} is called.
 */
public interface SinkProvider {

    /** The format name users give, as Spark spells it ({@code console}); matched in any case. */
    String format();

    /** The options the format knows, spelled as Spark documents them. */
    List<String> options();

    /**
     * Whether a query writing here must have a checkpoint, as Spark's file sinks require: without
     * one, a restarted query could not tell which batches the sink already holds.
     */
    default boolean requiresCheckpoint() {
        return false;
    }

    /**
     * Whether the format writes to directories that Spark's {@code partitionBy} can lay out in
     * {@code col=value/} subdirectories (the file formats). Spark refuses {@code partitionBy} for
     * {@code memory}, {@code foreach} and {@code foreachBatch} and ignores it elsewhere; Arus refuses
     * it for every format that cannot honour it.
     */
    default boolean supportsPartitioning() {
        return false;
    }

    /**
     * A new sink for one run of a query.
     *
     * @throws dev.arus.engine.streaming.ArusException for a bad option value, an output mode or a
     *         column type the format cannot take
     */
    Sink create(SinkContext context);
}
