package dev.arus.engine.exec.join;

import java.util.Arrays;

/**
 * The least and greatest value of each field of some encoded keys ({@link JoinKeyEncoder}): a
 * key with a field outside its range is surely not among them. Keys that grow with time (ad
 * impressions, orders, and strings, whose ids the encoder gives in order of arrival) fall in
 * narrow ranges, which tell a run of probes which of a side's segments it need not read. A range
 * only widens; empty, it overlaps nothing. Used by one thread at a time.
 */
final class KeyRange {

    private final long[] least;
    private final long[] greatest;

    KeyRange(int width) {
        this.least = new long[width];
        this.greatest = new long[width];
        clear();
    }

    /** Holds no key. */
    void clear() {
        Arrays.fill(least, Long.MAX_VALUE);
        Arrays.fill(greatest, Long.MIN_VALUE);
    }

    /** Widens the range to hold the key in {@code values[offset, offset + width)}. */
    void add(long[] values, int offset) {
        for (int f = 0; f < least.length; f++) {
            least[f] = Math.min(least[f], values[offset + f]);
            greatest[f] = Math.max(greatest[f], values[offset + f]);
        }
    }

    /**
     * Widens the range to hold the keys of the keyed rows among {@code rows[0, count)} of
     * {@code keys} ({@code rows} null: rows {@code [0, count)}). A key of one long, the commonest,
     * in locals: through the arrays, each row's bounds would wait for the row before's store.
     */
    void addAll(EncodedKeys keys, int[] rows, int count) {
        long[] values = keys.keys();
        if (least.length > 1) {
            for (int i = 0; i < count; i++) {
                int row = rows == null ? i : rows[i];
                if (keys.keyed(row)) {
                    add(values, row * least.length);
                }
            }
            return;
        }
        long low = least[0];
        long high = greatest[0];
        for (int i = 0; i < count; i++) {
            int row = rows == null ? i : rows[i];
            if (keys.keyed(row)) {
                low = Math.min(low, values[row]);
                high = Math.max(high, values[row]);
            }
        }
        least[0] = low;
        greatest[0] = high;
    }

    /** Whether a key may lie in both ranges: false means no key of one is in the other. */
    boolean overlaps(KeyRange other) {
        if (least[0] > greatest[0] || other.least[0] > other.greatest[0]) {
            return false;
        }
        for (int f = 0; f < least.length; f++) {
            if (least[f] > other.greatest[f] || other.least[f] > greatest[f]) {
                return false;
            }
        }
        return true;
    }
}
