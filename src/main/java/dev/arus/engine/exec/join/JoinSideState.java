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
    private final List<Long> removedIds = new ArrayList<>();
    private final List<Long> matchedIds = new ArrayList<>();

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
     * Keeps row {@code row} of {@code source} under {@code key} (null: no key), leaving the state
     * by {@code time}; returns its slot.
     */
    int add(ColumnarBatch source, int row, long[] key, boolean isMatched, long time) {
        int slot = size++;
        ensure(slot + 1);
        for (int c = 0; c < schema.size(); c++) {
            source.column(c).copyRow(row, rows.column(c), slot);
        }
        place(slot, key, isMatched, nextId++, time);
        return slot;
    }

    private void place(int slot, long[] key, boolean isMatched, long id, long time) {
        alive[slot] = true;
        times[slot] = time;
        matched[slot] = isMatched;
        ids[slot] = id;
        next[slot] = -1;
        live++;
        if (key == null) {
            keyOf[slot] = NO_KEY;
            return;
        }
        int known = keys.size();
        int group = keys.findOrInsert(key);
        if (group == known) {
            if (group >= first.length) {
                int grown = Math.max(group + 1, first.length * 2);
                first = Arrays.copyOf(first, grown);
                last = Arrays.copyOf(last, grown);
            }
            first[group] = -1;
        }
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
        for (int c = 0; c < schema.size(); c++) {
            rows.column(c).ensureCapacity(grown);
        }
    }

    /** Calls {@code consumer} with the slot of every live row whose key is {@code key}, in the order they came. */
    void forEachWithKey(long[] key, IntConsumer consumer) {
        int group = keys.find(key);
        if (group < 0) {
            return;
        }
        for (int slot = first[group]; slot >= 0; slot = next[slot]) {
            if (alive[slot]) {
                consumer.accept(slot);
            }
        }
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
        long[][] wasKey = new long[kept][];
        for (int i = 0; i < kept; i++) {
            wasMatched[i] = matched[keep[i]];
            wasId[i] = ids[keep[i]];
            wasTime[i] = times[keep[i]];
            wasKey[i] = keyOf[keep[i]] == NO_KEY ? null : keyOfGroup(keyOf[keep[i]]);
        }
        reset(packed);
        for (int i = 0; i < kept; i++) {
            size++;
            ensure(size);
            place(i, wasKey[i], wasMatched[i], wasId[i], wasTime[i]);
        }
    }

    private long[] keyOfGroup(int group) {
        long[] key = new long[keyWidth];
        for (int f = 0; f < keyWidth; f++) {
            key[f] = keys.key(group, f);
        }
        return key;
    }

    private void reset(ColumnarBatch packed) {
        rows = packed;
        size = 0;
        live = 0;
        keys = new GroupIndex(keyWidth);
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
        out.writeInt(removedIds.size());
        removedIds.forEach(out::writeLong);
        out.writeInt(matchedIds.size());
        matchedIds.forEach(out::writeLong);
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
        reset(ColumnarBatch.allocate(schema, 64));
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
        reset(packed);
        long[] key = new long[keyWidth];
        for (int i = 0; i < kept; i++) {
            size++;
            ensure(size);
            place(i, encode.key(packed, i, key) ? key.clone() : null, wasMatched[i], wasId[i], time.time(packed, i));
        }
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
}
