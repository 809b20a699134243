package dev.arus.engine.state;

import java.util.Arrays;

/**
 * Maps a group key, a fixed-width tuple of longs, to a dense group id (0, 1, 2, ... in insertion
 * order) with open addressing and linear probing. Keys live in one flat {@code long[]}, so a
 * lookup allocates nothing. Each slot holds its group's hash beside its id, so that a probe
 * passes another key's slot without reading that key: with millions of groups, each key read is
 * a cache miss. Removing groups rebuilds the index with the survivors renumbered.
 */
public final class GroupIndex {

    // A slot: the group's hash in the upper half, its id in the lower; ids are never -1.
    private static final long EMPTY = -1L;
    /** Above this many groups a rehash sorts them by home slot first: below, they fit in cache anyway. */
    private static final int SORTED_REHASH_ABOVE = 1 << 15;
    /**
     * A sorted rehash places groups region by region, in at most 2^9 regions of the slots: few
     * enough that the sort's writes to as many places at once do not miss the TLB each time.
     */
    private static final int REGION_COUNT_BITS = 9;
    /** Slots a sorted rehash clears at a time, just ahead of the groups it places (32 KB). */
    private static final int CLEARED_TOGETHER = 1 << 12;

    private final int width;
    private final int slotsPerGroup;
    private long[] keys;
    private long[] slots;
    private int mask;
    private int size;
    // Where touch leaves what it read, so that the reads are not optimised away.
    private long touched;

    public GroupIndex(int width) {
        this(width, 16);
    }

    /** An index with room for {@code expectedGroups} groups before it grows. */
    public GroupIndex(int width, int expectedGroups) {
        this(width, expectedGroups, 2);
    }

    /**
     * An index with room for {@code expectedGroups} groups before it grows, with at least
     * {@code slotsPerGroup} slots a group (a power of two from 2): more slots, more memory, and
     * shorter runs of taken slots for a new key to pass, each a branch the processor mispredicts.
     */
    public GroupIndex(int width, int expectedGroups, int slotsPerGroup) {
        int groups = Math.max(16, expectedGroups);
        int slotCount = 32;
        while (slotCount < (long) slotsPerGroup * groups && slotCount < 1 << 30) {
            slotCount <<= 1;
        }
        this.width = width;
        this.slotsPerGroup = slotsPerGroup;
        this.keys = new long[groups * width];
        this.slots = new long[slotCount];
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

    /** The {@link #hash} of group {@code group}'s key. */
    public int hashOf(int group) {
        return hash(keys, group * width);
    }

    /** The id of the single-long key {@code key}, adding it if new. */
    public int findOrInsert(long key) {
        int hash = mix(key);
        int slot = hash & mask;
        while (true) {
            long entry = slots[slot];
            if (entry == EMPTY) {
                return insert(slot, key, hash);
            }
            if ((int) (entry >>> 32) == hash && keys[(int) entry] == key) {
                return (int) entry;
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
            long entry = slots[slot];
            if (entry == EMPTY) {
                return insert(slot, source, offset, hash);
            }
            if ((int) (entry >>> 32) == hash && equalsAt((int) entry, source, offset)) {
                return (int) entry;
            }
            slot = (slot + 1) & mask;
        }
    }

    /**
     * Reads the slot that each of {@code hashes[0, count)} probes first, and the key there when
     * its hash is the same. With millions of groups each is a cache miss; read together, ahead of
     * the lookups, the misses overlap instead of coming one after another.
     */
    public void touch(int[] hashes, int count) {
        long seen = 0;
        for (int i = 0; i < count; i++) {
            seen += peek(hashes[i]);
        }
        touched += seen;
    }

    /**
     * What {@link #touch} reads for {@code hash}: its first slot, and the key there if the hashes
     * agree. An empty slot reads as hash -1, so it is told apart first.
     */
    private long peek(int hash) {
        long entry = slots[hash & mask];
        return entry == EMPTY || (int) (entry >>> 32) != hash ? entry : keys[(int) entry * width];
    }

    /** The id of the key, or -1 when absent. */
    public int find(long[] probe) {
        return find(probe, 0, hash(probe, 0));
    }

    /**
     * The id of the key held in {@code source[offset, offset + width)}, whose {@link #hash} is
     * {@code hash}, or -1 when absent.
     */
    public int find(long[] source, int offset, int hash) {
        int slot = hash & mask;
        while (true) {
            long entry = slots[slot];
            if (entry == EMPTY) {
                return -1;
            }
            if ((int) (entry >>> 32) == hash && equalsAt((int) entry, source, offset)) {
                return (int) entry;
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
        return (long) keys.length * Long.BYTES + (long) slots.length * Long.BYTES;
    }

    private int insert(int slot, long key, int hash) {
        int group = reserve();
        keys[group] = key;
        slots[slot] = entry(hash, group);
        growIfFull();
        return group;
    }

    private int insert(int slot, long[] source, int offset, int hash) {
        int group = reserve();
        if (width == 1) {
            keys[group] = source[offset];
        } else {
            System.arraycopy(source, offset, keys, group * width, width);
        }
        slots[slot] = entry(hash, group);
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
        if ((long) size * slotsPerGroup <= slots.length) {
            return;
        }
        slots = new long[slots.length * 2];
        mask = slots.length - 1;
        rehash();
    }

    /**
     * Refills the slots from the keys of groups {@code [0, size)}. With many groups, placing them
     * in id order writes all over the slots, a cache and TLB miss each. Instead the groups are
     * first sorted by the top {@link #REGION_COUNT_BITS} bits of their home slots (one counting
     * sort), which cuts the slots into regions of at most 1/512 of them (256 KB of 16 million
     * slots, within a core's cache); then the groups are placed region by region, the slots
     * cleared just ahead of them, so that clearing and placing write each part of the slots once
     * while it is in cache.
     * Within a region the order does not matter: linear probing finds a group wherever it was
     * placed from its home, and a run that passes the last slot wraps to the first, cleared first.
     */
    private void rehash() {
        if (size <= SORTED_REHASH_ABOVE) {
            Arrays.fill(slots, EMPTY);
            for (int group = 0; group < size; group++) {
                place(entry(hash(keys, group * width), group));
            }
            return;
        }
        placeClearingAhead(sortByRegion());
    }

    /** Every group's slot entry, sorted by the region of the slots its home slot is in. */
    private long[] sortByRegion() {
        int regionBits = Math.max(0, Integer.numberOfTrailingZeros(slots.length) - REGION_COUNT_BITS);
        int regions = slots.length >>> regionBits;
        int[] starts = new int[regions + 1];
        int[] hashes = new int[size];
        for (int group = 0; group < size; group++) {
            hashes[group] = hash(keys, group * width);
            starts[((hashes[group] & mask) >>> regionBits) + 1]++;
        }
        for (int region = 0; region < regions; region++) {
            starts[region + 1] += starts[region];
        }
        long[] byRegion = new long[size];
        for (int group = 0; group < size; group++) {
            byRegion[starts[(hashes[group] & mask) >>> regionBits]++] = entry(hashes[group], group);
        }
        return byRegion;
    }

    /**
     * Places {@code entries}, sorted by region, into slots of stale content, clearing them 32 KB
     * at a time as the entries placed reach them.
     */
    private void placeClearingAhead(long[] entries) {
        int cleared = 0;
        for (long entry : entries) {
            int slot = (int) (entry >>> 32) & mask;
            while (true) {
                if (slot >= cleared) {
                    int end = Math.min(slots.length, (slot | CLEARED_TOGETHER - 1) + 1);
                    Arrays.fill(slots, cleared, end, EMPTY);
                    cleared = end;
                }
                if (slots[slot] == EMPTY) {
                    break;
                }
                slot = (slot + 1) & mask;
            }
            slots[slot] = entry;
        }
        Arrays.fill(slots, cleared, slots.length, EMPTY);
    }

    /** A slot's content: {@code hash} in the upper half, {@code group} in the lower. */
    private static long entry(int hash, int group) {
        return (long) hash << 32 | (group & 0xFFFFFFFFL);
    }

    private void place(long entry) {
        int slot = (int) (entry >>> 32) & mask;
        while (slots[slot] != EMPTY) {
            slot = (slot + 1) & mask;
        }
        slots[slot] = entry;
    }

    /**
     * Whether group {@code group}'s key is {@code source[offset, offset + width)}; a one-long key,
     * the commonest, without a loop, so that the probes' loops stay simple.
     */
    private boolean equalsAt(int group, long[] source, int offset) {
        if (width == 1) {
            return keys[group] == source[offset];
        }
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
        return hash(width, source, offset);
    }

    /**
     * The {@link #hash} an index of keys of {@code width} longs gives each of the {@code count}
     * keys side by side in {@code source}, into {@code hashes[0, count)}: a loop over a column of
     * keys rather than a call per key.
     */
    public static void hashAll(int width, long[] source, int count, int[] hashes) {
        if (width == 1) {
            for (int i = 0; i < count; i++) {
                hashes[i] = mix(source[i]);
            }
            return;
        }
        for (int i = 0; i < count; i++) {
            hashes[i] = hash(width, source, i * width);
        }
    }

    private static int hash(int width, long[] source, int offset) {
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
