package dev.arus.engine.exec.dedup;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.KeyedDelta;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.StateEntries;
import dev.arus.engine.exec.StatePartition;
import dev.arus.engine.exec.StateStats;
import dev.arus.engine.exec.aggregate.GroupKeyLayout;
import dev.arus.engine.exec.aggregate.KeyRepeats;
import dev.arus.engine.state.GroupIndex;
import dev.arus.engine.state.StateBuffer;
import dev.arus.engine.state.StateStore;
import java.io.DataInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One state partition of a deduplication: the keys seen whose hash belongs to it, kept across
 * batches and versioned in a {@link StateStore} of its own, as Spark's
 * {@code StreamingDeduplicateExec} and {@code StreamingDeduplicateWithinWatermarkExec} keep them.
 * Per batch, for each slot's rows in turn, 128 rows at a time (their keys encoded and hashed a
 * column at a time, their index slots read together): a row at or before the previous batch's
 * watermark is dropped as late; a row whose key is new is emitted (in chunks, each as soon as it
 * is full) and its key kept (with, within the watermark, the time it expires: its event time plus
 * the delay); any other row is a duplicate. Then keys that this batch's watermark closes are
 * evicted: those whose event-time key is at or before it, or whose expiry is, looked for only in
 * the blocks of keys whose earliest closing time it reaches ({@link EarliestClosings}). An evicted
 * key leaves the state at once (its count, files and entries) but stays in the key index, marked,
 * until evicted keys outnumber the others: then the index is rebuilt without them, so that a
 * batch does not rebuild millions of keys to drop a few. A marked key seen again is a new key.
 * {@link #commit} hands the store a delta when it is durable. Used by one thread at a time.
 */
final class DeduplicationPartition extends StatePartition {

    // Rows a block takes: 128, so that a block whose rows come in retried pairs still reads 64
    // new keys' slots together once the repeats are left out.
    private static final int LOOKAHEAD = 128;
    // Twice the other indexes' slots a key, as a join side's: most keys looked up are new, and an
    // insert that passes fewer taken slots mispredicts fewer probes, for 16 bytes more a key.
    private static final int SLOTS_PER_KEY = 4;
    /** The expiry a key without one has in the state's files: all of a plain deduplication's keys. */
    private static final long NO_EXPIRY = Long.MAX_VALUE;

    private final DeduplicationSpec spec;
    private final GroupKeyLayout layout;
    private final GroupIndex keys;
    private final KeyedDelta delta = new KeyedDelta();
    // Whether keys leave the state: by their event time, or within the watermark by their expiry.
    private final boolean evicts;
    private final EarliestClosings closings = new EarliestClosings();
    // Each key's expiry, kept only within the watermark: a plain deduplication's keys expire by
    // their event time, their files saying Long.MAX_VALUE (NO_EXPIRY), and writing or moving a
    // constant per key costs an array's worth of memory traffic.
    private long[] expiresAt;
    private long[] addedInBatch = new long[16];
    // Keys evicted but still in the index, and how many.
    private boolean[] evicted = new boolean[16];
    private int evictedCount;
    private int[] selected = new int[ColumnarBatch.INITIAL_CAPACITY];
    // One block of keys looked up together, so that their cache misses overlap (GroupIndex.touch).
    private final long[] blockKeys;
    private final int[] blockHashes = new int[LOOKAHEAD];
    private final int[] blockRows = new int[LOOKAHEAD];
    private final KeyRepeats repeats = new KeyRepeats();
    private ColumnarBatch output;
    private final int operatorId;
    private long late;
    private long added;
    private long duplicates;
    private long lastDuplicates;

    /** @param operatorId the deduplication's, whose watermarks it takes from each batch's context */
    DeduplicationPartition(int operatorId, DeduplicationSpec spec) {
        this.operatorId = operatorId;
        this.spec = spec;
        this.layout = new GroupKeyLayout(spec.keys().get(), spec.watermarkKeyPosition());
        this.keys = new GroupIndex(layout.width(), 16, SLOTS_PER_KEY);
        this.evicts = spec.withinWatermark() || layout.hasWatermarkKey();
        this.expiresAt = new long[spec.withinWatermark() ? addedInBatch.length : 0];
        this.blockKeys = new long[LOOKAHEAD * layout.width()];
        // Grows to the chunks it emits: a partition of a quiet stream holds a few rows, not a full chunk.
        this.output = ColumnarBatch.allocate(spec.input(), ColumnarBatch.INITIAL_CAPACITY);
    }

    @Override
    public long rows() {
        return keys.size() - evictedCount;
    }

    /** The rows the last batch dropped as duplicates. */
    long lastDuplicates() {
        return lastDuplicates;
    }

    /** Where a partition puts rows whose keys are new: {@code selection[0, count)} of {@code rows}, at most a chunk. */
    @FunctionalInterface
    interface NewRows {
        void take(ColumnarBatch rows, int[] selection, int count);
    }

    /**
     * Deduplicates {@code rows} (one slot's rows of this partition, in arrival order: a whole
     * batch's, or one chunk as it comes) against the keys seen, handing the rows with new keys to
     * {@code newRows}; returns how many keys it added.
     */
    int process(ColumnarBatch rows, long stamp, BatchContext context, NewRows newRows) {
        int size = rows.size();
        if (size == 0) {
            return 0;
        }
        if (selected.length < Math.min(size, ColumnarBatch.CHUNK_SIZE)) {
            selected = new int[ColumnarBatch.capacityFor(Math.min(size, ColumnarBatch.CHUNK_SIZE))];
        }
        layout.evaluateKeys(rows, context);
        layout.markRepeats(repeats, size);
        LongVector times = spec.eventTimeColumn() < 0 ? null : (LongVector) rows.column(spec.eventTimeColumn());
        long lateBefore = context.watermarkForLateRowsMicros(operatorId);
        int kept = 0;
        int emitted = 0;
        int width = layout.width();
        for (int from = 0; from < size; from += LOOKAHEAD) {
            int count = selectRows(from, Math.min(size, from + LOOKAHEAD), times, lateBefore);
            layout.encodeAll(blockRows, count, blockKeys);
            GroupIndex.hashAll(width, blockKeys, count, blockHashes);
            keys.touch(blockHashes, count);
            for (int i = 0; i < count; i++) {
                int row = blockRows[i];
                int known = keys.size();
                int key = keys.findOrInsert(blockKeys, i * width, blockHashes[i]);
                if (key < known && !evicted[key]) {
                    duplicates++;
                    continue;
                }
                hold(key);
                if (spec.withinWatermark()) {
                    boolean timed = times != null && !times.isNull(row);
                    expiresAt[key] = timed ? times.values()[row] + spec.expiryDelayMicros() : NO_EXPIRY;
                }
                addedInBatch[key] = stamp;
                noteClosing(key);
                selected[kept++] = row;
                // A full chunk goes out at once, while its rows are still in cache.
                if (kept == ColumnarBatch.CHUNK_SIZE) {
                    newRows.take(rows, selected, kept);
                    emitted += kept;
                    kept = 0;
                }
            }
        }
        if (kept > 0) {
            newRows.take(rows, selected, kept);
        }
        added += emitted + kept;
        return emitted + kept;
    }

    /** Notes when held key {@code key} closes, for {@link #finish} to find it. */
    private void noteClosing(int key) {
        if (evicts) {
            closings.add(key, closingTime(key));
        }
    }

    /** When key {@code key} leaves the state: its expiry within the watermark, else its event time. */
    private long closingTime(int key) {
        return spec.withinWatermark() ? expiresAt[key] : layout.closingTime(keys, key);
    }

    /** Makes room for key {@code key}'s values, or takes back an evicted key seen again. */
    private void hold(int key) {
        if (key >= addedInBatch.length) {
            int capacity = Math.max(key + 1, addedInBatch.length * 2);
            if (spec.withinWatermark()) {
                expiresAt = Arrays.copyOf(expiresAt, capacity);
            }
            addedInBatch = Arrays.copyOf(addedInBatch, capacity);
            evicted = Arrays.copyOf(evicted, capacity);
        } else if (evicted[key]) {
            evicted[key] = false;
            evictedCount--;
        }
    }

    /**
     * Puts the rows of {@code [from, to)} that are neither late nor repeats in {@code blockRows};
     * returns how many. Late rows are counted and left out. A repeat (a row whose key is that of
     * the row before, which was not late) is counted as a duplicate without being encoded or
     * looked up: that key is held by the time it comes (found or just added), as the
     * aggregation's repeated keys are.
     */
    private int selectRows(int from, int to, LongVector times, long lateBefore) {
        int count = 0;
        int repeated = 0;
        for (int row = from; row < to; row++) {
            boolean isLate = isLate(row, times, lateBefore);
            boolean isRepeat = !isLate && repeats.repeats(row) && !isLate(row - 1, times, lateBefore);
            blockRows[count] = row;
            count += isLate || isRepeat ? 0 : 1;
            repeated += isRepeat ? 1 : 0;
        }
        late += to - from - count - repeated;
        duplicates += repeated;
        return count;
    }

    private static boolean isLate(int row, LongVector times, long lateBefore) {
        return times != null && !times.isNull(row) && times.values()[row] <= lateBefore;
    }

    /** Pushes the rows {@code selection[0, count)} of {@code rows}, at most a chunk, downstream. */
    void emit(ColumnarBatch rows, int[] selection, int count, BatchContext context, Operator downstream) {
        output.ensureCapacity(count);
        for (int c = 0; c < rows.schema().size(); c++) {
            output.column(c).resetNulls();
            output.column(c).gather(rows.column(c), selection, count, 0);
        }
        output.setSize(count);
        downstream.process(output, context);
    }

    /**
     * Ends the batch stamped {@code stamp}: evicts the keys {@code evictBefore} closes and records
     * the batch's figures.
     */
    void finish(long stamp, long evictBefore) {
        int total = keys.size();
        long evictedNow = 0;
        for (int block = 0; evicts && block * EarliestClosings.BLOCK < total; block++) {
            if (closings.reaches(block, evictBefore)) {
                evictedNow += evict(block * EarliestClosings.BLOCK,
                        Math.min(total, (block + 1) * EarliestClosings.BLOCK), block, evictBefore);
            }
        }
        evictedCount += (int) evictedNow;
        if (evictedCount > total - evictedCount) {
            boolean[] keep = new boolean[total];
            Arrays.fill(keep, true);
            evict(keep);
        }
        finished(new StateStats(rows(), added, evictedNow, late, keys.memoryBytes()
                + 9L * addedInBatch.length + 8L * expiresAt.length));
        lastDuplicates = duplicates;
        forgetBatch();
    }

    /**
     * Marks evicted the keys of {@code [from, to)}, block {@code block}, that close at or before
     * {@code evictBefore}; returns how many.
     */
    private long evict(int from, int to, int block, long evictBefore) {
        long evictedNow = 0;
        long earliestLeft = Long.MAX_VALUE;
        for (int key = from; key < to; key++) {
            if (evicted[key]) {
                continue;
            }
            long closes = closingTime(key);
            if (closes <= evictBefore) {
                evicted[key] = true;
                evictedNow++;
                if (durable()) {
                    layout.writeKey(keys, key, delta.removal());
                }
            } else {
                earliestLeft = Math.min(earliestLeft, closes);
            }
        }
        closings.reset(block, earliestLeft);
        return evictedNow;
    }

    /** Drops from the index the keys {@code keep} does not flag and those evicted before. */
    private void evict(boolean[] keep) {
        for (int key = 0; key < keep.length; key++) {
            keep[key] &= !evicted[key];
        }
        int[] survivors = keys.retain(keep);
        for (int i = 0; i < survivors.length; i++) {
            addedInBatch[i] = addedInBatch[survivors[i]];
        }
        if (spec.withinWatermark()) {
            for (int i = 0; i < survivors.length; i++) {
                expiresAt[i] = expiresAt[survivors[i]];
            }
        }
        // Ids past the survivors are stamped again when taken (hold); only evicted flags are read before that.
        Arrays.fill(evicted, 0, keep.length, false);
        evictedCount = 0;
        closings.clear();
        for (int key = 0; key < survivors.length; key++) {
            noteClosing(key);
        }
    }

    /**
     * Every key held, ordered by key, as Spark's deduplication keeps it: the key columns, and as
     * value {@code {__dummy__: null}}, or within the watermark {@code {expiresAtMicros}}.
     */
    StateEntries entries() {
        List<Field> keyFields = new ArrayList<>();
        for (int column : spec.keyColumns()) {
            keyFields.add(spec.input().field(column));
        }
        Schema keySchema = new Schema(keyFields);
        Field valueField = spec.withinWatermark() ? new Field("expiresAtMicros", AtomicType.LONG, false)
                : new Field("__dummy__", AtomicType.NULL, true);
        Schema valueSchema = Schema.of(valueField);
        Integer[] order = new Integer[(int) rows()];
        for (int key = 0, held = 0; key < keys.size(); key++) {
            if (!evicted[key]) {
                order[held++] = key;
            }
        }
        Arrays.sort(order, (a, b) -> layout.compareGroups(keys, a, b));
        ColumnarBatch decoded = ColumnarBatch.allocate(keySchema, Math.max(1, order.length));
        for (int row = 0; row < order.length; row++) {
            for (int k = 0; k < keyFields.size(); k++) {
                layout.decodeKey(keys, order[row], k, decoded.column(k), row);
            }
        }
        decoded.setSize(order.length);
        List<Row> keyRows = decoded.toRows();
        List<StateEntries.Entry> entries = new ArrayList<>(order.length);
        for (int row = 0; row < order.length; row++) {
            Object value = spec.withinWatermark() ? expiresAt[order[row]] : null;
            entries.add(new StateEntries.Entry(keyRows.get(row), new Row(valueSchema, new Object[] {value})));
        }
        return new StateEntries(new StructType(keyFields), new StructType(List.of(valueField)), entries);
    }

    @Override
    protected void clear() {
        evict(new boolean[keys.size()]);
        delta.clear();
        forgetBatch();
    }

    /** The keys evicted since the last commit, then those the batch stamped {@code stamp} added. */
    @Override
    protected void writeDelta(StateBuffer out, long stamp) {
        delta.write(out, keys.size(), key -> addedInBatch[key] == stamp && !evicted[key], this::writeKey);
    }

    @Override
    protected void writeSnapshot(StateBuffer out) {
        KeyedDelta.writeSnapshot(out, keys.size(), key -> !evicted[key], this::writeKey);
    }

    @Override
    protected void forgetBatch() {
        late = 0;
        added = 0;
        duplicates = 0;
    }

    private void writeKey(int key, StateBuffer out) {
        layout.writeKey(keys, key, out);
        out.writeLong(spec.withinWatermark() ? expiresAt[key] : NO_EXPIRY);
    }

    @Override
    protected void readDelta(DataInput in) throws IOException {
        KeyedDelta.read(in, (removals, count) -> evict(layout.keepAllBut(removals, count, keys)), this::readKey);
    }

    private void readKey(DataInput in) throws IOException {
        layout.readKey(in);
        int key = keys.findOrInsert(layout.probe());
        hold(key);
        long expiry = in.readLong();
        if (spec.withinWatermark()) {
            expiresAt[key] = expiry;
        }
        addedInBatch[key] = 0;
        noteClosing(key);
    }
}
