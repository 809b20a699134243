package dev.arus.engine.streaming;

import java.util.ArrayList;
import java.util.List;

/**
 * The most recent progress reports of a query, oldest first and at most {@code capacity}: the
 * newest as its record, the others as bytes ({@link ProgressBytes}), made into equal records again
 * when {@link #recent} asks. A service keeps a hundred reports of each of up to a thousand
 * queries, and as records they were most of its heap (1.3 KB each, against about 150 bytes).
 * Thread-safe; reports are made again outside the lock, so a reader never holds up the query.
 */
public final class ProgressRing {

    private final ProgressBytes bytes = new ProgressBytes();
    // Guarded by this: a circular buffer of the reports before the newest.
    private final byte[][] older;
    private int first;
    private int size;
    private StreamingQueryProgress newest;

    /** @param capacity how many reports it keeps, at least 1 */
    public ProgressRing(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("A progress ring keeps at least 1 report, not " + capacity);
        }
        this.older = new byte[capacity - 1][];
    }

    /** Adds {@code report} as the newest, dropping the oldest when full. */
    public synchronized void add(StreamingQueryProgress report) {
        if (newest != null && older.length > 0) {
            if (size == older.length) {
                older[first] = null;
                first = (first + 1) % older.length;
                size--;
            }
            older[(first + size) % older.length] = bytes.encode(newest);
            size++;
        }
        newest = report;
    }

    /** The newest report, the very record added; null when none was. */
    public synchronized StreamingQueryProgress last() {
        return newest;
    }

    /** The kept reports, oldest first: equal to those added, the newest the very record. */
    public List<StreamingQueryProgress> recent() {
        byte[][] kept;
        ProgressBytes.Dictionary dictionary;
        StreamingQueryProgress last;
        synchronized (this) {
            if (newest == null) {
                return List.of();
            }
            kept = new byte[size][];
            for (int i = 0; i < size; i++) {
                kept[i] = older[(first + i) % older.length];
            }
            dictionary = bytes.dictionary();
            last = newest;
        }
        List<StreamingQueryProgress> reports = new ArrayList<>(kept.length + 1);
        for (byte[] report : kept) {
            reports.add(dictionary.decode(report));
        }
        reports.add(last);
        return List.copyOf(reports);
    }
}
