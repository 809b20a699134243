package dev.arus.engine.exec.join;

import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import dev.arus.engine.exec.RowsByPartition;
import dev.arus.engine.exec.StateEntries;
import dev.arus.engine.exec.StateRowLimit;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Spark's stream-stream join ({@code StreamingSymmetricHashJoinExec}, operator
 * {@code symmetricHashJoin}): each task slot hands each side's rows to the state partition
 * their key belongs to ({@link RowsByPartition}); each partition joins them with the other side's
 * stored rows and keeps them until the watermark shows they can match no more
 * ({@link JoinPartition}).
 */
public final class StreamStreamJoin extends PartitionedStatefulOperator<JoinPartition, RowsByPartition> {

    /** Spark's {@code StreamingSymmetricHashJoinExec.shortName}. */
    public static final String NAME = "symmetricHashJoin";
    /** Spark keeps a side in two stores (key to count, key and index to row): four per partition. */
    private static final int STORES_PER_PARTITION = 4;

    private final boolean evicts;
    /** The order the sides' new rows are joined in: left first, but right first in a left semi join (SPARK-55973). */
    private final int[] sideOrder;
    private final long outputWatermarkShift;

    /**
     * @param slotSpecs the join as each task slot binds it, one per slot
     * @param binding   a fresh binding of the join, for each state partition
     */
    public StreamStreamJoin(int operatorId, int partitionCount, List<StreamJoinSpec> slotSpecs,
                            Supplier<StreamJoinSpec> binding, int maxStateRows) {
        super(operatorId, NAME, new StateRowLimit(maxStateRows, "join's state", "rows", "Add watermarks and a "
                        + "time-range condition so that rows that can no longer match are evicted, or raise the limit."),
                partitionCount, () -> new JoinPartition(operatorId, binding.get()),
                List.of(inputs(slotSpecs, StreamJoinSpec::left, partitionCount),
                        inputs(slotSpecs, StreamJoinSpec::right, partitionCount)));
        StreamJoinSpec spec = slotSpecs.get(0);
        this.evicts = spec.left().bound().evicts() || spec.right().bound().evicts();
        this.sideOrder = spec.type() == JoinType.LEFT_SEMI ? new int[] {JoinPartition.RIGHT, JoinPartition.LEFT}
                : new int[] {JoinPartition.LEFT, JoinPartition.RIGHT};
        this.outputWatermarkShift = Math.min(0, Math.min(stateWatermarkShift(spec.left()),
                stateWatermarkShift(spec.right())));
    }

    /**
     * How far a side's state watermark is behind the join's input watermark: a range condition's
     * offset when it bounds the side's event time, else 0 (a key that carries the watermark; or
     * no state watermark, which Spark leaves out).
     */
    private static long stateWatermarkShift(StreamJoinSpec.Side side) {
        return side.bound().byEventTime() ? side.bound().offsetMicros() : 0;
    }

    /** Each slot's input of one side: rows by the partition their key values hash to. */
    private static List<RowsByPartition> inputs(List<StreamJoinSpec> slotSpecs,
                                                Function<StreamJoinSpec, StreamJoinSpec.Side> side, int partitions) {
        return slotSpecs.stream().map(side).map(slotSide -> new RowsByPartition(slotSide.schema(),
                RowsByPartition.Keys.evaluated(slotSide.keys()), partitions)).toList();
    }

    @Override
    protected void process(JoinPartition state, int partition, BatchContext context, Operator downstream) {
        long before = state.rows();
        for (int side : sideOrder) {
            for (RowsByPartition input : inputs(side)) {
                state.process(side, input.rowsOf(partition), context, downstream);
            }
        }
        state.finish(context, downstream);
        countStateRows(state.rows() - before);
    }

    /** Spark's four stores of a join: each side's key to its number of rows, and key and index to a row. */
    @Override
    public List<String> storeNames() {
        return List.of("left-keyToNumValues", "left-keyWithIndexToValue", "right-keyToNumValues",
                "right-keyWithIndexToValue");
    }

    @Override
    public boolean readBySide() {
        return true;
    }

    /** {@code part} is a side ({@code left}, {@code right}) or one of {@link #storeNames()}. */
    @Override
    protected StateEntries entries(JoinPartition state, String part) {
        int side = part.startsWith("right") ? JoinPartition.RIGHT : JoinPartition.LEFT;
        JoinPartition.SideView view = part.endsWith("keyToNumValues") ? JoinPartition.SideView.KEY_TO_NUM_VALUES
                : part.endsWith("keyWithIndexToValue") ? JoinPartition.SideView.KEY_WITH_INDEX_TO_VALUE
                : JoinPartition.SideView.ROWS;
        return state.entries(side, view);
    }

    /**
     * Spark's {@code produceOutputWatermark}: the least of the join's input watermark and its
     * sides' state watermarks, so that an operator after the join sees no row of a side behind it.
     */
    @Override
    public long outputWatermarkShiftMicros() {
        return outputWatermarkShift;
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
}
