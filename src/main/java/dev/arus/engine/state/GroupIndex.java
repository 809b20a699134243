package dev.arus.engine.state;

import java.util.Arrays;

/**
 * Maps a group key, a fixed-width tuple of longs, to a dense group id (0, 1, 2, ... in insertion
 * order) with open addressing and linear probing. Keys live in one flat {@code long[]}, so a
 * lookup allocates nothing. Removing groups rebuilds the index with the survivors renumbered.
 */
public final class GroupIndex {

    private static final int EMPTY = -1;
    /** Above this many groups a rehash sorts them by home slot first: below, they fit in cache anyway. */
    private static final int SORTED_REHASH_ABOVE = 1 << 15;
    private static final int RADIX_BITS = 11;
    private static final int RADIX_MASK = (1 << RADIX_BITS) - 1;

    private final int width;
    private long[] keys;
    private int[] slots;
    private int mask;
    private int size;
    // Where touch leaves what it read, so that the reads are not optimised away.
    private long touched;

    public GroupIndex(int width) {
        this(width, 16);
    }

    /** An index with room for {@code expectedGroups} groups before it grows. */
    public GroupIndex(int width, int expectedGroups) {
        int groups = Math.max(16, expectedGroups);
        int slotCount = 32;
        while (slotCount < 2 * groups && slotCount < 1 << 30) {
            slotCount <<= 1;
        }
        this.width = width;
        this.keys = new long[groups * width];
        this.slots = new int[slotCount];
        Arrays.fill(slots, EMPTY);
        this.mask = slots.length - 1;
    }

    public int size() {
        return size;
    }

    /** The {@code field}-th long of group {@code group}'s key. */
    public long key(int group, int field) {
        return keys[group * width + field];
    }

    /** The id of the single-long key {@code key}, adding it if new. */
    public int findOrInsert(long key) {
        int slot = mix(key) & mask;
        while (true) {
            int group = slots[slot];
            if (group == EMPTY) {
                return insert(slot, key);
            }
            if (keys[group] == key) {
                return group;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The id of the key held in {@code probe[0, width)}, adding it if new. */
    public int findOrInsert(long[] probe) {
        return findOrInsert(probe, 0, hash(probe, 0));
    }

    /**
     * The id of the key held in {@code source[offset, offset + width)}, whose {@link #hash} is
     * {@code hash}, adding it if new.
     */
    public int findOrInsert(long[] source, int offset, int hash) {
        int slot = hash & mask;
        while (true) {
            int group = slots[slot];
            if (group == EMPTY) {
                return insert(slot, source, offset);
            }
            if (equalsAt(group, source, offset)) {
                return group;
            }
            slot = (slot + 1) & mask;
        }
    }

    /**
     * Reads the slot and the key that each of {@code hashes[0, count)} probes first. With
     * millions of groups each is a cache miss; read together, ahead of the lookups, the misses
     * overlap instead of coming one after another.
     */
    public void touch(int[] hashes, int count) {
        long seen = 0;
        for (int i = 0; i < count; i++) {
            int group = slots[hashes[i] & mask];
            seen += group == EMPTY ? 0 : keys[group * width];
        }
        touched += seen;
    }

    /** The id of the key, or -1 when absent. */
    public int find(long[] probe) {
        int slot = hash(probe, 0) & mask;
        while (true) {
            int group = slots[slot];
            if (group == EMPTY) {
                return -1;
            }
            if (equalsAt(group, probe, 0)) {
                return group;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** Forgets every group. */
    public void clear() {
        Arrays.fill(slots, EMPTY);
        size = 0;
    }

    /**
     * Keeps the groups whose {@code keep} flag is set, renumbering them densely in their old
     * order; returns the old id of each new group.
     */
    public int[] retain(boolean[] keep) {
        int[] survivors = new int[size];
        int kept = 0;
        for (int group = 0; group < size; group++) {
            if (keep[group]) {
                System.arraycopy(keys, group * width, keys, kept * width, width);
                survivors[kept++] = group;
            }
        }
        size = kept;
        rehash();
        return Arrays.copyOf(survivors, kept);
    }

    /** Approximate heap bytes held, for {@code memoryUsedBytes}. */
    public long memoryBytes() {
        return (long) keys.length * Long.BYTES + (long) slots.length * Integer.BYTES;
    }

    private int insert(int slot, long key) {
        int group = reserve();
        keys[group] = key;
        slots[slot] = group;
        growIfFull();
        return group;
    }

    private int insert(int slot, long[] source, int offset) {
        int group = reserve();
        System.arraycopy(source, offset, keys, group * width, width);
        slots[slot] = group;
        growIfFull();
        return group;
    }

    private int reserve() {
        if ((size + 1) * width > keys.length) {
            keys = Arrays.copyOf(keys, keys.length * 2);
        }
        return size++;
    }

    private void growIfFull() {
        if (size * 2 <= slots.length) {
            return;
        }
        slots = new int[slots.length * 2];
        mask = slots.length - 1;
        rehash();
    }

    /**
     * Refills the slots from the keys of groups {@code [0, size)}. With many groups, placing them
     * in id order writes all over the slots, a cache miss each; placed in the order of their home
     * slots, the writes sweep the slots once, and linear probing finds them all the same.
     */
    private void rehash() {
        Arrays.fill(slots, EMPTY);
        if (size <= SORTED_REHASH_ABOVE) {
            for (int group = 0; group < size; group++) {
                place(group, hash(keys, group * width) & mask);
            }
            return;
        }
        long[] homesAndGroups = new long[size];
        for (int group = 0; group < size; group++) {
            homesAndGroups[group] = (long) (hash(keys, group * width) & mask) << 32 | group;
        }
        for (long homeAndGroup : sortByHome(homesAndGroups, Integer.numberOfTrailingZeros(slots.length))) {
            place((int) homeAndGroup, (int) (homeAndGroup >>> 32));
        }
    }

    private void place(int group, int home) {
        int slot = home;
        while (slots[slot] != EMPTY) {
            slot = (slot + 1) & mask;
        }
        slots[slot] = group;
    }

    /** {@code homesAndGroups} sorted by their upper halves, the home slots: a radix sort, 11 bits a pass. */
    private static long[] sortByHome(long[] homesAndGroups, int homeBits) {
        long[] from = homesAndGroups;
        long[] to = new long[from.length];
        int[] starts = new int[(1 << RADIX_BITS) + 1];
        for (int shift = 32; shift < 32 + homeBits; shift += RADIX_BITS) {
            Arrays.fill(starts, 0);
            for (long value : from) {
                starts[((int) (value >>> shift) & RADIX_MASK) + 1]++;
            }
            for (int digit = 0; digit < RADIX_MASK + 1; digit++) {
                starts[digit + 1] += starts[digit];
            }
            for (long value : from) {
                to[starts[(int) (value >>> shift) & RADIX_MASK]++] = value;
            }
            long[] sorted = to;
            to = from;
            from = sorted;
        }
        return from;
    }

    private boolean equalsAt(int group, long[] source, int offset) {
        int base = group * width;
        for (int i = 0; i < width; i++) {
            if (keys[base + i] != source[offset + i]) {
                return false;
            }
        }
        return true;
    }

    /** The hash of the key held in {@code source[offset, offset + width)}. */
    public int hash(long[] source, int offset) {
        if (width == 1) {
            return mix(source[offset]);
        }
        long h = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < width; i++) {
            h = (h ^ source[offset + i]) * 0xBF58476D1CE4E5B9L;
        }
        return mix(h);
    }

    /** A 64-bit finaliser: window starts are multiples of large numbers, so low bits alone collide. */
    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        h *= 0xD6E8FEB86659FD93L;
        return (int) (h ^ (h >>> 32));
    }
}
