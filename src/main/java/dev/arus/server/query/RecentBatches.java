package dev.arus.server.live;

import dev.arus.engine.streaming.ResultBatch;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The last outputs of one query, oldest first: at most {@code capacity} batches, each of at
 * most {@code rowsPerBatch} rows, so that its memory is bounded whatever the query emits.
 * Written by the query's thread, read by any; thread-safe.
 */
public final class RecentBatches {

    private final int capacity;
    private final int rowsPerBatch;
    private final ArrayDeque<RecentBatch> batches = new ArrayDeque<>();

    public RecentBatches(int capacity, int rowsPerBatch) {
        if (capacity < 1 || rowsPerBatch < 0) {
            throw new IllegalArgumentException("capacity must be at least 1 and rowsPerBatch not negative, were "
                    + capacity + " and " + rowsPerBatch);
        }
        this.capacity = capacity;
        this.rowsPerBatch = rowsPerBatch;
    }

    /** Keeps {@code batch}, dropping the oldest when full; its rows are converted here, on the caller's thread. */
    public RecentBatch add(long batchId, Instant at, ResultBatch batch) {
        RecentBatch recent = new RecentBatch(batchId, Timestamps.format(at), JsonRows.of(batch.rows(), rowsPerBatch),
                batch.count());
        synchronized (batches) {
            if (batches.size() == capacity) {
                batches.removeFirst();
            }
            batches.addLast(recent);
        }
        return recent;
    }

    /** How many batches it keeps. */
    int capacity() {
        return capacity;
    }

    /** The last {@code limit} batches, oldest first. */
    public List<RecentBatch> latest(int limit) {
        synchronized (batches) {
            return batches.stream().skip(Math.max(0, batches.size() - limit)).toList();
        }
    }
}
