package dev.arus.engine.exec.join;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.state.GroupIndex;

/**
 * The join keys of a run of one side's rows, encoded ({@link JoinKeyEncoder}) and hashed as a
 * {@link GroupIndex} of their width hashes them, a column at a time: row {@code r}'s key is
 * {@code keys[r * width, (r + 1) * width)} and its hash {@code hashes[r]}; a row that is not
 * {@code keyed} has a NULL in its key and matches nothing. Reused from batch to batch; used by
 * one thread at a time.
 */
final class EncodedKeys {

    private final int width;
    private long[] keys = new long[0];
    private int[] hashes = new int[0];
    private boolean[] keyed = new boolean[0];

    EncodedKeys(int width) {
        this.width = width;
    }

    /** Encodes and hashes the keys of rows {@code [0, count)}, whose key columns are {@code columns}. */
    void encode(JoinKeyEncoder encoder, ColumnVector[] columns, int count) {
        if (keyed.length < count) {
            int capacity = Math.max(count, keyed.length * 2);
            keys = new long[capacity * width];
            hashes = new int[capacity];
            keyed = new boolean[capacity];
        }
        encoder.encodeAll(columns, count, keys, keyed);
        GroupIndex.hashAll(width, keys, count, hashes);
    }

    int width() {
        return width;
    }

    /** The keys side by side, row {@code r}'s at {@code r * width}. */
    long[] keys() {
        return keys;
    }

    int hash(int row) {
        return hashes[row];
    }

    boolean keyed(int row) {
        return keyed[row];
    }
}
