package dev.arus.engine.exec.join;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.state.GroupIndex;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The rows one side of a stream-stream join keeps in one state partition, as Spark's
 * {@code SymmetricHashJoinStateManager}: each row with whether it has matched, chained under its
 * key in the order it came; a row without a key (one with NULL in it) is kept but never found.
 * Rows leave by eviction; their slots are reused once dead rows outnumber live ones. Each row
 * has an id, so that a commit writes only what changed: the rows added, the ids removed and the
 * ids that matched since. Used by one thread at a time.
 */
final class JoinSideState {

    private static final int NO_KEY = -1;
    // Keys placed or looked up together, their index slots read ahead so that the cache misses overlap.
    private static final int BLOCK = 64;
    // Slots are swept for eviction in runs of 2^RUN_SHIFT: a run whose rows all leave later is skipped.
    private static final int RUN_SHIFT = 10;
    // Twice the other indexes' slots a key: most rows bring a new key, and its insert passes fewer
    // taken slots (3.4 -> 2.7 ms a batch of 90,000 in the benchmark), for 16 bytes more a key.
    private static final int SLOTS_PER_KEY = 4;

    private final Schema schema;
    private final int keyWidth;
    // Whether every column holds fixed-width values or references, none nesting others.
    private final boolean flat;
    private ColumnarBatch rows;
    private int size;
    private boolean[] alive = new boolean[64];
    private boolean[] matched = new boolean[64];
    private long[] ids = new long[64];
    private long[] times = new long[64];
    private int[] keyOf = new int[64];
    private int[] next = new int[64];
    // Per run of slots: no live row of the run leaves the state before this time.
    private long[] runLeaves = runs(64);
    private GroupIndex keys;
    private int[] first = new int[64];
    private int[] last = new int[64];
    private final KeyBits keyBits = new KeyBits();
    private int live;
    private long nextId;
    // Since the last commit.
    private long committedNextId;
    private final IdLog removedIds = new IdLog();
    private final IdLog matchedIds = new IdLog();
    private final int[] blockHashes = new int[BLOCK];
    private final int[] blockRows = new int[BLOCK];

    JoinSideState(Schema schema, int keyWidth) {
        this.schema = schema;
        this.keyWidth = keyWidth;
        this.flat = schema.fields().stream().map(Field::type)
                .noneMatch(type -> type instanceof StructType || type instanceof ArrayType || type instanceof MapType);
        this.rows = ColumnarBatch.allocate(schema, 64);
        this.keys = new GroupIndex(keyWidth, 16, SLOTS_PER_KEY);
    }

    int live() {
        return live;
    }

    ColumnarBatch rows() {
        return rows;
    }

    /** Whether slot {@code slot} holds a live row. */
    boolean alive(int slot) {
        return slot < size && alive[slot];
    }

    boolean matched(int slot) {
        return matched[slot];
    }

    /**
     * Keeps rows {@code rows[0, count)} of {@code source}, in that order: the {@code i}-th under
     * its key in {@code keys} (indexed by its row of {@code source}), matched as {@code isMatched[i]},
     * leaving the state by {@code times[i]} ({@link Long#MAX_VALUE}: never).
     */
    void addAll(ColumnarBatch source, int[] rows, int count, EncodedKeys keys, boolean[] isMatched, long[] times) {
        int from = size;
        ensure(from + count);
        for (int c = 0; c < schema.size(); c++) {
            this.rows.column(c).gather(source.column(c), rows, count, from);
        }
        for (int i = 0; i < count; i++) {
            occupy(from + i, isMatched[i], nextId++, times[i]);
        }
        size += count;
        placeAll(from, rows, count, keys);
    }

    /** Takes slot {@code slot} for a live row in no key's chain yet. */
    private void occupy(int slot, boolean isMatched, long id, long time) {
        alive[slot] = true;
        matched[slot] = isMatched;
        ids[slot] = id;
        times[slot] = time;
        keyOf[slot] = NO_KEY;
        next[slot] = -1;
        runLeaves[slot >>> RUN_SHIFT] = Math.min(runLeaves[slot >>> RUN_SHIFT], time);
        live++;
    }

    /**
     * Chains slots {@code [from, from + count)} under their keys: the {@code i}-th has the key of
     * row {@code rows[i]} of {@code keys} ({@code rows} null: of row {@code i}).
     */
    private void placeAll(int from, int[] rows, int count, EncodedKeys keys) {
        long[] values = keys.keys();
        for (int start = 0; start < count; start += BLOCK) {
            int end = Math.min(count, start + BLOCK);
            int hashed = 0;
            for (int i = start; i < end; i++) {
                int row = rows == null ? i : rows[i];
                if (keys.keyed(row)) {
                    blockHashes[hashed++] = keys.hash(row);
                }
            }
            this.keys.touch(blockHashes, hashed);
            for (int i = start; i < end; i++) {
                int row = rows == null ? i : rows[i];
                if (keys.keyed(row)) {
                    int known = this.keys.size();
                    int group = this.keys.findOrInsert(values, row * keyWidth, keys.hash(row));
                    if (group == known) {
                        startChain(group);
                    }
                    chain(from + i, group);
                }
            }
        }
    }

    /** Makes group {@code group}, new in the index, a chain of no rows yet. */
    private void startChain(int group) {
        if (group >= first.length) {
            int grown = Math.max(group + 1, first.length * 2);
            first = Arrays.copyOf(first, grown);
            last = Arrays.copyOf(last, grown);
        }
        first[group] = -1;
    }

    /** Puts slot {@code slot} at the end of group {@code group}'s chain. */
    private void chain(int slot, int group) {
        keyOf[slot] = group;
        if (first[group] < 0) {
            first[group] = slot;
        } else {
            next[last[group]] = slot;
        }
        last[group] = slot;
    }

    private void ensure(int capacity) {
        if (capacity <= alive.length) {
            return;
        }
        int grown = Math.max(capacity, alive.length * 2);
        alive = Arrays.copyOf(alive, grown);
        matched = Arrays.copyOf(matched, grown);
        ids = Arrays.copyOf(ids, grown);
        times = Arrays.copyOf(times, grown);
        keyOf = Arrays.copyOf(keyOf, grown);
        next = Arrays.copyOf(next, grown);
        int knownRuns = runLeaves.length;
        runLeaves = Arrays.copyOf(runLeaves, runs(grown).length);
        Arrays.fill(runLeaves, knownRuns, runLeaves.length, Long.MAX_VALUE);
        for (int c = 0; c < schema.size(); c++) {
            rows.column(c).ensureCapacity(grown);
        }
    }

    /** The runs of {@code slots} slots, none holding a row yet. */
    private static long[] runs(int slots) {
        long[] runs = new long[(slots >>> RUN_SHIFT) + 1];
        Arrays.fill(runs, Long.MAX_VALUE);
        return runs;
    }

    /**
     * For each row {@code r} in {@code [0, count)} that {@code probes} flags and that has a key:
     * the slot of the first live row with its key, or -1, into {@code heads[r]}
     * ({@link #nextWithKey} gives the others in order); -1 for the other rows.
     */
    void firstWithKeys(EncodedKeys keys, boolean[] probes, int count, int[] heads) {
        long[] values = keys.keys();
        boolean filter = keyBits.prepare(this.keys);
        for (int start = 0; start < count; start += BLOCK) {
            int end = Math.min(count, start + BLOCK);
            int hashed = 0;
            for (int row = start; row < end; row++) {
                heads[row] = -1;
                if (probes[row] && keys.keyed(row)) {
                    if (filter && !keyBits.mayHold(keys.hash(row))) {
                        keyBits.missed();
                        continue;
                    }
                    blockHashes[hashed] = keys.hash(row);
                    blockRows[hashed++] = row;
                }
            }
            this.keys.touch(blockHashes, hashed);
            // Each step's reads depend on the one before, but not on the other rows': a loop each.
            for (int i = 0; i < hashed; i++) {
                int row = blockRows[i];
                int group = this.keys.find(values, row * keyWidth, blockHashes[i]);
                if (group < 0) {
                    keyBits.missed();
                    continue;
                }
                heads[row] = first[group];
            }
            for (int i = 0; i < hashed; i++) {
                int row = blockRows[i];
                heads[row] = liveFrom(heads[row]);
            }
        }
    }

    /** The slot of the next live row after {@code slot} with its key, or -1. */
    int nextWithKey(int slot) {
        return liveFrom(next[slot]);
    }

    private int liveFrom(int slot) {
        int at = slot;
        while (at >= 0 && !alive[at]) {
            at = next[at];
        }
        return at;
    }

    void markMatched(int slot) {
        if (!matched[slot]) {
            matched[slot] = true;
            if (ids[slot] < committedNextId) {
                matchedIds.add(ids[slot]);
            }
        }
    }

    /**
     * Removes row {@code slot}, if it is still live (its values stay readable until the next
     * {@link #packIfSparse}); returns whether it was.
     */
    boolean remove(int slot) {
        if (!alive[slot]) {
            return false;
        }
        kill(slot);
        return true;
    }

    private void kill(int slot) {
        alive[slot] = false;
        live--;
        if (ids[slot] < committedNextId) {
            removedIds.add(ids[slot]);
        }
    }

    /**
     * Removes every live row that leaves the state at or before {@code leaveAt}, in slot order,
     * calling {@code removed} with each slot first (the values stay readable until
     * {@link #packIfSparse}); returns how many left. Only the runs of slots holding such a row are read.
     */
    int evict(long leaveAt, IntConsumer removed) {
        int count = 0;
        for (int run = 0; run << RUN_SHIFT < size; run++) {
            if (runLeaves[run] > leaveAt) {
                continue;
            }
            long least = Long.MAX_VALUE;
            int end = Math.min(size, (run + 1) << RUN_SHIFT);
            for (int slot = run << RUN_SHIFT; slot < end; slot++) {
                if (!alive[slot]) {
                    continue;
                }
                if (times[slot] <= leaveAt) {
                    removed.accept(slot);
                    kill(slot);
                    count++;
                } else {
                    least = Math.min(least, times[slot]);
                }
            }
            runLeaves[run] = least;
        }
        return count;
    }

    /** Packs the live rows away ({@link #compact}) once dead rows outnumber them. */
    void packIfSparse() {
        if (size - live > live && size > 64) {
            compact();
        }
    }

    /**
     * Moves the live rows to the front, in order, and drops the keys none of them has from the
     * index: the index keeps the others' entries (renumbered in one sweep, not placed again), and
     * each key's chain is rebuilt from its rows. The rows move down within the arrays they are in
     * (each onto a slot whose row has moved already), unless those are far larger than the rows
     * need or a column nests values.
     */
    private void compact() {
        int[] keep = liveSlots();
        int kept = keep.length;
        int wasSize = size;
        boolean inPlace = flat && alive.length <= 4 * Math.max(64, kept * 2);
        ColumnarBatch packed = inPlace ? rows : ColumnarBatch.allocate(schema, Math.max(64, kept * 2));
        for (int c = 0; c < schema.size(); c++) {
            packed.column(c).gather(rows.column(c), keep, kept, 0);
        }
        boolean[] held = new boolean[keys.size()];
        for (int slot : keep) {
            if (keyOf[slot] != NO_KEY) {
                held[keyOf[slot]] = true;
            }
        }
        int[] renumbered = new int[held.length];
        int[] survivors = keys.retain(held);
        for (int group = 0; group < survivors.length; group++) {
            renumbered[survivors[group]] = group;
            first[group] = -1;
        }
        keyBits.renumbered(survivors.length);
        boolean[] wasMatched = matched;
        long[] wasId = ids;
        long[] wasTime = times;
        int[] wasKey = keyOf;
        if (inPlace) {
            Arrays.fill(alive, 0, wasSize, false);
            Arrays.fill(runLeaves, Long.MAX_VALUE);
            live = 0;
        } else {
            rows = packed;
            newSlots(packed.column(0).capacity());
        }
        for (int i = 0; i < kept; i++) {
            int slot = keep[i];
            int key = wasKey[slot];
            occupy(i, wasMatched[slot], wasId[slot], wasTime[slot]);
            if (key != NO_KEY) {
                chain(i, renumbered[key]);
            }
        }
        size = kept;
    }

    private int[] liveSlots() {
        int[] slots = new int[live];
        int count = 0;
        for (int slot = 0; count < live; slot++) {
            if (alive[slot]) {
                slots[count++] = slot;
            }
        }
        return slots;
    }

    /** Empty slot arrays with room for {@code capacity} rows: no row is live. */
    private void newSlots(int capacity) {
        int slots = Math.max(64, capacity);
        alive = new boolean[slots];
        matched = new boolean[slots];
        ids = new long[slots];
        times = new long[slots];
        keyOf = new int[slots];
        next = new int[slots];
        runLeaves = runs(slots);
        size = 0;
        live = 0;
    }

    /** Starts over with {@code packed} as the rows, none live yet, and room in the key index for {@code expectedKeys}. */
    private void reset(ColumnarBatch packed, int expectedKeys) {
        rows = packed;
        keys = new GroupIndex(keyWidth, expectedKeys, SLOTS_PER_KEY);
        keyBits.renumbered(0);
        newSlots(packed.column(0).capacity());
    }

    long memoryBytes() {
        return keys.memoryBytes() + keyBits.memoryBytes() + (long) alive.length * 40;
    }

    /** What a commit writes: the rows added since the last, then the ids removed and the ids that matched. */
    void writeDelta(StateBuffer out) {
        List<Integer> added = new ArrayList<>();
        for (int slot = 0; slot < size; slot++) {
            if (alive[slot] && ids[slot] >= committedNextId) {
                added.add(slot);
            }
        }
        writeRows(added, out);
        removedIds.writeTo(out);
        matchedIds.writeTo(out);
        out.writeLong(nextId);
        committed();
    }

    /** A whole copy of the live rows. */
    void writeSnapshot(StateBuffer out) {
        List<Integer> all = new ArrayList<>();
        for (int slot = 0; slot < size; slot++) {
            if (alive[slot]) {
                all.add(slot);
            }
        }
        writeRows(all, out);
        out.writeInt(0);
        out.writeInt(0);
        out.writeLong(nextId);
    }

    private void writeRows(List<Integer> slots, StateBuffer out) {
        out.writeInt(slots.size());
        for (int slot : slots) {
            out.writeLong(ids[slot]);
            out.writeBoolean(matched[slot]);
            for (int c = 0; c < schema.size(); c++) {
                StateRows.write(rows.column(c), slot, out);
            }
        }
    }

    /** Takes the state as committed without writing it (a state kept in memory only). */
    void forgetChanges() {
        committed();
    }

    private void committed() {
        committedNextId = nextId;
        removedIds.clear();
        matchedIds.clear();
    }

    /** Forgets every row, before a load. */
    void clear() {
        reset(ColumnarBatch.allocate(schema, 64), 16);
        nextId = 0;
        committedNextId = 0;
        removedIds.clear();
        matchedIds.clear();
    }

    /**
     * Applies one delta or snapshot written by {@link #writeDelta} or {@link #writeSnapshot}.
     * Keys are not kept in files: {@link #reindex} finds them again once every file is read.
     */
    void read(DataInput in) throws IOException {
        int added = in.readInt();
        for (int i = 0; i < added; i++) {
            long id = in.readLong();
            boolean wasMatched = in.readBoolean();
            int slot = size++;
            ensure(slot + 1);
            for (int c = 0; c < schema.size(); c++) {
                StateRows.read(in, rows.column(c), slot);
            }
            alive[slot] = true;
            matched[slot] = wasMatched;
            ids[slot] = id;
            live++;
        }
        Map<Long, Integer> slotOf = new HashMap<>();
        for (int slot = 0; slot < size; slot++) {
            if (alive[slot]) {
                slotOf.put(ids[slot], slot);
            }
        }
        int removed = in.readInt();
        for (int i = 0; i < removed; i++) {
            Integer slot = slotOf.get(in.readLong());
            if (slot != null && alive[slot]) {
                alive[slot] = false;
                live--;
            }
        }
        int newlyMatched = in.readInt();
        for (int i = 0; i < newlyMatched; i++) {
            Integer slot = slotOf.get(in.readLong());
            if (slot != null) {
                matched[slot] = true;
            }
        }
        nextId = in.readLong();
    }

    /**
     * After a load: puts every live row under its key again, {@code find} giving the keys of the
     * rows and when each leaves, and takes the loaded state as committed.
     */
    void reindex(KeysOfRows find) {
        int[] keep = liveSlots();
        int kept = keep.length;
        ColumnarBatch packed = ColumnarBatch.allocate(schema, Math.max(64, kept * 2));
        for (int c = 0; c < schema.size(); c++) {
            packed.column(c).gather(rows.column(c), keep, kept, 0);
        }
        packed.setSize(kept);
        EncodedKeys keysOfRows = new EncodedKeys(keyWidth);
        long[] leaveAt = new long[kept];
        find.of(packed, keysOfRows, leaveAt);
        boolean[] wasMatched = matched;
        long[] wasId = ids;
        reset(packed, kept);
        for (int i = 0; i < kept; i++) {
            occupy(i, wasMatched[keep[i]], wasId[keep[i]], leaveAt[i]);
        }
        size = kept;
        placeAll(0, null, kept, keysOfRows);
        committed();
    }

    /** What a loaded side's rows are found by: their keys, and when each leaves the state. */
    @FunctionalInterface
    interface KeysOfRows {
        /** Encodes the keys of every row of {@code rows} into {@code keys}, and each row's leaving time into {@code leaveAt}. */
        void of(ColumnarBatch rows, EncodedKeys keys, long[] leaveAt);
    }

    /** Row ids noted since the last commit, as a delta writes them: their count, then each. */
    private static final class IdLog {

        private long[] ids = new long[16];
        private int count;

        void add(long id) {
            if (count == ids.length) {
                ids = Arrays.copyOf(ids, count * 2);
            }
            ids[count++] = id;
        }

        void writeTo(StateBuffer out) {
            out.writeInt(count);
            for (int i = 0; i < count; i++) {
                out.writeLong(ids[i]);
            }
        }

        void clear() {
            count = 0;
        }
    }
}
