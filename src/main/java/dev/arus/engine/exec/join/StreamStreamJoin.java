package dev.arus.engine.exec.join;

import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.StateStats;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.state.StateStores;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Spark's stream-stream join ({@code StreamingSymmetricHashJoinExec}, operator
 * {@code symmetricHashJoin}): each task slot hands each side's rows to the state partition
 * their key belongs to ({@link JoinInput}); each partition joins them with the other side's
 * stored rows and keeps them until the watermark shows they can match no more
 * ({@link JoinPartition}). The rows all partitions hold together are limited, so that a join
 * whose state a watermark does not bound cannot grow until the JVM runs out of memory.
 */
public final class StreamStreamJoin implements StatefulOperator {

    /** Spark's {@code StreamingSymmetricHashJoinExec.shortName}. */
    public static final String NAME = "symmetricHashJoin";
    /** Spark keeps a side in two stores (key to count, key and index to row): four per partition. */
    private static final int STORES_PER_PARTITION = 4;

    private final int operatorId;
    private final int maxStateRows;
    private final JoinInput[][] inputs;
    private final JoinPartition[] partitions;
    private final boolean evicts;
    private final AtomicLong stateRows = new AtomicLong();
    private StateOperatorProgress progress;

    /**
     * @param slotSpecs the join as each task slot binds it, one per slot
     * @param binding   a fresh binding of the join, for each state partition
     */
    public StreamStreamJoin(int operatorId, int partitionCount, List<StreamJoinSpec> slotSpecs,
                            Supplier<StreamJoinSpec> binding, int maxStateRows) {
        this.operatorId = operatorId;
        this.maxStateRows = maxStateRows;
        this.inputs = new JoinInput[slotSpecs.size()][2];
        for (int s = 0; s < slotSpecs.size(); s++) {
            StreamJoinSpec spec = slotSpecs.get(s);
            inputs[s][JoinPartition.LEFT] = new JoinInput(spec.left().schema(), spec.left().keys(), partitionCount);
            inputs[s][JoinPartition.RIGHT] = new JoinInput(spec.right().schema(), spec.right().keys(), partitionCount);
        }
        this.partitions = new JoinPartition[partitionCount];
        for (int p = 0; p < partitionCount; p++) {
            partitions[p] = new JoinPartition(binding.get());
        }
        StreamJoinSpec spec = slotSpecs.get(0);
        this.evicts = spec.left().bound().evicts() || spec.right().bound().evicts();
        this.progress = progress(0, 0, 0, 0, 0);
    }

    @Override
    public int operatorId() {
        return operatorId;
    }

    public String operatorName() {
        return NAME;
    }

    @Override
    public int numPartitions() {
        return partitions.length;
    }

    @Override
    public Operator input(int slot) {
        throw new IllegalArgumentException("a join has two inputs: left (0) and right (1)");
    }

    @Override
    public Operator input(int slot, int side) {
        return inputs[slot][side];
    }

    @Override
    public void restore(StateStores stores, long version) {
        long rows = 0;
        for (int p = 0; p < partitions.length; p++) {
            partitions[p].load(stores.open(operatorId, p), version);
            rows += partitions[p].rows();
        }
        stateRows.set(rows);
    }

    @Override
    public void runPartition(int partition, BatchContext context, Operator downstream) {
        JoinPartition state = partitions[partition];
        long before = state.rows();
        for (int side = JoinPartition.LEFT; side <= JoinPartition.RIGHT; side++) {
            for (JoinInput[] slot : inputs) {
                state.process(side, slot[side].rowsOf(partition), context, downstream);
            }
        }
        state.finish(context, downstream);
        if (stateRows.addAndGet(state.rows() - before) > maxStateRows) {
            throw new ArusException("STATE_ROWS_LIMIT_EXCEEDED", "[STATE_ROWS_LIMIT_EXCEEDED] The join's state would "
                    + "hold more than " + maxStateRows + " rows, the limit of this session. Add watermarks and a "
                    + "time-range condition so that rows that can no longer match are evicted, or raise the limit.");
        }
    }

    @Override
    public void commitPartition(int partition, long batchId) {
        partitions[partition].commit(batchId);
    }

    @Override
    public void finishBatch() {
        long total = 0;
        long late = 0;
        long added = 0;
        long removed = 0;
        long memory = 0;
        for (JoinPartition partition : partitions) {
            StateStats stats = partition.lastStats();
            late += stats.rowsDroppedByWatermark();
            added += stats.rowsUpdated();
            removed += stats.rowsRemoved();
            total += stats.rowsTotal();
            memory += stats.memoryBytes();
        }
        for (JoinInput[] slot : inputs) {
            slot[JoinPartition.LEFT].clear();
            slot[JoinPartition.RIGHT].clear();
        }
        progress = progress(total, added, removed, late, memory);
    }

    @Override
    public void abort() {
        for (JoinInput[] slot : inputs) {
            slot[JoinPartition.LEFT].clear();
            slot[JoinPartition.RIGHT].clear();
        }
        long rows = 0;
        for (JoinPartition partition : partitions) {
            partition.abort();
            rows += partition.rows();
        }
        stateRows.set(rows);
    }

    /** Spark's join asks for a no-data batch when the watermark moved and a side's state can be evicted. */
    @Override
    public boolean runsNoDataBatches() {
        return evicts;
    }

    @Override
    public StateOperatorProgress progress() {
        return progress;
    }

    private StateOperatorProgress progress(long total, long added, long removed, long late, long memory) {
        return new StateOperatorProgress(NAME, total, added, 0, removed, 0, 0, memory, late, partitions.length,
                (long) STORES_PER_PARTITION * partitions.length, Map.of());
    }
}
