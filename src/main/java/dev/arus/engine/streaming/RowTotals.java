package dev.arus.engine.streaming;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A run's row totals over its recent progress reports from some instant on, as a rate needs them:
 * the timestamp of the first of those reports, the rows they read from each source (by the
 * source's place in the reports) and the rows their sink was given; a negative count counts as
 * none. Immutable.
 *
 * @param first  the first counted report's timestamp; null when no report was counted
 * @param read   rows read from each source, at least as long as the most sources a counted report listed
 * @param written rows given to the sink
 */
public record RowTotals(@Nullable Instant first, long[] read, long written) {

    /** No reports counted. */
    public static final RowTotals NONE = new RowTotals(null, new long[0], 0);

    /** The rows read from source {@code source}; 0 for a source no counted report listed. */
    public long read(int source) {
        return source < read.length ? read[source] : 0;
    }
}
