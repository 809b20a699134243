package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.SlotInput;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.aggregate.AggregateCall;
import dev.arus.engine.expr.window.GroupingKey;
import dev.arus.engine.state.GroupIndex;
import dev.arus.engine.streaming.ArusException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * One task slot's part of a streaming aggregation in one batch, Spark's partial aggregate before
 * the exchange: the rows the slot was given, folded into groups of its own. A group is late when
 * its closing time is not after the previous batch's watermark; its rows are only counted. Each
 * group is filed under the state partition its key belongs to, where the partitions merge it.
 * Emptied after every batch; used by one thread at a time.
 */
final class PartialAggregation implements SlotInput {

    private final int operatorId;
    private final GroupKeyLayout layout;
    private final AggregateCall[] aggregates;
    private final Accumulator[] accumulators;
    private final ColumnVector[][] aggregateInputs;
    private final GroupIndex groups;
    private final int partitions;
    private final int maxGroups;
    private final Supplier<ArusException> tooManyGroups;
    private final KeyRepeats repeats = new KeyRepeats();

    private boolean[] late = new boolean[16];
    private int[][] members;
    private int[] memberCounts;
    private int[] groupIds = new int[ColumnarBatch.INITIAL_CAPACITY];
    private long lateInputRows;

    /**
     * @param operatorId    the aggregation's, whose watermarks it takes from each batch's context
     * @param dropsLateRows whether groups closed by the previous batch's watermark are late, not folded in
     */
    PartialAggregation(int operatorId, AggregationSpec spec, boolean dropsLateRows, int partitions, int maxGroups,
                       Supplier<ArusException> tooManyGroups) {
        this.operatorId = operatorId;
        this.layout = new GroupKeyLayout(spec.keys(), dropsLateRows ? spec.watermarkKeyPosition() : -1);
        this.aggregates = spec.aggregates().toArray(AggregateCall[]::new);
        this.accumulators = Accumulator.forCalls(spec.aggregates());
        this.aggregateInputs = new ColumnVector[aggregates.length][];
        for (int a = 0; a < aggregates.length; a++) {
            aggregateInputs[a] = new ColumnVector[aggregates[a].inputs().size()];
        }
        this.groups = new GroupIndex(layout.width());
        this.partitions = partitions;
        this.maxGroups = maxGroups;
        this.tooManyGroups = tooManyGroups;
        this.members = new int[partitions][16];
        this.memberCounts = new int[partitions];
    }

    GroupKeyLayout layout() {
        return layout;
    }

    GroupIndex groups() {
        return groups;
    }

    Accumulator accumulator(int index) {
        return accumulators[index];
    }

    boolean isLate(int group) {
        return late[group];
    }

    /** The groups of state partition {@code partition}, in the order they arrived: {@code [0, count)}. */
    int[] membersOf(int partition) {
        return members[partition];
    }

    int memberCount(int partition) {
        return memberCounts[partition];
    }

    long lateInputRows() {
        return lateInputRows;
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        int size = chunk.size();
        if (groupIds.length < size) {
            groupIds = new int[ColumnarBatch.capacityFor(size)];
        }
        layout.evaluateKeys(chunk, context);
        for (int a = 0; a < aggregates.length; a++) {
            List<BoundExpression> inputs = aggregates[a].inputs();
            for (int i = 0; i < inputs.size(); i++) {
                aggregateInputs[a][i] = inputs.get(i).evaluate(chunk, context.evaluation());
            }
        }
        if (!layout.isWindowOnly()) {
            layout.markRepeats(repeats, size);
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
        long lateBefore = context.watermarkForLateRowsMicros(operatorId);
        // The rows repeating the key of the row before (a visitor's clicks come together) take
        // its group, or its lateness, without a lookup of their own.
        for (int row = 0; row < size; ) {
            int runEnd = repeats.runEnd(row, size);
            int group = -1;
            if (layout.encode(row, window)) {
                group = lookup(probe, layout.hasWatermarkKey() && layout.closingTime() <= lateBefore);
                lateInputRows += group < 0 ? runEnd - row - 1 : 0;
            }
            Arrays.fill(groupIds, row, runEnd, group);
            row = runEnd;
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
        long lateBefore = layout.hasWatermarkKey() ? context.watermarkForLateRowsMicros(operatorId) : Long.MIN_VALUE;
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
                cachedGroup = lookup(probe, start + windowSize <= lateBefore);
                cachedStart = start;
                groupIds[row] = cachedGroup;
            }
        }
    }

    /** The group of the key in {@code probe}, or -1 when it is late (its rows counted, not folded). */
    private int lookup(long[] probe, boolean lateKey) {
        int before = groups.size();
        int group = probe.length == 1 ? groups.findOrInsert(probe[0]) : groups.findOrInsert(probe);
        if (group == before) {
            file(group, lateKey);
        }
        if (late[group]) {
            lateInputRows++;
            return -1;
        }
        return group;
    }

    private void file(int group, boolean lateKey) {
        if (group >= maxGroups) {
            throw tooManyGroups.get();
        }
        if (group >= late.length) {
            int capacity = Math.max(group + 1, late.length * 2);
            late = Arrays.copyOf(late, capacity);
            for (Accumulator accumulator : accumulators) {
                accumulator.ensureGroups(capacity);
            }
        }
        late[group] = lateKey;
        int partition = layout.partitionOf(groups, group, partitions);
        int count = memberCounts[partition];
        if (count == members[partition].length) {
            members[partition] = Arrays.copyOf(members[partition], count * 2);
        }
        members[partition][count] = group;
        memberCounts[partition] = count + 1;
    }

    /** Forgets the batch's groups, keeping the room made for them. */
    @Override
    public void clear() {
        groups.clear();
        for (Accumulator accumulator : accumulators) {
            accumulator.clear();
        }
        Arrays.fill(memberCounts, 0);
        lateInputRows = 0;
    }
}
