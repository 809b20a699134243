package dev.arus.engine.exec.join;

import java.util.Arrays;

/**
 * Two bits per key hash of the keys a side's index holds, in one word chosen by the hash's top
 * bits (a blocked Bloom filter): a probing row with either bit clear has no key in the index,
 * known without reading the index (a cache miss when it is large, a mispredicted branch over its
 * slots when it is not). Two bits in one word let through about a fifth of the rows one bit did
 * (at 16 bits a key, 1.5 % against 6 %), for the same one read. The bits cost a random write per
 * key, so a run of probes uses them only when the run before it missed more keys than the index
 * gained since; they then catch up with the keys added, at 8 to 32 bits a key (made anew at 16 to
 * 32 when the keys outgrow 8). Used by one thread at a time.
 */
final class KeyBits {

    private long[] words = new long[2];
    // A hash's top bits choose its word.
    private int shift = Integer.SIZE - 1;
    // How many keys the bits hold at 8 bits a key.
    private int room = 16;
    // The keys [0, covered) of the index have their bits set.
    private int covered;
    // Probes of the last run that found no key, and the keys the index had then.
    private int missed;
    private int keysThen;

    /**
     * Before a run of probes into {@code index}: whether the run checks {@link #mayHold} first,
     * the bits made to hold every key of the index if so.
     */
    boolean prepare(Keys index) {
        return prepare(index, false);
    }

    /** As {@link #prepare(Keys)}, the bits made whether they pay or not when {@code always}. */
    boolean prepare(Keys index, boolean always) {
        int keys = index.size();
        boolean pays = always || missed > keys - keysThen;
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
        long bits = bitsOf(hash);
        return (words[hash >>> shift] & bits) == bits;
    }

    /** A key's two bits in its word, from the hash's low 12 bits (a shift by a long takes the low 6). */
    private static long bitsOf(int hash) {
        return 1L << hash | 1L << (hash >>> 6);
    }

    private void cover(Keys index, int keys) {
        if (keys > room) {
            int bits = 128;
            while (bits < 16L * keys && bits < 1 << 30) {
                bits <<= 1;
            }
            words = new long[bits >>> 6];
            shift = Integer.SIZE - Integer.numberOfTrailingZeros(bits >>> 6);
            room = bits >>> 3;
            covered = 0;
        } else if (covered == 0 || covered > keys) {
            Arrays.fill(words, 0);
            covered = 0;
        }
        for (int k = covered; k < keys; k++) {
            int hash = index.hashOf(k);
            words[hash >>> shift] |= bitsOf(hash);
        }
        covered = keys;
    }

    long memoryBytes() {
        return (long) words.length * Long.BYTES;
    }

    /** Keys numbered densely from 0, a key keeping its number until {@link #renumbered}; new ones come last. */
    interface Keys {

        int size();

        /** The {@link dev.arus.engine.state.GroupIndex#hash} of key {@code key}. */
        int hashOf(int key);
    }
}
