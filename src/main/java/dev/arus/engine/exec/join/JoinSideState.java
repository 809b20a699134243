package dev.arus.engine.exec.join;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
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
import java.util.function.IntPredicate;

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
    // Keys placed together, their index slots read ahead so that the cache misses overlap.
    private static final int BLOCK = 64;

    private final Schema schema;
    private final int keyWidth;
    private ColumnarBatch rows;
    private int size;
    private boolean[] alive = new boolean[64];
    private boolean[] matched = new boolean[64];
    private long[] ids = new long[64];
    private long[] times = new long[64];
    private int[] keyOf = new int[64];
    private int[] next = new int[64];
    private GroupIndex keys;
    private int[] first = new int[64];
    private int[] last = new int[64];
    private int live;
    private long nextId;
    // Since the last commit.
    private long committedNextId;
    private final IdLog removedIds = new IdLog();
    private final IdLog matchedIds = new IdLog();
    private final int[] blockHashes = new int[BLOCK];

    JoinSideState(Schema schema, int keyWidth) {
        this.schema = schema;
        this.keyWidth = keyWidth;
        this.rows = ColumnarBatch.allocate(schema, 64);
        this.keys = new GroupIndex(keyWidth);
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

    /** The time by which row {@code slot} leaves the state (its event time, or its key's); {@link Long#MAX_VALUE}: never. */
    long time(int slot) {
        return times[slot];
    }

    /**
     * Keeps rows {@code rows[0, count)} of {@code source}, in that order: the {@code i}-th under
     * the key at {@code keys[i * width, (i + 1) * width)} if {@code keyed[i]} (else under none),
     * matched as {@code isMatched[i]}, leaving the state by {@code times[i]}.
     */
    void addAll(ColumnarBatch source, int[] rows, int count, boolean[] keyed, long[] keys, boolean[] isMatched,
                long[] times) {
        int first = size;
        ensure(first + count);
        for (int c = 0; c < schema.size(); c++) {
            this.rows.column(c).gather(source.column(c), rows, count, first);
        }
        size += count;
        long[] newIds = new long[count];
        for (int i = 0; i < count; i++) {
            newIds[i] = nextId++;
        }
        placeAll(first, count, keyed, keys, isMatched, newIds, times);
    }

    /** Places slots {@code [first, first + count)}, the {@code i}-th with {@code keys}, flags, id and time {@code i}. */
    private void placeAll(int first, int count, boolean[] keyed, long[] keys, boolean[] isMatched, long[] rowIds,
                          long[] rowTimes) {
        for (int from = 0; from < count; from += BLOCK) {
            int to = Math.min(count, from + BLOCK);
            int hashed = 0;
            for (int i = from; i < to; i++) {
                if (keyed[i]) {
                    blockHashes[hashed++] = this.keys.hash(keys, i * keyWidth);
                }
            }
            this.keys.touch(blockHashes, hashed);
            hashed = 0;
            for (int i = from; i < to; i++) {
                int known = this.keys.size();
                int group = keyed[i] ? this.keys.findOrInsert(keys, i * keyWidth, blockHashes[hashed++]) : NO_KEY;
                if (group == known) {
                    startChain(group);
                }
                place(first + i, group, isMatched[i], rowIds[i], rowTimes[i]);
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

    /** Puts slot {@code slot} at the end of group {@code group}'s chain ({@link #NO_KEY}: in none). */
    private void place(int slot, int group, boolean isMatched, long id, long time) {
        alive[slot] = true;
        times[slot] = time;
        matched[slot] = isMatched;
        ids[slot] = id;
        next[slot] = -1;
        live++;
        keyOf[slot] = group;
        if (group == NO_KEY) {
            return;
        }
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
        for (int c = 0; c < schema.size(); c++) {
            rows.column(c).ensureCapacity(grown);
        }
    }

    /** The slot of the first live row whose key is {@code key}, or -1; {@link #nextWithKey} gives the others in order. */
    int firstWithKey(long[] key) {
        int group = keys.find(key);
        return group < 0 ? -1 : liveFrom(first[group]);
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
     * {@link #evict}); returns whether it was.
     */
    boolean remove(int slot) {
        if (!alive[slot]) {
            return false;
        }
        alive[slot] = false;
        live--;
        if (ids[slot] < committedNextId) {
            removedIds.add(ids[slot]);
        }
        return true;
    }

    /**
     * Removes every live row {@code evict} selects, calling {@code removed} with each slot first;
     * returns how many left.
     */
    int evict(IntPredicate evict, IntConsumer removed) {
        int count = 0;
        for (int slot = 0; slot < size; slot++) {
            if (alive[slot] && evict.test(slot)) {
                removed.accept(slot);
                alive[slot] = false;
                live--;
                count++;
                if (ids[slot] < committedNextId) {
                    removedIds.add(ids[slot]);
                }
            }
        }
        if (size - live > live && size > 64) {
            compact();
        }
        return count;
    }

    /** Moves the live rows to the front and rebuilds the key chains. */
    private void compact() {
        int[] keep = new int[live];
        int kept = 0;
        for (int slot = 0; slot < size; slot++) {
            if (alive[slot]) {
                keep[kept++] = slot;
            }
        }
        ColumnarBatch packed = ColumnarBatch.allocate(schema, Math.max(64, live * 2));
        for (int c = 0; c < schema.size(); c++) {
            packed.column(c).gather(rows.column(c), keep, kept, 0);
        }
        boolean[] wasMatched = new boolean[kept];
        long[] wasId = new long[kept];
        long[] wasTime = new long[kept];
        boolean[] keyed = new boolean[kept];
        long[] wasKey = new long[kept * keyWidth];
        for (int i = 0; i < kept; i++) {
            wasMatched[i] = matched[keep[i]];
            wasId[i] = ids[keep[i]];
            wasTime[i] = times[keep[i]];
            int group = keyOf[keep[i]];
            keyed[i] = group != NO_KEY;
            for (int f = 0; keyed[i] && f < keyWidth; f++) {
                wasKey[i * keyWidth + f] = keys.key(group, f);
            }
        }
        reset(packed, kept);
        size = kept;
        ensure(size);
        placeAll(0, kept, keyed, wasKey, wasMatched, wasId, wasTime);
    }

    /** Starts over with {@code packed} as the rows, and room in the key index for {@code expectedKeys}. */
    private void reset(ColumnarBatch packed, int expectedKeys) {
        rows = packed;
        size = 0;
        live = 0;
        keys = new GroupIndex(keyWidth, expectedKeys);
        int capacity = Math.max(64, packed.column(0).capacity());
        alive = new boolean[capacity];
        matched = new boolean[capacity];
        ids = new long[capacity];
        times = new long[capacity];
        keyOf = new int[capacity];
        next = new int[capacity];
    }

    long memoryBytes() {
        return keys.memoryBytes() + (long) alive.length * 40;
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
     * After a load: puts every live row under its key again, encoding each with {@code encode}
     * (false: the row has no key) and finding when it leaves with {@code time}, and takes the
     * loaded state as committed.
     */
    void reindex(KeyOfRow encode, TimeOfRow time) {
        int loaded = size;
        int[] keep = new int[live];
        int kept = 0;
        for (int slot = 0; slot < loaded; slot++) {
            if (alive[slot]) {
                keep[kept++] = slot;
            }
        }
        ColumnarBatch packed = ColumnarBatch.allocate(schema, Math.max(64, kept * 2));
        for (int c = 0; c < schema.size(); c++) {
            packed.column(c).gather(rows.column(c), keep, kept, 0);
        }
        boolean[] wasMatched = new boolean[kept];
        long[] wasId = new long[kept];
        for (int i = 0; i < kept; i++) {
            wasMatched[i] = matched[keep[i]];
            wasId[i] = ids[keep[i]];
        }
        long keptNextId = nextId;
        reset(packed, kept);
        boolean[] keyed = new boolean[kept];
        long[] keysOfRows = new long[kept * keyWidth];
        long[] key = new long[keyWidth];
        long[] leaveAt = new long[kept];
        for (int i = 0; i < kept; i++) {
            keyed[i] = encode.key(packed, i, key);
            System.arraycopy(key, 0, keysOfRows, i * keyWidth, keyWidth);
            leaveAt[i] = time.time(packed, i);
        }
        size = kept;
        ensure(size);
        placeAll(0, kept, keyed, keysOfRows, wasMatched, wasId, leaveAt);
        nextId = keptNextId;
        committed();
    }

    /** A stored row's key. */
    @FunctionalInterface
    interface KeyOfRow {
        boolean key(ColumnarBatch rows, int row, long[] out);
    }

    /** When a stored row leaves the state. */
    @FunctionalInterface
    interface TimeOfRow {
        long time(ColumnarBatch rows, int row);
    }

    /** Row ids noted since the last commit, as a delta writes them: their count, then each. */
    private static final class IdLog {

        private final StateBuffer ids = new StateBuffer();
        private int count;

        void add(long id) {
            ids.writeLong(id);
            count++;
        }

        void writeTo(StateBuffer out) {
            out.writeInt(count);
            out.write(ids.array(), 0, ids.size());
        }

        void clear() {
            ids.reset();
            count = 0;
        }
    }
}
