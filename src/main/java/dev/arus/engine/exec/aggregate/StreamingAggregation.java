package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.StateStats;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.state.StateStores;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A grouped aggregation whose groups live across batches, as Spark's streaming aggregation
 * (partial aggregate, exchange, state restore, state save): each task slot folds its rows into a
 * {@link PartialAggregation}, and each state partition merges its keys' partial groups, in slot
 * order, into the groups it keeps ({@link AggregationPartition}) or, grouping by a session
 * window, into the sessions it keeps ({@link SessionPartition}). A group is keyed by its window
 * start or session (if it has one) and its other key values, encoded as a tuple of longs.
 *
 * <p>The watermark key is the grouping key that carries the event-time watermark: its window's
 * or session's end (or its value) says when a group is closed; rows of groups closed by the
 * previous batch's watermark are dropped as late. The number of rows all partitions hold
 * together is limited, so that one query's state cannot grow until the JVM runs out of memory.
 */
public final class StreamingAggregation implements StatefulOperator {

    /** Spark's {@code StateStoreSaveExec.shortName}. */
    public static final String NAME = "stateStoreSave";

    /** Spark's {@code SessionWindowStateStoreSaveExec.shortName}. */
    public static final String SESSION_WINDOW_NAME = "sessionWindowStateStoreSaveExec";

    private final int operatorId;
    private final String name;
    private final OutputMode mode;
    private final Schema outputSchema;
    private final int maxStateRows;
    private final int stateStoreInstances;
    private final PartialAggregation[] partials;
    private final AggregatingPartition[] partitions;
    private final AtomicLong stateRows = new AtomicLong();
    private StateOperatorProgress progress;

    /**
     * @param slotSpecs    the aggregation as each task slot binds it, one per slot
     * @param maxStateRows the most groups all partitions may hold together
     */
    public StreamingAggregation(int operatorId, int partitionCount, OutputMode mode, List<AggregationSpec> slotSpecs,
                                Schema outputSchema, int maxStateRows) {
        AggregationSpec spec = slotSpecs.get(0);
        boolean sessions = spec.sessionPosition() >= 0;
        this.operatorId = operatorId;
        this.name = sessions ? SESSION_WINDOW_NAME : NAME;
        this.mode = mode;
        this.outputSchema = outputSchema;
        this.maxStateRows = maxStateRows;
        // Spark's session window save exec never sets its operator metrics in complete mode.
        this.stateStoreInstances = sessions && mode == OutputMode.COMPLETE ? 0 : partitionCount;
        // Spark's StateStoreSaveExec keeps late rows in complete mode; the session window restore
        // exec drops them whatever the mode.
        boolean dropsLateRows = sessions || mode != OutputMode.COMPLETE;
        this.partials = slotSpecs.stream()
                .map(slotSpec -> new PartialAggregation(slotSpec, dropsLateRows, partitionCount, maxStateRows,
                        this::stateRowsExceeded))
                .toArray(PartialAggregation[]::new);
        this.partitions = new AggregatingPartition[partitionCount];
        for (int p = 0; p < partitionCount; p++) {
            partitions[p] = sessions ? new SessionPartition(spec, mode) : new AggregationPartition(spec, mode);
        }
        this.progress = progress(0, 0, 0, 0, 0, 0);
    }

    @Override
    public int operatorId() {
        return operatorId;
    }

    @Override
    public String operatorName() {
        return name;
    }

    @Override
    public int numPartitions() {
        return partitions.length;
    }

    @Override
    public Operator input(int slot) {
        return partials[slot];
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
        AggregatingPartition state = partitions[partition];
        long stamp = context.batchId() + 1;
        for (PartialAggregation partial : partials) {
            if (stateRows.addAndGet(state.merge(partial, partition, stamp)) > maxStateRows) {
                throw stateRowsExceeded();
            }
        }
        long before = state.rows();
        ColumnarBatch output = state.emit(stamp, context.watermarkForEvictionMicros(), outputSchema);
        stateRows.addAndGet(state.rows() - before);
        if (output.size() > 0) {
            downstream.process(output, context);
        }
    }

    @Override
    public void commitPartition(int partition, long batchId) {
        partitions[partition].commit(batchId);
    }

    @Override
    public void finishBatch() {
        long total = 0;
        long updated = 0;
        long removed = 0;
        long late = 0;
        long memory = 0;
        for (AggregatingPartition partition : partitions) {
            StateStats stats = partition.lastStats();
            total += stats.rowsTotal();
            updated += stats.rowsUpdated();
            removed += stats.rowsRemoved();
            late += stats.rowsDroppedByWatermark();
            memory += stats.memoryBytes();
        }
        long lateInputRows = 0;
        for (PartialAggregation partial : partials) {
            lateInputRows += partial.lateInputRows();
            partial.clear();
        }
        progress = progress(total, updated, removed, late, memory, lateInputRows);
    }

    @Override
    public void abort() {
        for (PartialAggregation partial : partials) {
            partial.clear();
        }
        long rows = 0;
        for (AggregatingPartition partition : partitions) {
            partition.abort();
            rows += partition.rows();
        }
        stateRows.set(rows);
    }

    /**
     * Spark's {@code StateStoreSaveExec} (and its session window save exec) asks for a no-data
     * batch in append and update mode whenever the query has a watermark, even when the
     * aggregation does not group by the watermarked column; never in complete mode.
     */
    @Override
    public boolean runsNoDataBatches() {
        return mode != OutputMode.COMPLETE;
    }

    @Override
    public StateOperatorProgress progress() {
        return progress;
    }

    /** {@code numLateInputRows} is Arus's extra: the input rows behind the dropped groups. */
    private StateOperatorProgress progress(long total, long updated, long removed, long late, long memory,
            long lateInputRows) {
        return new StateOperatorProgress(name, total, updated, 0, removed, 0, 0, memory, late, partitions.length,
                stateStoreInstances, Map.of("numLateInputRows", lateInputRows));
    }

    private ArusException stateRowsExceeded() {
        return new ArusException("STATE_ROWS_LIMIT_EXCEEDED", "[STATE_ROWS_LIMIT_EXCEEDED] The aggregation's state "
                + "would hold more than " + maxStateRows + " rows (groups), the limit of this session. Add a "
                + "watermark so that closed windows are evicted, group by fewer distinct keys, or raise the limit.");
    }
}
