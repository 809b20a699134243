package dev.arus.engine.exec.aggregate;

import dev.arus.engine.state.GroupIndex;
import java.util.Arrays;

/**
 * The sessions of one state partition of a session-window aggregation. A key (the values of the
 * grouping keys besides the session, as a {@link GroupKeyLayout} encodes them) has an id, and its
 * sessions form a list ordered by start, none overlapping another. A session {@code [start, end)}
 * has a dense id, which indexes the aggregates' arrays; removing one only marks it, and
 * {@link #compact} renumbers the live ones (and the keys that still have sessions). Each session
 * records the batch (a stamp) that made it and the last one that changed it; each key, the last
 * batch that touched it, and its rank: the order keys merge in, as they came, a key that lost
 * every session coming anew when it comes back (as if it had been dropped, whether or not a
 * compaction has dropped it yet). Primitive arrays throughout, so merging sessions allocates
 * nothing.
 */
final class SessionTable {

    static final int NONE = -1;

    private final GroupIndex keys;
    private int[] heads = new int[16];
    private long[] keyTouched = new long[16];
    private long[] ranks = new long[16];
    private long nextRank;
    private int[] owners = new int[16];
    private long[] starts = new long[16];
    private long[] ends = new long[16];
    private int[] nexts = new int[16];
    private long[] born = new long[16];
    private long[] changed = new long[16];
    private int ids;
    private int live;

    SessionTable(int keyWidth) {
        this.keys = new GroupIndex(keyWidth);
    }

    GroupIndex keys() {
        return keys;
    }

    /** The number of live sessions. */
    int size() {
        return live;
    }

    /** Session ids in use, live or removed, are below this until the next {@link #compact}. */
    int idLimit() {
        return ids;
    }

    /** The id of the key held in {@code probe}, adding it, without sessions, if new. */
    int key(long[] probe) {
        return key(probe, 0, keys.hash(probe, 0));
    }

    /** {@link #key(long[])} for the key at {@code offset} of {@code source}, of {@link GroupIndex#hash} {@code hash}. */
    int key(long[] source, int offset, int hash) {
        int before = keys.size();
        int key = keys.findOrInsert(source, offset, hash);
        if (key == before) {
            if (key == heads.length) {
                int capacity = key * 2;
                heads = Arrays.copyOf(heads, capacity);
                keyTouched = Arrays.copyOf(keyTouched, capacity);
                ranks = Arrays.copyOf(ranks, capacity);
            }
            heads[key] = NONE;
            keyTouched[key] = 0;
            ranks[key] = nextRank++;
        }
        return key;
    }

    /** The rank the next key to come gets: keys ranked at or after it came since. */
    long nextRank() {
        return nextRank;
    }

    /**
     * The rank of {@code key} as it comes to a merge that began when {@link #nextRank} was
     * {@code mergeBegan}: a key without sessions ranked before then comes back, ranked last.
     */
    long arrivingRank(int key, long mergeBegan) {
        if (heads[key] == NONE && ranks[key] < mergeBegan) {
            ranks[key] = nextRank++;
        }
        return ranks[key];
    }

    int head(int key) {
        return heads[key];
    }

    void setHead(int key, int session) {
        heads[key] = session;
    }

    long touched(int key) {
        return keyTouched[key];
    }

    void touch(int key, long stamp) {
        keyTouched[key] = stamp;
    }

    /** A new session of {@code key}, in no list yet: the caller links it. */
    int add(int key, long start, long end, long stamp) {
        if (ids == owners.length) {
            int capacity = ids * 2;
            owners = Arrays.copyOf(owners, capacity);
            starts = Arrays.copyOf(starts, capacity);
            ends = Arrays.copyOf(ends, capacity);
            nexts = Arrays.copyOf(nexts, capacity);
            born = Arrays.copyOf(born, capacity);
            changed = Arrays.copyOf(changed, capacity);
        }
        int session = ids++;
        owners[session] = key;
        starts[session] = start;
        ends[session] = end;
        nexts[session] = NONE;
        born[session] = stamp;
        changed[session] = stamp;
        live++;
        return session;
    }

    boolean isLive(int session) {
        return owners[session] != NONE;
    }

    int owner(int session) {
        return owners[session];
    }

    long start(int session) {
        return starts[session];
    }

    long end(int session) {
        return ends[session];
    }

    /** The next session of the same key, by start, or {@link #NONE}. */
    int next(int session) {
        return nexts[session];
    }

    void setNext(int session, int next) {
        nexts[session] = next;
    }

    long born(int session) {
        return born[session];
    }

    long changed(int session) {
        return changed[session];
    }

    void extend(int session, long end, long stamp) {
        ends[session] = Math.max(ends[session], end);
        changed[session] = stamp;
    }

    /** Marks a session removed; the caller has unlinked it from its key's list. */
    void remove(int session) {
        owners[session] = NONE;
        live--;
    }

    /** The session of {@code key} that starts at {@code start}, or {@link #NONE}. */
    int find(int key, long start) {
        for (int session = heads[key]; session != NONE; session = nexts[session]) {
            if (starts[session] == start) {
                return session;
            }
        }
        return NONE;
    }

    /**
     * Removes the session of {@code key} that starts at {@code start}, if there is one, and
     * returns it (else {@link #NONE}).
     */
    int removeAt(int key, long start) {
        int previous = NONE;
        for (int session = heads[key]; session != NONE; previous = session, session = nexts[session]) {
            if (starts[session] == start) {
                if (previous == NONE) {
                    heads[key] = nexts[session];
                } else {
                    nexts[previous] = nexts[session];
                }
                remove(session);
                return session;
            }
        }
        return NONE;
    }

    /** Links {@code session} into {@code key}'s list, at its place by start. */
    void insert(int key, int session) {
        int previous = NONE;
        int at = heads[key];
        while (at != NONE && starts[at] < starts[session]) {
            previous = at;
            at = nexts[at];
        }
        nexts[session] = at;
        if (previous == NONE) {
            heads[key] = session;
        } else {
            nexts[previous] = session;
        }
    }

    /**
     * Renumbers the live sessions densely, in their old order, and drops the keys left without
     * sessions; returns the old id of each session kept, for the aggregates to follow.
     */
    int[] compact() {
        int[] renumbered = new int[ids];
        int[] survivors = new int[live];
        int kept = 0;
        for (int session = 0; session < ids; session++) {
            renumbered[session] = owners[session] == NONE ? NONE : kept;
            if (owners[session] != NONE) {
                survivors[kept++] = session;
            }
        }
        boolean[] keyHasSessions = new boolean[keys.size()];
        for (int key = 0; key < keyHasSessions.length; key++) {
            keyHasSessions[key] = heads[key] != NONE;
        }
        int[] keptKeys = keys.retain(keyHasSessions);
        int[] renumberedKeys = new int[keyHasSessions.length];
        for (int key = 0; key < keptKeys.length; key++) {
            renumberedKeys[keptKeys[key]] = key;
        }
        // Survivors only move down (survivors[i] >= i), so each is read before it is overwritten.
        for (int i = 0; i < kept; i++) {
            int session = survivors[i];
            owners[i] = renumberedKeys[owners[session]];
            starts[i] = starts[session];
            ends[i] = ends[session];
            nexts[i] = nexts[session] == NONE ? NONE : renumbered[nexts[session]];
            born[i] = born[session];
            changed[i] = changed[session];
        }
        for (int key = 0; key < keptKeys.length; key++) {
            heads[key] = renumbered[heads[keptKeys[key]]];
            keyTouched[key] = keyTouched[keptKeys[key]];
            ranks[key] = ranks[keptKeys[key]];
        }
        ids = kept;
        return survivors;
    }

    /** Forgets every key and session. */
    void clear() {
        keys.clear();
        ids = 0;
        live = 0;
        nextRank = 0;
    }

    long memoryBytes() {
        return keys.memoryBytes() + heads.length * 20L + owners.length * 40L;
    }
}
