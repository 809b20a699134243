package dev.arus.engine.streaming;

import java.time.Instant;

/**
 * The row counts of a run's recent progress reports, oldest first, as {@link RowCountRing} held
 * them at one moment: each report's timestamp, the rows it read from each of its sources and the
 * rows its sink was given. A rate over the recent reports needs no more, and these are read
 * without making the reports again. Immutable.
 */
public final class RecentRowCounts {

    /** No reports: a run that has reported nothing, or none yet. */
    public static final RecentRowCounts NONE = new RecentRowCounts(new long[0], new int[0], new int[0], 0, new long[0],
            new long[0]);

    private final long[] epochSeconds;
    // A report without a timestamp has -1.
    private final int[] nanos;
    private final int[] sourceCounts;
    // Report r's source s at r * stride + s.
    private final int stride;
    private final long[] inputRows;
    private final long[] outputRows;

    RecentRowCounts(long[] epochSeconds, int[] nanos, int[] sourceCounts, int stride, long[] inputRows,
                    long[] outputRows) {
        this.epochSeconds = epochSeconds;
        this.nanos = nanos;
        this.sourceCounts = sourceCounts;
        this.stride = stride;
        this.inputRows = inputRows;
        this.outputRows = outputRows;
    }

    /** How many reports. */
    public int size() {
        return epochSeconds.length;
    }

    /** Report {@code report}'s timestamp; null when it had none. */
    public Instant timestamp(int report) {
        return nanos[report] < 0 ? null : Instant.ofEpochSecond(epochSeconds[report], nanos[report]);
    }

    /** How many sources report {@code report} lists. */
    public int sources(int report) {
        return sourceCounts[report];
    }

    /** The rows report {@code report} read from its source {@code source}, below {@link #sources}. */
    public long inputRows(int report, int source) {
        if (source >= sourceCounts[report]) {
            throw new IndexOutOfBoundsException("Report " + report + " lists " + sourceCounts[report]
                    + " sources, not " + (source + 1));
        }
        return inputRows[report * stride + source];
    }

    /** The rows report {@code report}'s sink was given; 0 when it listed no sink. */
    public long outputRows(int report) {
        return outputRows[report];
    }
}
