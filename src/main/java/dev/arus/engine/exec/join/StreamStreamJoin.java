package dev.arus.engine.exec.join;

import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import dev.arus.engine.exec.RowsByPartition;
import java.util.List;
import java.util.function.Supplier;

/**
 * Spark's stream-stream join ({@code StreamingSymmetricHashJoinExec}, operator
 * {@code symmetricHashJoin}): each task slot hands each side's rows to the state partition
 * their key belongs to ({@link RowsByPartition}); each partition joins them with the other side's
 * stored rows and keeps them until the watermark shows they can match no more
 * ({@link JoinPartition}).
 */
public final class StreamStreamJoin extends PartitionedStatefulOperator<JoinPartition> {

    /** Spark's {@code StreamingSymmetricHashJoinExec.shortName}. */
    public static final String NAME = "symmetricHashJoin";
    /** Spark keeps a side in two stores (key to count, key and index to row): four per partition. */
    private static final int STORES_PER_PARTITION = 4;

    private final RowsByPartition[][] inputs;
    private final boolean evicts;

    /**
     * @param slotSpecs the join as each task slot binds it, one per slot
     * @param binding   a fresh binding of the join, for each state partition
     */
    public StreamStreamJoin(int operatorId, int partitionCount, List<StreamJoinSpec> slotSpecs,
                            Supplier<StreamJoinSpec> binding, int maxStateRows) {
        super(operatorId, NAME, maxStateRows, partitionCount, () -> new JoinPartition(binding.get()));
        this.inputs = new RowsByPartition[slotSpecs.size()][2];
        for (int s = 0; s < slotSpecs.size(); s++) {
            StreamJoinSpec spec = slotSpecs.get(s);
            inputs[s][JoinPartition.LEFT] = new RowsByPartition(spec.left().schema(),
                    RowsByPartition.Keys.evaluated(spec.left().keys()), partitionCount);
            inputs[s][JoinPartition.RIGHT] = new RowsByPartition(spec.right().schema(),
                    RowsByPartition.Keys.evaluated(spec.right().keys()), partitionCount);
        }
        StreamJoinSpec spec = slotSpecs.get(0);
        this.evicts = spec.left().bound().evicts() || spec.right().bound().evicts();
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
    protected void process(JoinPartition state, int partition, BatchContext context, Operator downstream) {
        long before = state.rows();
        for (int side = JoinPartition.LEFT; side <= JoinPartition.RIGHT; side++) {
            for (RowsByPartition[] slot : inputs) {
                state.process(side, slot[side].rowsOf(partition), context, downstream);
            }
        }
        state.finish(context, downstream);
        countStateRows(state.rows() - before);
    }

    @Override
    protected void clearInputs() {
        for (RowsByPartition[] slot : inputs) {
            slot[JoinPartition.LEFT].clear();
            slot[JoinPartition.RIGHT].clear();
        }
    }

    @Override
    protected long stateStoreInstances() {
        return (long) STORES_PER_PARTITION * numPartitions();
    }

    /** Spark's join asks for a no-data batch when the watermark moved and a side's state can be evicted. */
    @Override
    public boolean runsNoDataBatches() {
        return evicts;
    }

    @Override
    protected String stateRowsExceededMessage(int maxStateRows) {
        return "The join's state would hold more than " + maxStateRows + " rows, the limit of this session. Add "
                + "watermarks and a time-range condition so that rows that can no longer match are evicted, or raise "
                + "the limit.";
    }
}
