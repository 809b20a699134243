package dev.arus.engine.exec.join;

import dev.arus.engine.state.GroupIndex;
import java.util.Arrays;

/**
 * A key segment is a run of a join side's slots, {@code [start, end)}, with the index of its rows'
 * keys: each key with its chain, the run's rows of that key in slot order. A side keeps its rows
 * in a few segments, new rows in the newest, so that a batch's new keys go into an index of about
 * that batch's size, which stays in cache where one index of every key did not, and a segment whose
 * rows have all left is dropped whole instead of its keys being taken out of a large index. The
 * chains link slots through the side's {@code next} array. Used by one thread at a time.
 */
final class KeySegment implements KeyBits.Keys {

    // Twice the other indexes' slots a key: most rows bring a new key, and its insert passes fewer
    // taken slots (3.4 -> 2.7 ms a batch of 90,000 in the benchmark), for 16 bytes more a key.
    private static final int SLOTS_PER_KEY = 4;

    int start;
    int end;
    /** The live rows among the run's slots. */
    int live;
    /** No row of the run leaves the state after this time (its rows' latest, or later once some left). */
    long latest = Long.MIN_VALUE;
    private final GroupIndex keys;
    private int[] first;
    private int[] last;
    private final KeyBits keyBits = new KeyBits();
    // Whether the current run of probes checks the key bits first.
    private boolean filtering;

    /** A segment from slot {@code start}, holding no row yet, with room for {@code expectedKeys} keys. */
    KeySegment(int width, int start, int expectedKeys) {
        this.start = start;
        this.end = start;
        this.keys = new GroupIndex(width, expectedKeys, SLOTS_PER_KEY);
        this.first = new int[Math.max(16, expectedKeys)];
        this.last = new int[first.length];
    }

    /**
     * Makes this segment, whose rows have all left, a new one from slot {@code start}, if its
     * index is about the size {@code expectedKeys} keys need: emptying the index costs less than
     * making one (a large array zeroed, then filled). Returns whether it did.
     */
    boolean reuse(int start, int expectedKeys) {
        int held = keys.size();
        if (held * 2 < expectedKeys || held > 4 * expectedKeys) {
            return false;
        }
        keys.clear();
        keyBits.renumbered(0);
        this.start = start;
        this.end = start;
        this.live = 0;
        this.latest = Long.MIN_VALUE;
        return true;
    }

    /** How many keys the index holds, some perhaps with no live row left. */
    @Override
    public int size() {
        return keys.size();
    }

    /** Reads ahead the index's slots of {@code hashes[0, count)}, so that their cache misses overlap. */
    void touch(int[] hashes, int count) {
        keys.touch(hashes, count);
    }

    /** The id of the key in {@code values[offset, offset + width)} of hash {@code hash}, added with an empty chain if new. */
    int place(long[] values, int offset, int hash) {
        int known = keys.size();
        int group = keys.findOrInsert(values, offset, hash);
        if (group == known) {
            if (group >= first.length) {
                int grown = Math.max(group + 1, first.length * 2);
                first = Arrays.copyOf(first, grown);
                last = Arrays.copyOf(last, grown);
            }
            first[group] = -1;
        }
        return group;
    }

    /** Puts slot {@code slot} at the end of key {@code group}'s chain; {@code next} links the chains' slots. */
    void chain(int slot, int group, int[] next) {
        next[slot] = -1;
        if (first[group] < 0) {
            first[group] = slot;
        } else {
            next[last[group]] = slot;
        }
        last[group] = slot;
    }

    /**
     * Before a run of probes: whether they check the key bits first ({@link KeyBits#prepare}),
     * always when the segment takes no more rows: most probes of a side's older rows find
     * nothing there, and its bits are made once.
     */
    void prepareProbes(boolean sealed) {
        filtering = keyBits.prepare(this, sealed);
    }

    /** Whether a key of hash {@code hash} may be here: false means surely not. */
    boolean mayHold(int hash) {
        if (!filtering || keyBits.mayHold(hash)) {
            return true;
        }
        keyBits.missed();
        return false;
    }

    /** The first slot of the chain of the key in {@code values[offset, offset + width)}, or -1 when it has none. */
    int firstSlot(long[] values, int offset, int hash) {
        int group = keys.find(values, offset, hash);
        if (group < 0) {
            keyBits.missed();
            return -1;
        }
        return first[group];
    }

    @Override
    public int hashOf(int group) {
        return keys.hashOf(group);
    }

    /**
     * Before the segment's chains are made again: empties them, and when {@code held} (indexed by
     * key) flags fewer than half the keys, drops the others from the index, renumbering the rest;
     * returns each old key's new id then, or null when the ids stay.
     */
    int[] restart(boolean[] held, int heldCount) {
        int[] renumbered = null;
        if (heldCount * 2 < keys.size()) {
            int[] survivors = keys.retain(held);
            renumbered = new int[held.length];
            for (int group = 0; group < survivors.length; group++) {
                renumbered[survivors[group]] = group;
            }
            keyBits.renumbered(survivors.length);
        }
        Arrays.fill(first, 0, keys.size(), -1);
        return renumbered;
    }

    long memoryBytes() {
        return keys.memoryBytes() + keyBits.memoryBytes() + (long) first.length * 2 * Integer.BYTES;
    }
}
