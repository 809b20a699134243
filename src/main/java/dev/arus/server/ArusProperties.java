package dev.arus.server;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The service's settings, under {@code arus.*}.
 *
 * @param maxQueries how many queries (active, stopped or failed) the service holds at once; a
 *                   bound so that a client cannot exhaust memory or the trigger pool
 * @param live       the recent-batches buffer of each query and the WebSocket push
 * @param limits     maxima of source options that decide how much work a query makes
 * @param demo       the chapter's query at startup
 * @param health     how the {@code streamingQueries} health component judges a query
 */
@ConfigurationProperties("arus")
public record ArusProperties(
        @DefaultValue("50") int maxQueries,
        @DefaultValue Live live,
        @DefaultValue Limits limits,
        @DefaultValue Demo demo,
        @DefaultValue Health health) {

    /**
     * @param recentBatches  the sink outputs kept per query (and progress reports kept for a live snapshot)
     * @param rowsPerBatch   the rows kept of one batch's output; a bound on the buffer's memory
     *                       when a query emits large batches
     * @param sessionQueue   messages waiting for one WebSocket client before its oldest are dropped;
     *                       256 is two minutes of a 1-second trigger's batch and progress messages,
     *                       so a client that pauses for a moment loses nothing
     * @param sendTimeout    the longest one message may take to send before its client is closed (1008)
     * @param senderThreads  threads sending to all WebSocket clients; each stuck client holds one
     *                       for at most {@code sendTimeout}
     * @param allowedOrigins origins besides the service's own allowed to open a WebSocket, as
     *                       patterns ({@code https://*.example.com}, {@code http://localhost:[*]})
     */
    public record Live(@DefaultValue("100") int recentBatches, @DefaultValue("1000") int rowsPerBatch,
                       @DefaultValue("256") int sessionQueue, @DefaultValue("10s") Duration sendTimeout,
                       @DefaultValue("4") int senderThreads, @DefaultValue List<String> allowedOrigins) {
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

    /**
     * @param stallFactor an active query is stalled once it has reported nothing for this many
     *                    times its trigger interval (at least the engine's 10 s idle-report
     *                    interval); 3 tolerates a couple of slow batches without flapping
     */
    public record Health(@DefaultValue("3") double stallFactor) {
        public Health {
            if (!(stallFactor > 0)) {
                throw new IllegalArgumentException("arus.health.stall-factor must be positive, was " + stallFactor);
            }
        }
    }
}
