package dev.arus.engine.exec.join;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
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
 * The rows' keys are kept beside them and found through {@link KeySegment}s, runs of slots in
 * arrival order, each scanned or indexed, so that a key's rows are found segment by segment,
 * oldest first. Rows leave by eviction; a segment
 * goes once its rows have, and the slots are reused once dead rows outnumber live ones. Each row
 * has an id, so that a commit writes only what changed: the rows added, the ids removed and the
 * ids that matched since. Used by one thread at a time.
 */
final class JoinSideState {

    private static final int NO_KEY = -1;
    // A keyed row's keyOf in a segment not indexed.
    private static final int UNINDEXED = 0;
    /** Keys placed or looked up together, their index slots read ahead so that the cache misses overlap. */
    static final int BLOCK = 64;
    // Slots are swept for eviction in runs of 2^RUN_SHIFT: a run whose rows all leave later is skipped.
    private static final int RUN_SHIFT = 10;
    // New rows start a new segment once the newest holds this many rows, or an eighth of the live
    // rows if more: a batch's keys in an index of their own, a segment's probes worth skipping it;
    private static final int MIN_SEGMENT_ROWS = 4096;
    private static final int SEGMENTS_OF_LIVE = 8;
    // but no more than this many (rows living far longer than the batches come): then the newest grows.
    private static final int MAX_SEGMENTS = 16;
    // Where a stored row's values start in its state file: after its id and its matched flag.
    private static final int ROW_VALUES_AT = Long.BYTES + 1;

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
    // A row's key in its segment's index (NO_KEY: none; UNINDEXED: the segment has no index), and
    // the next slot of its key's chain there (or, in a segment scanned, of the scan's chain).
    private int[] keyOf = new int[64];
    private int[] next = new int[64];
    // A row's key, encoded, at slot * keyWidth, and its hash.
    private long[] rowKeys;
    private int[] rowHashes = new int[64];
    // Per run of slots: no live row of the run leaves the state before this time.
    private long[] runLeaves = runs(64);
    // In slot order, oldest first; a live row's slot is in one of them.
    private final List<KeySegment> segments = new ArrayList<>();
    // The keys of every segment, numbered in segment order, and bits of them checked before any segment's.
    private final SegmentKeys allKeys = new SegmentKeys();
    private final KeyBits keyBits = new KeyBits();
    // The last segment dropped, whose index a new one may take over.
    private KeySegment spare;
    private int live;
    private long nextId;
    // Whether removed and matched rows are noted for a delta: only for a store that writes one
    // (else each leaving row's id, read from a slot long out of cache, went to a log never written).
    private boolean notesChanges;
    // Since the last commit.
    private long committedNextId;
    private final IdLog removedIds = new IdLog();
    private final IdLog matchedIds = new IdLog();
    private final int[] blockHashes = new int[BLOCK];
    private final int[] blockRows = new int[BLOCK];
    // The keys of a run of probes, when it scans a segment, and each probe's among them.
    private final ProbeKeys probeKeys;
    // The range of a run of probes' keys: a segment whose keys' range it misses is not read.
    private final KeyRange probeRange;

    JoinSideState(Schema schema, int keyWidth) {
        this.schema = schema;
        this.keyWidth = keyWidth;
        this.flat = schema.fields().stream().map(Field::type)
                .noneMatch(type -> type instanceof StructType || type instanceof ArrayType || type instanceof MapType);
        this.rows = ColumnarBatch.allocate(schema, 64);
        this.rowKeys = new long[64 * keyWidth];
        this.probeKeys = new ProbeKeys(keyWidth);
        this.probeRange = new KeyRange(keyWidth);
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
     * Keeps rows {@code rows[0, count)} of {@code source} ({@code rows} null: rows {@code [0, count)}),
     * in that order: the {@code i}-th under its key in {@code keys} (indexed by its row of
     * {@code source}), matched as {@code isMatched[i]}, leaving the state by {@code times[i]}
     * ({@link Long#MAX_VALUE}: never).
     */
    void addAll(ColumnarBatch source, int[] rows, int count, EncodedKeys keys, boolean[] isMatched, long[] times) {
        int from = size;
        ensure(from + count);
        for (int c = 0; c < schema.size(); c++) {
            if (rows == null) {
                this.rows.column(c).copyFirst(source.column(c), count, from);
            } else {
                this.rows.column(c).gather(source.column(c), rows, count, from);
            }
        }
        occupy(from, count, isMatched, times);
        for (int i = 0; i < count; i++) {
            ids[from + i] = nextId + i;
        }
        nextId += count;
        size += count;
        place(from, rows, count, keys);
    }

    /**
     * Takes slots {@code [from, from + count)} for live rows in no key's chain yet, the
     * {@code i}-th matched as {@code isMatched[i]}, leaving by {@code leaveAt[i]}; the caller
     * gives their ids. An array at a time: row by row, the live count and each run's bound
     * waited for the row before's store.
     */
    private void occupy(int from, int count, boolean[] isMatched, long[] leaveAt) {
        Arrays.fill(alive, from, from + count, true);
        System.arraycopy(isMatched, 0, matched, from, count);
        System.arraycopy(leaveAt, 0, times, from, count);
        Arrays.fill(keyOf, from, from + count, NO_KEY);
        Arrays.fill(next, from, from + count, -1);
        lowerRunBounds(from, from + count);
        live += count;
    }

    /** Lowers the bounds of the runs of slots {@code [from, to)} to their rows' times. */
    private void lowerRunBounds(int from, int to) {
        for (int start = from; start < to; ) {
            int run = start >>> RUN_SHIFT;
            int end = Math.min(to, (run + 1) << RUN_SHIFT);
            long least = runLeaves[run];
            for (int slot = start; slot < end; slot++) {
                least = Math.min(least, times[slot]);
            }
            runLeaves[run] = least;
            start = end;
        }
    }

    /**
     * Keeps the keys of slots {@code [from, from + count)}, the newest, and puts them in the
     * newest segment: the {@code i}-th has the key of row {@code rows[i]} of {@code keys}
     * ({@code rows} null: of row {@code i}). A segment with an index chains them under their keys.
     */
    private void place(int from, int[] rows, int count, EncodedKeys keys) {
        if (count == 0) {
            return;
        }
        KeySegment segment = segmentFrom(from);
        long[] values = keys.keys();
        for (int i = 0; i < count; i++) {
            int row = rows == null ? i : rows[i];
            if (keys.keyed(row)) {
                int slot = from + i;
                keepKey(values, row * keyWidth, slot);
                rowHashes[slot] = keys.hash(row);
                keyOf[slot] = UNINDEXED;
            }
        }
        segment.keyRange.addAll(keys, rows, count);
        if (segment.indexed()) {
            indexRows(segment, from, from + count);
        }
        for (int slot = from; slot < from + count; slot++) {
            segment.latest = Math.max(segment.latest, times[slot]);
        }
        segment.end = from + count;
        segment.live += count;
    }

    /**
     * Keeps the key in {@code values[offset, offset + keyWidth)} as slot {@code slot}'s; a key of
     * one long, the commonest, without a loop, so that the callers' loops stay simple.
     */
    private void keepKey(long[] values, int offset, int slot) {
        if (keyWidth == 1) {
            rowKeys[slot] = values[offset];
            return;
        }
        for (int k = 0; k < keyWidth; k++) {
            rowKeys[slot * keyWidth + k] = values[offset + k];
        }
    }

    /** Makes the index of segment {@code segment}, which has none, from its live rows. */
    private void index(KeySegment segment) {
        segment.startIndex(segment.live);
        indexRows(segment, segment.start, segment.end);
    }

    /**
     * Chains the live keyed rows of slots {@code [from, to)} under their keys in {@code segment}'s
     * index, a block at a time, their index slots read ahead so that the cache misses overlap.
     */
    private void indexRows(KeySegment segment, int from, int to) {
        for (int start = from; start < to; start += BLOCK) {
            int end = Math.min(to, start + BLOCK);
            int hashed = 0;
            for (int slot = start; slot < end; slot++) {
                if (alive[slot] && keyOf[slot] != NO_KEY) {
                    blockHashes[hashed++] = rowHashes[slot];
                }
            }
            segment.touch(blockHashes, hashed);
            for (int slot = start; slot < end; slot++) {
                if (alive[slot] && keyOf[slot] != NO_KEY) {
                    int group = segment.place(rowKeys, slot * keyWidth, rowHashes[slot]);
                    keyOf[slot] = group;
                    segment.chain(slot, group, next);
                }
            }
        }
    }

    /**
     * The segment new rows from slot {@code from} (the first free one) go to: the newest, unless
     * it holds enough rows already and the segments are not too many; else a new one.
     */
    private KeySegment segmentFrom(int from) {
        if (!segments.isEmpty()) {
            KeySegment newest = segments.get(segments.size() - 1);
            if (newest.end == from && (segments.size() >= MAX_SEGMENTS
                    || newest.end - newest.start < Math.max(MIN_SEGMENT_ROWS, live / SEGMENTS_OF_LIVE))) {
                return newest;
            }
        }
        KeySegment fresh = spare != null ? spare.reuse(from) : new KeySegment(keyWidth, from);
        spare = null;
        segments.add(fresh);
        return fresh;
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
        rowKeys = Arrays.copyOf(rowKeys, grown * keyWidth);
        rowHashes = Arrays.copyOf(rowHashes, grown);
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

    int segmentCount() {
        return segments.size();
    }

    /**
     * Finds the rows {@code [0, count)} that {@code probes} flags and that have a key, in
     * {@code probed}, and for each, {@code p}-th of them, and each segment {@code s}: the slot of
     * the segment's first live row with its key, or -1, into
     * {@code heads[p * segmentCount() + s]} ({@link #nextWithKey} gives the segment's others in
     * order). A row looks only at segments whose {@link KeySegment#latest} is at or after
     * {@code times[r] + offset} when {@code times} is given and its time not NULL: a time-range
     * condition rules out the rest ({@code offset}, the side's {@link StreamJoinSpec.StateBound}:
     * a row at or before a watermark plus it matches no later row, which eviction relies on too);
     * and the rows look at no segment whose keys' range misses theirs ({@link KeyRange}). Rows
     * the bits of every segment's keys rule out are left out. Each segment is probed by all the
     * rows before the next, so that its key bits stay in cache meanwhile; a segment without an
     * index is scanned ({@link KeySegment#scanNext}), or indexed first. Returns how many rows
     * {@code probed} holds.
     */
    int firstWithKeys(EncodedKeys keys, boolean[] probes, int count, LongVector times, long offset, int[] probed,
                      int[] heads) {
        int probing = 0;
        long earliest = Long.MAX_VALUE;
        for (int row = 0; row < count; row++) {
            if (probes[row] && keys.keyed(row)) {
                probed[probing++] = row;
                earliest = Math.min(earliest, notBefore(times, offset, row));
            }
        }
        // Most often none is (an impression comes before its click): then the probes' range is not made.
        if (probing == 0 || !anyLateEnough(earliest)) {
            return 0;
        }
        probeRange.clear();
        probeRange.addAll(keys, probed, probing);
        int stride = segments.size();
        int reached = 0;
        boolean scanning = false;
        boolean indexing = false;
        for (int s = 0; s < stride; s++) {
            KeySegment segment = segments.get(s);
            if (reaches(segment, earliest)) {
                if (!segment.indexed() && !segment.scanNext()) {
                    index(segment);
                    indexing = true;
                }
                if (segment.indexed()) {
                    segment.prepareProbes(s < stride - 1);
                } else {
                    scanning = true;
                }
                reached++;
            }
        }
        if (reached == 0) {
            return 0;
        }
        if (indexing) {
            keyBits.renumbered(allKeys.size());
        }
        if (keyBits.prepare(allKeys)) {
            int kept = 0;
            for (int p = 0; p < probing; p++) {
                if (keyBits.mayHold(keys.hash(probed[p]))) {
                    probed[kept++] = probed[p];
                } else {
                    keyBits.missed();
                }
            }
            probing = kept;
        }
        Arrays.fill(heads, 0, probing * stride, -1);
        if (scanning) {
            probeKeys.collect(keys, probed, probing);
        }
        long[] values = keys.keys();
        for (int s = 0; s < stride; s++) {
            KeySegment segment = segments.get(s);
            if (!reaches(segment, earliest)) {
                continue;
            }
            if (!segment.indexed()) {
                scan(segment, s, stride, times, offset, probed, probing, heads);
                continue;
            }
            for (int start = 0; start < probing; start += BLOCK) {
                int end = Math.min(probing, start + BLOCK);
                int hashed = 0;
                for (int p = start; p < end; p++) {
                    int row = probed[p];
                    if (segment.latest >= notBefore(times, offset, row) && segment.mayHold(keys.hash(row))) {
                        blockHashes[hashed] = keys.hash(row);
                        blockRows[hashed++] = p;
                    }
                }
                segment.touch(blockHashes, hashed);
                // Each step's reads depend on the one before, but not on the other rows': a loop each.
                for (int i = 0; i < hashed; i++) {
                    int p = blockRows[i];
                    heads[p * stride + s] = segment.firstSlot(values, probed[p] * keyWidth, blockHashes[i]);
                }
                for (int i = 0; i < hashed; i++) {
                    int at = blockRows[i] * stride + s;
                    heads[at] = liveFrom(heads[at]);
                }
            }
        }
        for (int p = 0; p < probing; p++) {
            if (foundNone(heads, p * stride, stride)) {
                keyBits.missed();
            }
        }
        return probing;
    }

    /**
     * Finds the rows of segment {@code segment}, the {@code s}-th of {@code stride}, with the keys
     * of the {@link #probeKeys}, by reading every live row's key: each probing row's first into
     * {@code heads} as {@link #firstWithKeys} does, the rows of a key chained in slot order for
     * {@link #nextWithKey} (until the segment is next scanned).
     */
    private void scan(KeySegment segment, int s, int stride, LongVector times, long offset,
                      int[] probed, int probing, int[] heads) {
        probeKeys.clearChains();
        for (int slot = segment.start; slot < segment.end; slot++) {
            if (alive[slot] && keyOf[slot] != NO_KEY) {
                probeKeys.chain(rowKeys, slot * keyWidth, rowHashes[slot], slot, next);
            }
        }
        for (int p = 0; p < probing; p++) {
            if (segment.latest >= notBefore(times, offset, probed[p])) {
                heads[p * stride + s] = probeKeys.firstOf(p);
            }
        }
    }

    /**
     * Whether the run of probes, the earliest of which matches rows no earlier than
     * {@code earliest}, may find a row in {@code segment}: one live and late enough, its keys'
     * range meeting the probes'.
     */
    private boolean reaches(KeySegment segment, long earliest) {
        return lateEnough(segment, earliest) && segment.keyRange.overlaps(probeRange);
    }

    private static boolean lateEnough(KeySegment segment, long earliest) {
        return segment.live > 0 && segment.latest >= earliest;
    }

    private boolean anyLateEnough(long earliest) {
        for (KeySegment segment : segments) {
            if (lateEnough(segment, earliest)) {
                return true;
            }
        }
        return false;
    }

    /** The earliest time of a stored row that row {@code row} can match ({@link #firstWithKeys}). */
    private static long notBefore(LongVector times, long offset, int row) {
        return times == null || times.isNull(row) ? Long.MIN_VALUE : times.values()[row] + offset;
    }

    private static boolean foundNone(int[] heads, int from, int count) {
        for (int at = from; at < from + count; at++) {
            if (heads[at] >= 0) {
                return false;
            }
        }
        return true;
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
            if (notesChanges && ids[slot] < committedNextId) {
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
        kill(slot, segmentOf(slot));
        return true;
    }

    /** The segment holding slot {@code slot}, a live row's. */
    private KeySegment segmentOf(int slot) {
        int low = 0;
        int high = segments.size() - 1;
        while (low < high) {
            int middle = (low + high + 1) >>> 1;
            if (segments.get(middle).start <= slot) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return segments.get(low);
    }

    private void kill(int slot, KeySegment segment) {
        markDead(slot);
        live--;
        segment.live--;
    }

    /** Marks slot {@code slot}'s row dead, its id noted for the next commit; the caller counts it out. */
    private void markDead(int slot) {
        alive[slot] = false;
        if (notesChanges && ids[slot] < committedNextId) {
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
        int segment = 0;
        int segmentEnd = segments.isEmpty() ? 0 : segments.get(0).end;
        // The rows that left the current segment, counted out of it as the sweep leaves it (one
        // count a row would wait for the row before's store).
        int leftSegment = 0;
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
                    while (segmentEnd <= slot) {
                        segments.get(segment).live -= leftSegment;
                        leftSegment = 0;
                        segmentEnd = segments.get(++segment).end;
                    }
                    removed.accept(slot);
                    markDead(slot);
                    leftSegment++;
                    count++;
                } else {
                    least = Math.min(least, times[slot]);
                }
            }
            runLeaves[run] = least;
        }
        if (count > 0) {
            segments.get(segment).live -= leftSegment;
        }
        live -= count;
        return count;
    }

    /** Drops the segments whose rows have all left, and packs the live rows away ({@link #compact}) once dead rows outnumber them. */
    void packIfSparse() {
        if (!segments.isEmpty() && segments.get(0).live == 0) {
            spare = segments.get(0);
        }
        if (segments.removeIf(segment -> segment.live == 0)) {
            keyBits.renumbered(allKeys.size());
        }
        if (size - live > live && size > 64) {
            compact();
        }
    }

    /**
     * Moves the live rows to the front, in order, each segment's together, and rebuilds each
     * indexed segment's chains from its rows; a segment whose live rows hold fewer than half its keys
     * drops the others from its index ({@link KeySegment#restart}). The rows move down within the
     * arrays they are in (each onto a slot whose row has moved already), unless those are far
     * larger than the rows need or a column nests values.
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
        // Each segment's rows are keep[ends[s - 1], ends[s]); its keys' new ids, if they change.
        int[] ends = new int[segments.size()];
        int[][] renumbered = new int[segments.size()][];
        int at = 0;
        for (int s = 0; s < segments.size(); s++) {
            KeySegment segment = segments.get(s);
            if (!segment.indexed()) {
                while (at < kept && keep[at] < segment.end) {
                    at++;
                }
                ends[s] = at;
                continue;
            }
            boolean[] held = new boolean[segment.size()];
            int heldCount = 0;
            for (; at < kept && keep[at] < segment.end; at++) {
                int key = keyOf[keep[at]];
                if (key != NO_KEY && !held[key]) {
                    held[key] = true;
                    heldCount++;
                }
            }
            ends[s] = at;
            renumbered[s] = segment.restart(held, heldCount);
        }
        keyBits.renumbered(allKeys.size());
        boolean[] wasMatched = matched;
        long[] wasId = ids;
        long[] wasTime = times;
        int[] wasKey = keyOf;
        long[] wasRowKeys = rowKeys;
        int[] wasRowHashes = rowHashes;
        if (inPlace) {
            Arrays.fill(alive, 0, wasSize, false);
            Arrays.fill(runLeaves, Long.MAX_VALUE);
            live = 0;
        } else {
            rows = packed;
            newSlots(packed.column(0).capacity());
        }
        int from = 0;
        for (int s = 0; s < segments.size(); s++) {
            KeySegment segment = segments.get(s);
            int[] newIds = renumbered[s];
            // Rows leave about in the order they came, so the live ones lie in long runs of slots: a copy a run.
            for (int i = from, run; i < ends[s]; i = run) {
                run = i + 1;
                while (run < ends[s] && keep[run] == keep[run - 1] + 1) {
                    run++;
                }
                moveRun(keep[i], i, run - i, wasMatched, wasId, wasTime, wasKey, wasRowKeys, wasRowHashes);
            }
            if (segment.indexed()) {
                for (int i = from; i < ends[s]; i++) {
                    if (keyOf[i] == NO_KEY) {
                        continue;
                    }
                    if (newIds != null) {
                        keyOf[i] = newIds[keyOf[i]];
                    }
                    segment.chain(i, keyOf[i], next);
                }
            }
            segment.start = from;
            segment.end = ends[s];
            from = ends[s];
        }
        size = kept;
    }

    /**
     * Takes slots {@code [to, to + count)} for the live rows of slots {@code [from, from + count)}
     * of the arrays given (the side's own when packing in place, {@code to <= from}), keys as they
     * were: no key's chain yet.
     */
    private void moveRun(int from, int to, int count, boolean[] wasMatched, long[] wasId, long[] wasTime,
                         int[] wasKey, long[] wasRowKeys, int[] wasRowHashes) {
        Arrays.fill(alive, to, to + count, true);
        System.arraycopy(wasMatched, from, matched, to, count);
        System.arraycopy(wasId, from, ids, to, count);
        System.arraycopy(wasTime, from, times, to, count);
        System.arraycopy(wasKey, from, keyOf, to, count);
        System.arraycopy(wasRowKeys, from * keyWidth, rowKeys, to * keyWidth, count * keyWidth);
        System.arraycopy(wasRowHashes, from, rowHashes, to, count);
        lowerRunBounds(to, to + count);
        live += count;
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
        rowKeys = new long[slots * keyWidth];
        rowHashes = new int[slots];
        runLeaves = runs(slots);
        size = 0;
        live = 0;
    }

    /** Starts over with {@code packed} as the rows, none live yet, and no segment. */
    private void reset(ColumnarBatch packed) {
        rows = packed;
        segments.clear();
        spare = null;
        keyBits.renumbered(0);
        newSlots(packed.column(0).capacity());
    }

    long memoryBytes() {
        long bytes = (long) alive.length * (44 + 8 * keyWidth) + keyBits.memoryBytes()
                + (spare == null ? 0 : spare.memoryBytes());
        for (KeySegment segment : segments) {
            bytes += segment.memoryBytes();
        }
        return bytes;
    }

    /** What a commit writes: the rows added since the last, then the ids removed and the ids that matched. */
    void writeDelta(StateBuffer out) {
        int from = firstSlotFrom(committedNextId);
        int[] added = new int[size - from];
        int count = 0;
        for (int slot = from; slot < size; slot++) {
            if (alive[slot]) {
                added[count++] = slot;
            }
        }
        writeRows(added, count, out);
        removedIds.writeTo(out);
        matchedIds.writeTo(out);
        out.writeLong(nextId);
        committed();
    }

    /**
     * The first slot whose id is {@code id} or later, or {@link #size}: ids grow with the slots
     * (given in slot order; packing, snapshots and loads keep that order), so the rows added since
     * a commit lie after the others, and only they are read.
     */
    private int firstSlotFrom(long id) {
        int low = 0;
        int high = size;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (ids[middle] < id) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** A whole copy of the live rows. */
    void writeSnapshot(StateBuffer out) {
        int[] all = liveSlots();
        writeRows(all, all.length, out);
        out.writeInt(0);
        out.writeInt(0);
        out.writeLong(nextId);
    }

    /** The bytes {@link #writeSnapshot} writes now, or -1 when the rows' width varies. */
    int snapshotSize() {
        int[] columnWidths = fixedColumnWidths();
        return columnWidths == null
                ? -1
                : Integer.BYTES + live * rowWidth(columnWidths) + 2 * Integer.BYTES + Long.BYTES;
    }

    /** A row's bytes: its id, its matched flag, then its values of {@code columnWidths}. */
    private static int rowWidth(int[] columnWidths) {
        return ROW_VALUES_AT + Arrays.stream(columnWidths).sum();
    }

    /**
     * Each row as its id, its matched flag and its values ({@link StateRows#write}). When every
     * column's values take a fixed width, the rows are written a column at a time.
     */
    private void writeRows(int[] slots, int count, StateBuffer out) {
        out.writeInt(count);
        int[] columnWidths = fixedColumnWidths();
        if (columnWidths != null) {
            writeColumns(slots, count, columnWidths, out);
            return;
        }
        for (int i = 0; i < count; i++) {
            int slot = slots[i];
            out.writeLong(ids[slot]);
            out.writeBoolean(matched[slot]);
            for (int c = 0; c < schema.size(); c++) {
                StateRows.write(rows.column(c), slot, out);
            }
        }
    }

    /** Each column's {@link StateRows#fixedWidth}, or null when some column's values vary in width. */
    private int[] fixedColumnWidths() {
        int[] widths = new int[schema.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = StateRows.fixedWidth(rows.column(c));
            if (widths[c] < 0) {
                return null;
            }
        }
        return widths;
    }

    /** The rows of {@link #writeRows}, each column's values {@code columnWidths[c]} bytes, written a column at a time. */
    private void writeColumns(int[] slots, int count, int[] columnWidths, StateBuffer out) {
        int width = rowWidth(columnWidths);
        int start = out.extend(count * width);
        for (int i = 0, at = start; i < count; i++, at += width) {
            int slot = slots[i];
            out.putLong(at, ids[slot]);
            out.putByte(at + Long.BYTES, matched[slot] ? 1 : 0);
        }
        int at = start + ROW_VALUES_AT;
        for (int c = 0; c < schema.size(); c++) {
            StateRows.writeColumn(rows.column(c), slots, count, out, at, width);
            at += columnWidths[c];
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

    /** Forgets every row, before a load; from then on notes the changes for a delta if {@code notesChanges}. */
    void clear(boolean notesChanges) {
        this.notesChanges = notesChanges;
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
        boolean[] keptMatched = new boolean[kept];
        long[] keptIds = new long[kept];
        for (int i = 0; i < kept; i++) {
            keptMatched[i] = matched[keep[i]];
            keptIds[i] = ids[keep[i]];
        }
        reset(packed);
        occupy(0, kept, keptMatched, leaveAt);
        System.arraycopy(keptIds, 0, ids, 0, kept);
        size = kept;
        place(0, null, kept, keysOfRows);
        committed();
    }

    /** What a loaded side's rows are found by: their keys, and when each leaves the state. */
    @FunctionalInterface
    interface KeysOfRows {
        /** Encodes the keys of every row of {@code rows} into {@code keys}, and each row's leaving time into {@code leaveAt}. */
        void of(ColumnarBatch rows, EncodedKeys keys, long[] leaveAt);
    }

    /**
     * The keys of every segment, numbered in segment order: the newest segment's new keys come
     * last. A segment without an index has its rows' keys, one per slot.
     */
    private final class SegmentKeys implements KeyBits.Keys {

        // The segment of the key last asked for, and the number of its first key.
        private int segment;
        private int base;

        @Override
        public int size() {
            int keys = 0;
            for (KeySegment each : segments) {
                keys += keysOf(each);
            }
            return keys;
        }

        // A segment without an index counts each of its slots as a key, some perhaps not keyed: a bit too many.
        private int keysOf(KeySegment segment) {
            return segment.indexed() ? segment.size() : segment.end - segment.start;
        }

        /** Fastest for keys asked for in order, as the bits ask for them. */
        @Override
        public int hashOf(int key) {
            if (key == 0 || key < base || segment >= segments.size()) {
                segment = 0;
                base = 0;
            }
            while (key >= base + keysOf(segments.get(segment))) {
                base += keysOf(segments.get(segment));
                segment++;
            }
            KeySegment holding = segments.get(segment);
            return holding.indexed() ? holding.hashOf(key - base) : rowHashes[holding.start + key - base];
        }
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

        /** The ids put in place at once: written one by one, each checked the buffer's room. */
        void writeTo(StateBuffer out) {
            out.writeInt(count);
            int at = out.extend(count * Long.BYTES);
            for (int i = 0; i < count; i++, at += Long.BYTES) {
                out.putLong(at, ids[i]);
            }
        }

        void clear() {
            count = 0;
        }
    }
}
