package dev.arus.engine.exec.aggregate;

import java.util.Arrays;

/**
 * The sessions one task slot's partial aggregation brings to a state partition in a batch, each
 * a partial group {@code [start, end)} of a key, put in order of the key's rank and then start,
 * the order in which they merge with the key's stored sessions. Reused from slot to slot and batch to
 * batch; the sort is a merge sort over indexes, which allocates nothing once the arrays have
 * grown.
 */
final class SessionArrivals {

    private int[] keys = new int[16];
    private long[] ranks = new long[16];
    private long[] starts = new long[16];
    private long[] ends = new long[16];
    private int[] groups = new int[16];
    private int[] order = new int[16];
    private int[] scratch = new int[16];
    private int size;

    void clear() {
        size = 0;
    }

    int size() {
        return size;
    }

    void add(int key, long rank, long start, long end, int partialGroup) {
        if (size == keys.length) {
            int capacity = size * 2;
            keys = Arrays.copyOf(keys, capacity);
            ranks = Arrays.copyOf(ranks, capacity);
            starts = Arrays.copyOf(starts, capacity);
            ends = Arrays.copyOf(ends, capacity);
            groups = Arrays.copyOf(groups, capacity);
            order = new int[capacity];
            scratch = new int[capacity];
        }
        keys[size] = key;
        ranks[size] = rank;
        starts[size] = start;
        ends[size] = end;
        groups[size] = partialGroup;
        size++;
    }

    /** Orders the arrivals by rank, then start; arrivals equal in both keep their order. */
    void sort() {
        boolean inOrder = true;
        for (int i = 0; i < size; i++) {
            order[i] = i;
            inOrder &= i == 0 || !before(i, i - 1);
        }
        // New keys are ranked as they first arrive, so a batch of new keys comes in order.
        if (inOrder) {
            return;
        }
        for (int width = 1; width < size; width *= 2) {
            for (int from = 0; from < size - width; from += 2 * width) {
                merge(from, from + width, Math.min(from + 2 * width, size));
            }
        }
    }

    private void merge(int from, int middle, int until) {
        System.arraycopy(order, from, scratch, from, until - from);
        int left = from;
        int right = middle;
        for (int at = from; at < until; at++) {
            if (right >= until || (left < middle && !before(scratch[right], scratch[left]))) {
                order[at] = scratch[left++];
            } else {
                order[at] = scratch[right++];
            }
        }
    }

    private boolean before(int a, int b) {
        return ranks[a] < ranks[b] || (ranks[a] == ranks[b] && starts[a] < starts[b]);
    }

    /** The {@code rank}-th arrival in sorted order, as an index for the accessors below. */
    int sorted(int rank) {
        return order[rank];
    }

    int key(int arrival) {
        return keys[arrival];
    }

    long start(int arrival) {
        return starts[arrival];
    }

    long end(int arrival) {
        return ends[arrival];
    }

    int partialGroup(int arrival) {
        return groups[arrival];
    }
}
