package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.KeyedDelta;
import dev.arus.engine.exec.StateStats;
import dev.arus.engine.state.GroupIndex;
import dev.arus.engine.state.StateBuffer;
import dev.arus.engine.state.StateStore;
import dev.arus.engine.streaming.OutputMode;
import java.io.DataInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One state partition of a streaming aggregation: the groups whose keys hash to it, kept across
 * batches and versioned in a {@link StateStore} of its own. Per batch it merges its share of every
 * slot's partial groups (counting the late ones, distinct, and folding the others in), then, by
 * the output mode, {@code APPEND} emits and evicts groups closed by this batch's watermark,
 * {@code UPDATE} emits every group it changed (one that this batch's watermark closes too: it was
 * not late by the previous one) and then evicts closed ones, {@code COMPLETE} emits every group
 * and evicts none. Rows are emitted ordered by key (Spark's order is its hash maps' order).
 *
 * <p>{@link #commit} hands the store a delta (the keys evicted by the batch, then the groups it
 * changed with their running values) when the store is durable. Used by one thread at a time.
 */
final class AggregationPartition extends AggregatingPartition {

    private final OutputMode mode;
    private final GroupKeyLayout layout;
    private final Accumulator[] accumulators;
    private final GroupIndex groups;
    private final GroupIndex lateGroups;
    private final KeyedDelta delta = new KeyedDelta();
    private long[] updatedInBatch = new long[16];

    AggregationPartition(AggregationSpec spec, OutputMode mode) {
        this.mode = mode;
        this.layout = new GroupKeyLayout(spec.keys(), mode == OutputMode.COMPLETE ? -1 : spec.watermarkKeyPosition());
        this.accumulators = Accumulator.forCalls(spec.aggregates());
        this.groups = new GroupIndex(layout.width());
        this.lateGroups = new GroupIndex(layout.width());
    }

    @Override
    public long rows() {
        return groups.size();
    }

    /**
     * Merges {@code partial}'s groups of this partition into the state, stamping the changed ones
     * with {@code stamp}; returns how many groups the state gained.
     */
    @Override
    int merge(PartialAggregation partial, int partition, long stamp) {
        int before = groups.size();
        int[] members = partial.membersOf(partition);
        int count = partial.memberCount(partition);
        long[] probe = layout.probe();
        for (int i = 0; i < count; i++) {
            int partialGroup = members[i];
            layout.probeFrom(partial.layout(), partial.groups(), partialGroup);
            if (partial.isLate(partialGroup)) {
                lateGroups.findOrInsert(probe);
                continue;
            }
            int group = groups.findOrInsert(probe);
            if (group >= updatedInBatch.length) {
                growGroupArrays(group + 1);
            }
            updatedInBatch[group] = stamp;
            for (int a = 0; a < accumulators.length; a++) {
                accumulators[a].merge(group, partial.accumulator(a), partialGroup);
            }
        }
        return groups.size() - before;
    }

    private void growGroupArrays(int needed) {
        int capacity = Math.max(needed, updatedInBatch.length * 2);
        updatedInBatch = Arrays.copyOf(updatedInBatch, capacity);
        for (Accumulator accumulator : accumulators) {
            accumulator.ensureGroups(capacity);
        }
    }

    /**
     * Ends the batch stamped {@code stamp}: evicts the groups {@code evictBefore} closes and
     * returns the rows the output mode emits.
     */
    @Override
    ColumnarBatch emit(long stamp, long evictBefore, Schema outputSchema) {
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
        ColumnarBatch output = materialize(emitted, outputSchema);
        if (removed > 0) {
            if (durable()) {
                for (int group = 0; group < total; group++) {
                    if (!keep[group]) {
                        layout.writeKey(groups, group, delta.removal());
                    }
                }
            }
            evict(keep);
        }
        long memory = groups.memoryBytes() + Arrays.stream(accumulators).mapToLong(Accumulator::memoryBytes).sum();
        finished(new StateStats(groups.size(), updated, removed, lateGroups.size(), memory));
        lateGroups.clear();
        return output;
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

    @Override
    Held held(Schema outputSchema) {
        List<Integer> all = new ArrayList<>();
        for (int group = 0; group < groups.size(); group++) {
            all.add(group);
        }
        Integer[] order = sorted(all);
        return new Held(materialize(order, outputSchema), order);
    }

    @Override
    Accumulator[] accumulators() {
        return accumulators;
    }

    private Integer[] sorted(List<Integer> emitted) {
        Integer[] order = emitted.toArray(Integer[]::new);
        Arrays.sort(order, (a, b) -> layout.compareGroups(groups, a, b));
        return order;
    }

    private ColumnarBatch materialize(List<Integer> emitted, Schema outputSchema) {
        return materialize(sorted(emitted), outputSchema);
    }

    private ColumnarBatch materialize(Integer[] order, Schema outputSchema) {
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

    @Override
    protected void clear() {
        evict(new boolean[groups.size()]);
        delta.clear();
    }

    /** The keys evicted since the last commit, then the groups the batch stamped {@code stamp} changed. */
    @Override
    protected void writeDelta(StateBuffer out, long stamp) {
        delta.write(out, groups.size(), group -> updatedInBatch[group] == stamp, this::writeGroup);
    }

    @Override
    protected void writeSnapshot(StateBuffer out) {
        KeyedDelta.writeSnapshot(out, groups.size(), group -> true, this::writeGroup);
    }

    @Override
    protected void forgetBatch() {
        lateGroups.clear();
    }

    private void writeGroup(int group, StateBuffer out) {
        layout.writeKey(groups, group, out);
        for (Accumulator accumulator : accumulators) {
            accumulator.write(group, out);
        }
    }

    @Override
    protected void readDelta(DataInput in) throws IOException {
        KeyedDelta.read(in, (removals, count) -> evict(layout.keepAllBut(removals, count, groups)), this::readGroup);
    }

    private void readGroup(DataInput in) throws IOException {
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
