package dev.arus.server.pipeline;

import dev.arus.engine.streaming.RowTotals;
import java.time.Duration;
import java.time.Instant;

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

    /**
     * The rates at {@code now} of a query with {@code sources} sources, from its run's totals over
     * the window ({@link #since}).
     */
    static ProgressRates of(RowTotals totals, int sources, Instant now) {
        if (totals.first() == null) {
            return none(sources);
        }
        double seconds = Math.max(SHORTEST_SPAN_MILLIS, Duration.between(totals.first(), now).toMillis()) / 1000.0;
        double[] rates = new double[sources];
        for (int s = 0; s < sources; s++) {
            rates[s] = totals.read(s) / seconds;
        }
        return new ProgressRates(rates, totals.written() / seconds);
    }

    /** Where the window of rates at {@code now} starts: the reports after it count. */
    static Instant since(Instant now) {
        return now.minus(WINDOW);
    }
}
