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
        return latestBefore(Long.MAX_VALUE, limit);
    }

    /** The last {@code limit} batches whose id is below {@code batchId}, oldest first: a page back from that batch. */
    public List<RecentBatch> latestBefore(long batchId, int limit) {
        synchronized (batches) {
            List<RecentBatch> before = batches.stream().filter(batch -> batch.batchId() < batchId).toList();
            return before.subList(Math.max(0, before.size() - limit), before.size());
        }
    }
}
