package dev.arus.server.pipeline;

import dev.arus.engine.streaming.StreamingQueryProgress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A query's rates from its progress: rows per second read from each source and written to the
 * sink, over the reports of the last {@link #WINDOW} (of those the run keeps), divided by the time
 * from the first of them until now, at least a second. A query with no report in the window has
 * rates of 0.
 */
record ProgressRates(double[] read, double written) {

    /** How far back the rates look. */
    static final Duration WINDOW = Duration.ofMinutes(1);

    private static final long SHORTEST_SPAN_MILLIS = 1000;

    /** No rows, from {@code sources} sources. */
    static ProgressRates none(int sources) {
        return new ProgressRates(new double[sources], 0);
    }

    /** The rates of {@code recent}, a run's reports oldest first, of a query with {@code sources} sources, at {@code now}. */
    static ProgressRates of(List<StreamingQueryProgress> recent, int sources, Instant now) {
        Instant from = now.minus(WINDOW);
        List<StreamingQueryProgress> window = recent.stream().filter(report -> report.timestamp().isAfter(from))
                .toList();
        if (window.isEmpty()) {
            return none(sources);
        }
        double seconds = Math.max(SHORTEST_SPAN_MILLIS,
                Duration.between(window.get(0).timestamp(), now).toMillis()) / 1000.0;
        long[] read = new long[sources];
        long written = 0;
        for (StreamingQueryProgress report : window) {
            for (int s = 0; s < Math.min(sources, report.sources().size()); s++) {
                read[s] += Math.max(0, report.sources().get(s).numInputRows());
            }
            written += Math.max(0, report.sink().numOutputRows());
        }
        double[] rates = new double[sources];
        for (int s = 0; s < sources; s++) {
            rates[s] = read[s] / seconds;
        }
        return new ProgressRates(rates, written / seconds);
    }
}
