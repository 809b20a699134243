package dev.arus.engine.streaming;

import java.time.Instant;
import java.util.List;

/**
 * The row counts of a run's most recent progress reports, at most {@code capacity}, kept beside
 * the reports as columns of numbers filled as each is added: what {@link RecentRowCounts} shows,
 * copied out without making the reports again from their bytes ({@link ProgressRing}), for a reader
 * of every query's rates. Thread-safe.
 */
public final class RowCountRing {

    // Guarded by this: circular columns, slot i of each holding the same report.
    private final long[] epochSeconds;
    private final int[] nanos;
    private final int[] sourceCounts;
    private final long[] outputRows;
    // Slot i's source s at i * stride + s; the stride is the most sources a report had, grown when one has more.
    private long[] inputRows = new long[0];
    private int stride;
    private int first;
    private int size;

    /** @param capacity how many reports it keeps, at least 1 */
    public RowCountRing(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("A row count ring keeps at least 1 report, not " + capacity);
        }
        epochSeconds = new long[capacity];
        nanos = new int[capacity];
        sourceCounts = new int[capacity];
        outputRows = new long[capacity];
    }

    /** Adds {@code report}'s counts as the newest, dropping the oldest when full. */
    public void add(StreamingQueryProgress report) {
        List<StreamingQueryProgress.SourceProgress> sources = report.sources();
        long[] read = new long[sources.size()];
        for (int s = 0; s < read.length; s++) {
            read[s] = sources.get(s).numInputRows();
        }
        add(report.timestamp(), read, report.sink() == null ? 0 : report.sink().numOutputRows());
    }

    /**
     * Adds a report's counts as the newest, dropping the oldest when full: its {@code timestamp}
     * (or null), the rows it read from each source, and the rows its sink was given.
     */
    public synchronized void add(Instant timestamp, long[] read, long written) {
        if (read.length > stride) {
            widen(read.length);
        }
        int slot = (first + size) % epochSeconds.length;
        if (size == epochSeconds.length) {
            first = (first + 1) % epochSeconds.length;
        } else {
            size++;
        }
        epochSeconds[slot] = timestamp == null ? 0 : timestamp.getEpochSecond();
        nanos[slot] = timestamp == null ? -1 : timestamp.getNano();
        sourceCounts[slot] = read.length;
        System.arraycopy(read, 0, inputRows, slot * stride, read.length);
        outputRows[slot] = written;
    }

    /** The kept counts now, oldest first. */
    public synchronized RecentRowCounts recent() {
        long[] seconds = new long[size];
        int[] nanosCopy = new int[size];
        int[] counts = new int[size];
        long[] read = new long[size * stride];
        long[] written = new long[size];
        for (int i = 0; i < size; i++) {
            int slot = (first + i) % epochSeconds.length;
            seconds[i] = epochSeconds[slot];
            nanosCopy[i] = nanos[slot];
            counts[i] = sourceCounts[slot];
            System.arraycopy(inputRows, slot * stride, read, i * stride, stride);
            written[i] = outputRows[slot];
        }
        return new RecentRowCounts(seconds, nanosCopy, counts, stride, read, written);
    }

    private void widen(int sources) {
        long[] wider = new long[epochSeconds.length * sources];
        for (int slot = 0; slot < epochSeconds.length; slot++) {
            System.arraycopy(inputRows, slot * stride, wider, slot * sources, stride);
        }
        inputRows = wider;
        stride = sources;
    }
}
