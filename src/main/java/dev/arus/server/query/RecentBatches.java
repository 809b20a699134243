package dev.arus.server.query;

import java.util.ArrayDeque;
import java.util.List;

/**
 * The last outputs of one query, oldest first: at most {@code capacity} batches, so that its
 * memory is bounded whatever the query emits (each batch's rows are bounded when it is made,
 * by {@link RecentBatch#of}). Written by the query's thread, read by any; thread-safe.
 */
public final class RecentBatches {

    private final int capacity;
    private final ArrayDeque<RecentBatch> batches = new ArrayDeque<>();

    public RecentBatches(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        this.capacity = capacity;
    }

    /** Keeps {@code batch}, dropping the oldest when full. */
    public void add(RecentBatch batch) {
        synchronized (batches) {
            if (batches.size() == capacity) {
                batches.removeFirst();
            }
            batches.addLast(batch);
        }
    }

    /** The last {@code limit} batches, oldest first. */
    public List<RecentBatch> latest(int limit) {
        synchronized (batches) {
            return batches.stream().skip(Math.max(0, batches.size() - limit)).toList();
        }
    }
}
