package dev.arus.engine.exec.dedup;

import java.util.Arrays;

/**
 * The earliest closing time of the keys held in each block of {@value #BLOCK} consecutive key
 * ids, or {@code Long.MAX_VALUE} for a block that holds none: eviction reads the keys of a block
 * only when the watermark reaches its earliest closing time, so that a batch does not read every
 * key held to find the few it closes. A block's time may be earlier than its keys' (they are
 * only lowered as keys come), never later. Used by one thread at a time.
 */
final class EarliestClosings {

    static final int BLOCK = 1024;
    private static final int BLOCK_BITS = Integer.numberOfTrailingZeros(BLOCK);

    private long[] earliest = new long[1];

    EarliestClosings() {
        Arrays.fill(earliest, Long.MAX_VALUE);
    }

    /** Notes that key {@code key}, now held, closes at {@code closes}. */
    void add(int key, long closes) {
        int block = key >>> BLOCK_BITS;
        if (block >= earliest.length) {
            int length = earliest.length;
            earliest = Arrays.copyOf(earliest, Math.max(block + 1, length * 2));
            Arrays.fill(earliest, length, earliest.length, Long.MAX_VALUE);
        }
        earliest[block] = Math.min(earliest[block], closes);
    }

    /** Whether a key of block {@code block} may close at or before {@code time}. */
    boolean reaches(int block, long time) {
        return block < earliest.length && earliest[block] <= time;
    }

    /** Sets block {@code block}'s time after its keys were read: {@code closes} is the earliest of those still held. */
    void reset(int block, long closes) {
        earliest[block] = closes;
    }

    /** Forgets every key, before the keys held are noted again. */
    void clear() {
        Arrays.fill(earliest, Long.MAX_VALUE);
    }
}
