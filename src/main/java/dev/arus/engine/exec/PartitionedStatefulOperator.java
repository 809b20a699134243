package dev.arus.engine.exec;

import dev.arus.engine.state.StateStore;
import dev.arus.engine.state.StateStores;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The skeleton every stateful operator shares, as Flink's {@code AbstractStreamOperator} holds
 * what every operator does: the state split over partitions of type {@code P}, each versioned in
 * a store of its own, and fed by inputs of type {@code I}, one per task slot and side. It
 * restores, commits and aborts every partition, empties the inputs after each batch, sums the
 * partitions' figures of each batch into the operator's progress, and holds the operator's
 * {@link StateRowLimit}. An operator writes only its partition logic: {@link #process} runs one
 * partition's share of a batch (partitions run in parallel, each on one task slot), taking its
 * rows from the slots' inputs, and reports the rows its state gains to {@link #countStateRows}.
 */
public abstract class PartitionedStatefulOperator<P extends StatePartition, I extends SlotInput>
        implements StatefulOperator {

    private final int operatorId;
    private final String name;
    private final StateRowLimit limit;
    private final List<P> partitions;
    private final Supplier<P> newPartition;
    private final List<List<I>> sides;
    private final AtomicLong stateRows = new AtomicLong();
    private StateOperatorProgress progress;
    private boolean sampledBySort;

    /**
     * @param name       Spark's short name of the operator, reported as {@code operatorName} in progress
     * @param partitions   how many state partitions
     * @param newPartition makes an empty partition: one of each for the run, and more for readers of its state
     * @param sides        the inputs of each side (one but for a join: left, then right), one per task slot
     */
    protected PartitionedStatefulOperator(int operatorId, String name, StateRowLimit limit, int partitions,
                                          Supplier<P> newPartition, List<List<I>> sides) {
        this.operatorId = operatorId;
        this.name = name;
        this.limit = limit;
        this.newPartition = newPartition;
        this.partitions = Stream.generate(newPartition).limit(partitions).toList();
        this.sides = sides.stream().map(List::copyOf).toList();
    }

    /**
     * Runs partition {@code partition}'s share of the batch on the calling task slot: takes its
     * rows from every slot's input, updates {@code state}, evicts what the watermark closes and
     * pushes what it emits to {@code downstream}.
     */
    protected abstract void process(P state, int partition, BatchContext context, Operator downstream);

    /**
     * What {@code state}, a partition of a reader of the state, holds, as Spark's
     * {@code statestore} reader shows it; {@code part} as {@link #readState} has it.
     */
    protected abstract StateEntries entries(P state, String part);

    /** The operator's own figures of the last batch, for progress (read before the inputs are emptied); none by default. */
    protected Map<String, Long> customMetrics() {
        return Map.of();
    }

    /** How many state stores Spark's operator keeps for these partitions; one per partition by default. */
    protected long stateStoreInstances() {
        return partitions.size();
    }

    @Override
    public final int operatorId() {
        return operatorId;
    }

    @Override
    public final int numPartitions() {
        return partitions.size();
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final StateEntries readState(StateStore store, long version, String part) {
        P reader = newPartition.get();
        reader.load(store, version);
        return entries(reader, part);
    }

    @Override
    public final long readRowCount(StateStore store, long version) {
        P reader = newPartition.get();
        reader.load(store, version);
        return reader.rows();
    }

    /** The partitions, in order: the operator's own figures may sum them. */
    protected final List<P> partitions() {
        return partitions;
    }

    /** Where task slot {@code slot} pushes the rows of side {@code side}: 0 for an operator of one input. */
    public final Operator input(int slot, int side) {
        return sides.get(side).get(slot);
    }

    /** The inputs of side {@code side}, in slot order: the order in which a partition takes them. */
    protected final List<I> inputs(int side) {
        return sides.get(side);
    }

    @Override
    public final void restore(StateStores stores, long version) {
        long rows = 0;
        for (int p = 0; p < partitions.size(); p++) {
            partitions.get(p).load(stores.open(operatorId, p), version);
            rows += partitions.get(p).rows();
        }
        stateRows.set(rows);
    }

    @Override
    public final void runPartition(int partition, BatchContext context, Operator downstream) {
        process(partitions.get(partition), partition, context, downstream);
    }

    @Override
    public final void commitPartition(int partition, long batchId) {
        partitions.get(partition).commit(batchId);
    }

    /**
     * This operator's output is what a query sorts: its figures are counted as often as Spark runs
     * each partition before its global sort ({@link RangeSampling}).
     */
    public final void feedGlobalSort() {
        sampledBySort = true;
    }

    @Override
    public final void finishBatch() {
        long total = 0;
        long updated = 0;
        long removed = 0;
        long late = 0;
        long memory = 0;
        int[] runs = sampledBySort ? RangeSampling.runs(partitions.stream()
                .mapToLong(partition -> partition.lastStats().rowsTotal()).toArray()) : null;
        for (int p = 0; p < partitions.size(); p++) {
            StateStats stats = partitions.get(p).lastStats();
            int times = runs == null ? 1 : runs[p];
            total += times * stats.rowsTotal();
            updated += times * stats.rowsUpdated();
            removed += times * stats.rowsRemoved();
            late += times * stats.rowsDroppedByWatermark();
            memory += times * stats.memoryBytes();
        }
        progress = progress(total, updated, removed, late, memory);
        clearInputs();
    }

    @Override
    public final void abort() {
        clearInputs();
        long rows = 0;
        for (P partition : partitions) {
            partition.abort();
            rows += partition.rows();
        }
        stateRows.set(rows);
    }

    private void clearInputs() {
        for (List<I> side : sides) {
            for (I input : side) {
                input.clear();
            }
        }
    }

    @Override
    public final StateOperatorProgress progress() {
        if (progress == null) {
            progress = progress(0, 0, 0, 0, 0);
        }
        return progress;
    }

    private StateOperatorProgress progress(long total, long updated, long removed, long late, long memory) {
        return new StateOperatorProgress(name, total, updated, 0, removed, 0, 0, memory, late, partitions.size(),
                stateStoreInstances(), customMetrics());
    }

    /**
     * Counts the rows a partition's state gained ({@code change} above 0) or lost; fails the
     * batch when it gained and all partitions together would hold more than the limit.
     */
    protected final void countStateRows(long change) {
        if (stateRows.addAndGet(change) > limit.maxRows() && change > 0) {
            throw limit.exceeded();
        }
    }
}
