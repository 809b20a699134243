package dev.arus.server.pipeline;

import dev.arus.engine.streaming.RecentRowCounts;
import java.time.Duration;
import java.time.Instant;

/**
 * A query's rates from its progress: rows per second read from each source and written to the
 * sink, over the reports of the last {@link #WINDOW} (of those the run keeps), divided by the time
 * from the first of them until now, at least a second. A query with no report in the window has
 * rates of 0; a report without a timestamp is in no window.
 */
record ProgressRates(double[] read, double written) {

    /** How far back the rates look. */
    static final Duration WINDOW = Duration.ofMinutes(1);

    private static final long SHORTEST_SPAN_MILLIS = 1000;

    /** No rows, from {@code sources} sources. */
    static ProgressRates none(int sources) {
        return new ProgressRates(new double[sources], 0);
    }

    /** The rates of {@code recent}, a run's reports' counts oldest first, of a query with {@code sources} sources, at {@code now}. */
    static ProgressRates of(RecentRowCounts recent, int sources, Instant now) {
        Instant from = now.minus(WINDOW);
        Instant first = null;
        long[] read = new long[sources];
        long written = 0;
        for (int report = 0; report < recent.size(); report++) {
            Instant timestamp = recent.timestamp(report);
            if (timestamp == null || !timestamp.isAfter(from)) {
                continue;
            }
            first = first == null ? timestamp : first;
            for (int s = 0; s < Math.min(sources, recent.sources(report)); s++) {
                read[s] += Math.max(0, recent.inputRows(report, s));
            }
            written += Math.max(0, recent.outputRows(report));
        }
        if (first == null) {
            return none(sources);
        }
        double seconds = Math.max(SHORTEST_SPAN_MILLIS, Duration.between(first, now).toMillis()) / 1000.0;
        double[] rates = new double[sources];
        for (int s = 0; s < sources; s++) {
            rates[s] = read[s] / seconds;
        }
        return new ProgressRates(rates, written / seconds);
    }
}
