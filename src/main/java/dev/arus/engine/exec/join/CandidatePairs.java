package dev.arus.engine.exec.join;

import dev.arus.engine.data.LongVector;
import java.util.Arrays;

/**
 * The candidate pairs of a run of one side's new rows: each new row with every live stored row
 * of the other side under the same key, new row by new row, a row's stored rows in the order
 * they came; then whether the rest of the condition holds for each. Reused from batch to batch,
 * its arrays grown to the largest run seen; used by one thread at a time.
 */
final class CandidatePairs {

    private int[] probed = new int[0];
    private int[] heads = new int[0];
    private int[] newRows = new int[16];
    private int[] storedRows = new int[16];
    private boolean[] passes = new boolean[16];
    private int count;

    /**
     * Finds the pairs of the new rows {@code [0, size)} that {@code probes} flags, whose keys are
     * {@code keys}, with the rows {@code stored} holds; with {@code times}, the new rows' event
     * times, only those the stored side's time-range bound {@code offset} lets them match
     * ({@link JoinSideState#firstWithKeys}).
     */
    void find(JoinSideState stored, EncodedKeys keys, boolean[] probes, int size, LongVector times, long offset) {
        int segments = stored.segmentCount();
        if (probed.length < size) {
            probed = new int[Math.max(size, probed.length * 2)];
        }
        if (heads.length < size * segments) {
            heads = new int[Math.max(size * segments, heads.length * 2)];
        }
        int probing = stored.firstWithKeys(keys, probes, size, times, offset, probed, heads);
        count = 0;
        for (int p = 0; p < probing; p++) {
            // A key's rows segment by segment, oldest first: in the order they came.
            for (int at = p * segments; at < (p + 1) * segments; at++) {
                for (int slot = heads[at]; slot >= 0; slot = stored.nextWithKey(slot)) {
                    add(probed[p], slot);
                }
            }
        }
    }

    private void add(int row, int slot) {
        if (count == newRows.length) {
            newRows = Arrays.copyOf(newRows, count * 2);
            storedRows = Arrays.copyOf(storedRows, count * 2);
            passes = Arrays.copyOf(passes, count * 2);
        }
        newRows[count] = row;
        storedRows[count] = slot;
        count++;
    }

    int count() {
        return count;
    }

    /** The new rows of the pairs, pair by pair: in order, a row's pairs together. */
    int[] newRows() {
        return newRows;
    }

    /** The stored rows' slots of the pairs, pair by pair. */
    int[] storedRows() {
        return storedRows;
    }

    /** Whether the rest of the condition holds, pair by pair: filled by the caller. */
    boolean[] passes() {
        return passes;
    }
}
