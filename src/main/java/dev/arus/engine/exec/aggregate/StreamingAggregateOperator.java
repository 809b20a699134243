package dev.arus.engine.exec.aggregate;

import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.expr.AggregateCall;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.GroupingKey;
import dev.arus.engine.state.GroupIndex;
import dev.arus.engine.state.StateBuffer;
import dev.arus.engine.state.StateStore;
import dev.arus.engine.streaming.ArusException;
import java.io.DataInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A grouped aggregation whose groups live across batches, as Spark's streaming aggregation
 * (partial aggregate, state restore, state save). A group is keyed by its window start (if it
 * groups by a window) and its other key values, encoded as a tuple of longs.
 *
 * <p>The watermark key is the grouping key that carries the event-time watermark: its window's
 * end (or its value) says when a group is closed. Per batch: rows of groups closed by the
 * previous batch's watermark are dropped as late; the rest update their groups; then, by the
 * output mode, {@code APPEND} emits and evicts groups closed by this batch's watermark,
 * {@code UPDATE} emits every group it changed (one that this batch's watermark closes too: it was
 * not late by the previous one) and then evicts closed ones, {@code COMPLETE} emits every group
 * and evicts none. Rows are emitted ordered by key (Spark's order is its hash maps' order).
 *
 * <p>The groups are versioned through a {@link StateStore}: after each batch the runner calls
 * {@link #commitState}, which hands the store a delta (the keys evicted by the batch, then the
 * groups it changed with their running values) when the store is durable. The per-row path only
 * stamps changed group ids in a {@code long[]}; the delta is written once per batch.
 */
public final class StreamingAggregateOperator implements Operator {

    private final OutputMode mode;
    private final GroupKeyLayout layout;
    private final AggregateCall[] aggregates;
    private final Accumulator[] accumulators;
    private final Schema outputSchema;
    private final Operator downstream;

    private final GroupIndex groups;
    private final GroupIndex lateGroups;
    private long[] updatedInBatch = new long[16];
    private int[] groupIds = new int[ColumnarBatch.CHUNK_SIZE];
    private final ColumnVector[] aggregateInputs;
    private long lateInputRows;
    private AggregateStats lastStats = new AggregateStats(0, 0, 0, 0, 0, 0);
    private StateStore store = StateStore.inMemory();
    private final StateBuffer removals = new StateBuffer();
    private int removalCount;
    private final StateBuffer delta = new StateBuffer();
    private int maxStateRows = Integer.MAX_VALUE;

    public StreamingAggregateOperator(List<GroupingKey> keys, List<AggregateCall> aggregates, OutputMode mode,
                                      int watermarkKeyPosition, Schema outputSchema, Operator downstream) {
        this.mode = mode;
        this.layout = new GroupKeyLayout(keys, mode == OutputMode.COMPLETE ? -1 : watermarkKeyPosition);
        this.aggregates = aggregates.toArray(AggregateCall[]::new);
        this.accumulators = aggregates.stream().map(StreamingAggregateOperator::accumulatorFor)
                .toArray(Accumulator[]::new);
        this.aggregateInputs = new ColumnVector[this.aggregates.length];
        this.outputSchema = outputSchema;
        this.downstream = downstream;
        this.groups = new GroupIndex(layout.width());
        this.lateGroups = new GroupIndex(layout.width());
    }

    private static Accumulator accumulatorFor(AggregateCall call) {
        return switch (call.function()) {
            case COUNT -> new CountAccumulator();
            case SUM -> call.resultType().isLongBacked() ? new LongSumAccumulator() : new DoubleSumAccumulator(false);
            case AVG -> new DoubleSumAccumulator(true);
            case MIN -> new ExtremumAccumulator(false, ColumnVector.allocate(call.resultType(), 16));
            case MAX -> new ExtremumAccumulator(true, ColumnVector.allocate(call.resultType(), 16));
        };
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        int size = chunk.size();
        if (groupIds.length < size) {
            groupIds = new int[size];
        }
        layout.evaluateKeys(chunk, context);
        for (int a = 0; a < aggregates.length; a++) {
            BoundExpression argument = aggregates[a].argument();
            aggregateInputs[a] = argument == null ? null : argument.evaluate(chunk, context.evaluation());
        }
        for (int window = 0; window < layout.windowsPerRow(); window++) {
            if (layout.isWindowOnly()) {
                assignWindowGroups(window, size, context);
            } else {
                assignGroups(window, size, context);
            }
            for (int a = 0; a < accumulators.length; a++) {
                accumulators[a].update(groupIds, aggregateInputs[a], size);
            }
        }
    }

    /** Fills {@link #groupIds} for the {@code window}-th window of each row; -1 for rows it skips. */
    private void assignGroups(int window, int size, BatchContext context) {
        long[] probe = layout.probe();
        // Neighbouring rows mostly share a key, so a one-long key remembers the last lookup (a
        // group id, or -1 for a late group) and skips the hash probe while the key repeats.
        boolean singleLong = layout.width() == 1;
        boolean cached = false;
        long cachedKey = 0;
        int cachedGroup = 0;
        for (int row = 0; row < size; row++) {
            if (!layout.encode(row, window)) {
                groupIds[row] = -1;
                continue;
            }
            if (cached && probe[0] == cachedKey) {
                lateInputRows += cachedGroup < 0 ? 1 : 0;
                groupIds[row] = cachedGroup;
                continue;
            }
            int group = lookup(probe, layout.hasWatermarkKey() && layout.closingTime() <= context.watermarkForLateRowsMicros(),
                    context);
            groupIds[row] = group;
            if (singleLong) {
                cached = true;
                cachedKey = probe[0];
                cachedGroup = group;
            }
        }
    }

    /**
     * {@link #assignGroups} for the commonest key, a window alone: the same steps with the
     * window arithmetic inlined, which is where a large batch spends its time.
     */
    private void assignWindowGroups(int window, int size, BatchContext context) {
        GroupingKey.WindowKey key = layout.window();
        LongVector timeVector = layout.times();
        long[] times = timeVector.values();
        boolean timeNulls = timeVector.hasNulls();
        long windowSize = key.sizeMicros();
        long slide = key.slideMicros();
        long back = window * slide;
        long lateBefore = layout.hasWatermarkKey() ? context.watermarkForLateRowsMicros() : Long.MIN_VALUE;
        long[] probe = layout.probe();
        long latestFrom = Long.MAX_VALUE;
        long latestUntil = Long.MIN_VALUE;
        long cachedStart = Long.MIN_VALUE;
        int cachedGroup = -1;
        for (int row = 0; row < size; row++) {
            if (timeNulls && timeVector.isNull(row)) {
                groupIds[row] = -1;
                continue;
            }
            long time = times[row];
            if (time < latestFrom || time >= latestUntil) {
                latestFrom = key.latestWindowStart(time);
                latestUntil = latestFrom + slide;
            }
            long start = latestFrom - back;
            if (start + windowSize <= time) {
                groupIds[row] = -1;
            } else if (start == cachedStart) {
                lateInputRows += cachedGroup < 0 ? 1 : 0;
                groupIds[row] = cachedGroup;
            } else {
                probe[0] = start;
                cachedGroup = lookup(probe, start + windowSize <= lateBefore, context);
                cachedStart = start;
                groupIds[row] = cachedGroup;
            }
        }
    }

    /** The group of the key in {@code probe}, or -1 when it is late (counted, not stored). */
    private int lookup(long[] probe, boolean late, BatchContext context) {
        if (late) {
            lateGroups.findOrInsert(probe);
            lateInputRows++;
            return -1;
        }
        int group = probe.length == 1 ? groups.findOrInsert(probe[0]) : groups.findOrInsert(probe);
        if (group >= maxStateRows) {
            throw stateRowsExceeded();
        }
        if (group >= updatedInBatch.length) {
            growGroupArrays(group + 1);
        }
        updatedInBatch[group] = context.batchId() + 1;
        return group;
    }

    private void growGroupArrays(int needed) {
        int capacity = Math.max(needed, updatedInBatch.length * 2);
        updatedInBatch = Arrays.copyOf(updatedInBatch, capacity);
        for (Accumulator accumulator : accumulators) {
            accumulator.ensureGroups(capacity);
        }
    }

    @Override
    public void finishBatch(BatchContext context) {
        long stamp = context.batchId() + 1;
        long evictBefore = context.watermarkForEvictionMicros();
        int total = groups.size();
        boolean[] keep = new boolean[total];
        List<Integer> emitted = new ArrayList<>();
        long updated = 0;
        long removed = 0;
        for (int group = 0; group < total; group++) {
            boolean closed = layout.hasWatermarkKey() && layout.closingTime(groups, group) <= evictBefore;
            boolean changed = updatedInBatch[group] == stamp;
            keep[group] = !closed;
            updated += changed ? 1 : 0;
            removed += closed ? 1 : 0;
            // Spark's StateStoreSaveExec: update mode emits (and stores) every group this batch
            // changed, closed or not; closed groups are removed after, in its close().
            boolean emit = switch (mode) {
                case APPEND -> closed;
                case UPDATE -> changed;
                case COMPLETE -> true;
            };
            if (emit) {
                emitted.add(group);
            }
        }
        ColumnarBatch output = materialize(emitted);
        if (removed > 0) {
            if (store.durable()) {
                for (int group = 0; group < total; group++) {
                    if (!keep[group]) {
                        layout.writeKey(groups, group, removals);
                        removalCount++;
                    }
                }
            }
            evict(keep);
        }
        long memory = groups.memoryBytes() + Arrays.stream(accumulators).mapToLong(Accumulator::memoryBytes).sum();
        lastStats = new AggregateStats(groups.size(), updated, removed, lateGroups.size(), lateInputRows, memory);
        lateGroups.clear();
        lateInputRows = 0;
        if (output.size() > 0) {
            downstream.process(output, context);
        }
        downstream.finishBatch(context);
    }

    private void evict(boolean[] keep) {
        int[] survivors = groups.retain(keep);
        for (Accumulator accumulator : accumulators) {
            accumulator.retain(survivors, survivors.length);
        }
        for (int i = 0; i < survivors.length; i++) {
            updatedInBatch[i] = updatedInBatch[survivors[i]];
        }
        Arrays.fill(updatedInBatch, survivors.length, updatedInBatch.length, 0);
    }

    private ColumnarBatch materialize(List<Integer> emitted) {
        Integer[] order = emitted.toArray(Integer[]::new);
        Arrays.sort(order, (a, b) -> layout.compareGroups(groups, a, b));
        ColumnarBatch output = ColumnarBatch.allocate(outputSchema, Math.max(order.length, 1));
        int keyCount = layout.keyCount();
        for (int row = 0; row < order.length; row++) {
            int group = order[row];
            for (int k = 0; k < keyCount; k++) {
                layout.decodeKey(groups, group, k, output.column(k), row);
            }
            for (int a = 0; a < accumulators.length; a++) {
                accumulators[a].writeResult(group, output.column(keyCount + a), row);
            }
        }
        output.setSize(order.length);
        return output;
    }

    /**
     * Fails the batch (and so the query) once the state would hold more than {@code limit} groups,
     * rather than letting one query's state grow until the JVM runs out of memory. Checked only
     * when a group is inserted; call before the first batch.
     */
    public void limitStateRows(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("the state row limit must be at least 1, was " + limit);
        }
        this.maxStateRows = limit;
    }

    private ArusException stateRowsExceeded() {
        return new ArusException("STATE_ROWS_LIMIT_EXCEEDED", "[STATE_ROWS_LIMIT_EXCEEDED] The aggregation's state would hold more than "
                + maxStateRows + " rows (groups), the limit of this session. Add a watermark so that closed windows "
                + "are evicted, group by fewer distinct keys, or raise the limit.");
    }

    /** Keeps this operator's state in {@code stateStore} from now on; call before the first batch. */
    public void useStore(StateStore stateStore) {
        this.store = stateStore;
    }

    /**
     * Commits the groups as they are after batch {@code batchId}: the next state version, which
     * this returns. Called by the runner after {@link #finishBatch}, before the sink.
     */
    public long commitState(long batchId) {
        if (!store.durable()) {
            return store.commit(null, null, batchId);
        }
        long stamp = batchId + 1;
        delta.reset();
        delta.writeInt(removalCount);
        delta.write(removals.array(), 0, removals.size());
        int total = groups.size();
        int changed = 0;
        for (int group = 0; group < total; group++) {
            changed += updatedInBatch[group] == stamp ? 1 : 0;
        }
        delta.writeInt(changed);
        for (int group = 0; group < total; group++) {
            if (updatedInBatch[group] == stamp) {
                writeGroup(group, delta);
            }
        }
        removals.reset();
        removalCount = 0;
        return store.commit(delta, this::writeSnapshot, batchId);
    }

    /** Forgets a failed batch's changes: the groups go back to the last committed version. */
    public void abortState() {
        store.abort();
        removals.reset();
        removalCount = 0;
        if (store.durable()) {
            loadState(store.version());
        }
    }

    /** Replaces the groups by state version {@code version} of the store. */
    public void loadState(long version) {
        evict(new boolean[groups.size()]);
        store.load(version, this::applyDelta);
    }

    private void writeSnapshot(StateBuffer out) {
        out.writeInt(0);
        out.writeInt(groups.size());
        for (int group = 0; group < groups.size(); group++) {
            writeGroup(group, out);
        }
    }

    private void writeGroup(int group, StateBuffer out) {
        layout.writeKey(groups, group, out);
        for (Accumulator accumulator : accumulators) {
            accumulator.write(group, out);
        }
    }

    private void applyDelta(DataInput in) throws IOException {
        int removed = in.readInt();
        if (removed > 0) {
            boolean[] keep = new boolean[groups.size()];
            Arrays.fill(keep, true);
            for (int i = 0; i < removed; i++) {
                layout.readKey(in);
                int group = groups.find(layout.probe());
                if (group >= 0) {
                    keep[group] = false;
                }
            }
            evict(keep);
        }
        int upserts = in.readInt();
        for (int i = 0; i < upserts; i++) {
            layout.readKey(in);
            int group = groups.findOrInsert(layout.probe());
            if (group >= updatedInBatch.length) {
                growGroupArrays(group + 1);
            }
            updatedInBatch[group] = 0;
            for (Accumulator accumulator : accumulators) {
                accumulator.read(group, in);
            }
        }
    }

    /** The state after the last finished batch. */
    public AggregateStats lastStats() {
        return lastStats;
    }
}
