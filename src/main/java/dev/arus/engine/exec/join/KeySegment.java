package dev.arus.engine.exec.join;

import dev.arus.engine.state.GroupIndex;

/**
 * A key segment is a run of a join side's slots, {@code [start, end)}, and how its rows are found
 * by key. A side keeps its rows in a few segments, new rows in the newest, and a segment whose
 * rows have all left is dropped whole. A segment starts without an index: a run of probes scans
 * its rows' keys against an index of the probing keys, a few times, before its own index (each
 * key with its chain, the run's rows of that key in slot order) is made for the probes after.
 * A batch's new keys are many and mostly looked for by few probes (a click's impression), which
 * read them a few times in sequence for less than placing each in a hash index out of cache
 * costs; keys looked for again and again get their index. The chains link slots through the
 * side's {@code next} array. Used by one thread at a time.
 */
final class KeySegment implements KeyBits.Keys {

    // Twice the other indexes' slots a key: most rows bring a new key, and its insert passes fewer
    // taken slots (3.4 -> 2.7 ms a batch of 90,000 in the benchmark), for 16 bytes more a key.
    private static final int SLOTS_PER_KEY = 4;
    // Runs of probes may scan the segment's rows this many times over before its index is made:
    // about what indexing its keys costs (a scan 3-4 ns a row, an insert into an index out of
    // cache 20-30).
    private static final int SCANS_BEFORE_INDEX = 4;

    int start;
    int end;
    /** The live rows among the run's slots. */
    int live;
    /** No row of the run leaves the state after this time (its rows' latest, or later once some left). */
    long latest = Long.MIN_VALUE;
    /** The range of its rows' keys, every keyed row it took counted (rows leaving do not narrow it). */
    final KeyRange keyRange;
    private final int width;
    // Null until the segment is first indexed; kept when a reused segment starts over unindexed.
    private GroupIndex keys;
    private boolean indexed;
    private KeyChains chains;
    private final KeyBits keyBits = new KeyBits();
    // Whether the current run of probes checks the key bits first.
    private boolean filtering;
    // The rows the runs of probes scanned, over the segment's life.
    private long scannedRows;

    /** A segment from slot {@code start}, holding no row yet, not indexed. */
    KeySegment(int width, int start) {
        this.width = width;
        this.start = start;
        this.end = start;
        this.keyRange = new KeyRange(width);
    }

    /** Makes this segment, whose rows have all left, a new one from slot {@code start}, its index kept for reuse. */
    KeySegment reuse(int start) {
        this.start = start;
        this.end = start;
        this.live = 0;
        this.latest = Long.MIN_VALUE;
        this.keyRange.clear();
        this.indexed = false;
        this.scannedRows = 0;
        return this;
    }

    boolean indexed() {
        return indexed;
    }

    /**
     * Whether the next run of probes scans the segment's rows rather than its index, counted as
     * done if so: until the scans have read its rows {@link #SCANS_BEFORE_INDEX} times.
     */
    boolean scanNext() {
        long rows = end - start;
        if (indexed || scannedRows + rows > SCANS_BEFORE_INDEX * rows) {
            return false;
        }
        scannedRows += rows;
        return true;
    }

    /**
     * Starts the segment's index, empty, with room for {@code expectedKeys} keys: the index it
     * had before it was reused, emptied, when about that size (emptying costs less than making
     * one, a large array zeroed then filled).
     */
    void startIndex(int expectedKeys) {
        int held = keys == null ? -1 : keys.size();
        if (keys != null && held * 2 >= expectedKeys && held <= 4 * expectedKeys) {
            keys.clear();
        } else {
            keys = new GroupIndex(width, expectedKeys, SLOTS_PER_KEY);
            chains = new KeyChains(expectedKeys);
        }
        keyBits.renumbered(0);
        indexed = true;
    }

    /** How many keys the index holds, some perhaps with no live row left; 0 when not indexed. */
    @Override
    public int size() {
        return indexed ? keys.size() : 0;
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
            chains.startChain(group);
        }
        return group;
    }

    /** Puts slot {@code slot} at the end of key {@code group}'s chain; {@code next} links the chains' slots. */
    void chain(int slot, int group, int[] next) {
        chains.append(group, slot, next);
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
        return chains.first(group);
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
        chains.clear(keys.size());
        return renumbered;
    }

    long memoryBytes() {
        return keys == null ? 0 : keys.memoryBytes() + keyBits.memoryBytes() + chains.memoryBytes();
    }
}
