package dev.arus.server;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The service's settings, under {@code arus.*}.
 *
 * @param maxQueries how many queries (active, stopped or failed) the service holds at once; a
 *                   bound so that a client cannot exhaust memory or the trigger pool
 * @param live       the recent-batches buffer of each query
 * @param limits     maxima of source options that decide how much work a query makes
 * @param demo       the chapter's query at startup
 */
@ConfigurationProperties("arus")
public record ArusProperties(
        @DefaultValue("50") int maxQueries,
        @DefaultValue Live live,
        @DefaultValue Limits limits,
        @DefaultValue Demo demo) {

    /**
     * @param recentBatches  the sink outputs kept per query
     * @param rowsPerBatch   the rows kept of one batch's output; a bound on the buffer's memory
     *                       when a query emits large batches
     */
    public record Live(@DefaultValue("100") int recentBatches, @DefaultValue("1000") int rowsPerBatch) {
    }

    /**
     * @param maxRowsPerSecond the largest {@code rowsPerSecond} of a {@code rate} source
     * @param maxRowsPerBatch  the largest {@code rowsPerBatch} of a {@code rate-micro-batch} source
     */
    public record Limits(@DefaultValue("1000000") long maxRowsPerSecond,
                         @DefaultValue("10000000") long maxRowsPerBatch) {
    }

    /** @param enabled whether the chapter's query is created at startup */
    public record Demo(@DefaultValue("true") boolean enabled) {
    }
}
