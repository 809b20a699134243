package dev.arus.engine.exec.join;

import dev.arus.engine.state.GroupIndex;
import java.util.Arrays;

/**
 * A bit per key hash of the keys a side's index holds, chosen by the hash's top bits: a probing
 * row whose bit is clear has no key in the index, known without reading the index (a cache miss
 * when it is large, a mispredicted branch over its slots when it is not). The bits cost a random
 * write per key, so a run of probes uses them only when the run before it missed more keys than
 * the index gained since; they then catch up with the keys added, at 8 to 32 bits a key (made
 * anew at 16 to 32 when the keys outgrow 8). Used by one thread at a time.
 */
final class KeyBits {

    private long[] words = new long[1];
    private int shift = Integer.SIZE - 6;
    // How many keys the bits hold at 8 bits a key.
    private int room = 8;
    // The keys [0, covered) of the index have their bits set.
    private int covered;
    // Probes of the last run that found no key, and the keys the index had then.
    private int missed;
    private int keysThen;

    /**
     * Before a run of probes into {@code index}: whether the run checks {@link #mayHold} first,
     * the bits made to hold every key of the index if so.
     */
    boolean prepare(GroupIndex index) {
        int keys = index.size();
        boolean pays = missed > keys - keysThen;
        missed = 0;
        keysThen = keys;
        if (pays) {
            cover(index, keys);
        }
        return pays;
    }

    /** Notes a probe of this run that found no key. */
    void missed() {
        missed++;
    }

    /** The index now has {@code keys} keys, numbered anew: the bits are rebuilt when next used. */
    void renumbered(int keys) {
        covered = 0;
        keysThen = keys;
    }

    /** Whether a key of hash {@code hash} may be in the index (as of the last {@link #prepare}): false means surely not. */
    boolean mayHold(int hash) {
        int bit = hash >>> shift;
        return (words[bit >>> 6] & 1L << bit) != 0;
    }

    private void cover(GroupIndex index, int keys) {
        if (keys > room) {
            int bits = 64;
            while (bits < 16L * keys && bits < 1 << 30) {
                bits <<= 1;
            }
            words = new long[bits >>> 6];
            shift = Integer.SIZE - Integer.numberOfTrailingZeros(bits);
            room = bits >>> 3;
            covered = 0;
        } else if (covered == 0 || covered > keys) {
            Arrays.fill(words, 0);
            covered = 0;
        }
        for (int k = covered; k < keys; k++) {
            int bit = index.hashOf(k) >>> shift;
            words[bit >>> 6] |= 1L << bit;
        }
        covered = keys;
    }

    long memoryBytes() {
        return (long) words.length * Long.BYTES;
    }
}
