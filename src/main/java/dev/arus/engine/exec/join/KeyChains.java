package dev.arus.engine.exec.join;

import java.util.Arrays;

/**
 * Each key's chain of slots, in the order they were added: the first and last slot of each key
 * (numbered from 0, as an index numbers its keys), the links between them in a join side's
 * {@code next} array. Used by one thread at a time.
 */
final class KeyChains {

    private int[] first;
    private int[] last;

    KeyChains(int expectedKeys) {
        first = new int[Math.max(16, expectedKeys)];
        last = new int[first.length];
    }

    /** Empties the chains of keys {@code [0, keys)}, with room for that many. */
    void clear(int keys) {
        if (first.length < keys) {
            first = new int[Math.max(keys, first.length * 2)];
            last = new int[first.length];
        }
        Arrays.fill(first, 0, keys, -1);
    }

    /** Starts key {@code key}'s chain empty, with room for it. */
    void startChain(int key) {
        if (key >= first.length) {
            int grown = Math.max(key + 1, first.length * 2);
            first = Arrays.copyOf(first, grown);
            last = Arrays.copyOf(last, grown);
        }
        first[key] = -1;
    }

    /** Puts slot {@code slot} at the end of key {@code key}'s chain; {@code next} links the chains' slots. */
    void append(int key, int slot, int[] next) {
        next[slot] = -1;
        if (first[key] < 0) {
            first[key] = slot;
        } else {
            next[last[key]] = slot;
        }
        last[key] = slot;
    }

    /** The first slot of key {@code key}'s chain, or -1 when it has none. */
    int first(int key) {
        return first[key];
    }

    long memoryBytes() {
        return (long) first.length * 2 * Integer.BYTES;
    }
}
