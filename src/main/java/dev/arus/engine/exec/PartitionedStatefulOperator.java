package dev.arus.engine.exec;

import dev.arus.engine.state.StateStores;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The skeleton every stateful operator shares, as Flink's {@code AbstractStreamOperator} holds
 * what every operator does: the state split over partitions of type {@code P}, each versioned in
 * a store of its own. It restores, commits and aborts every partition, sums the partitions'
 * figures of each batch into the operator's progress, and holds the limit on the rows all
 * partitions hold together, so that one query's state cannot grow until the JVM runs out of
 * memory. An operator writes only its partition logic: {@link #process} runs one partition's share
 * of a batch (partitions run in parallel, each on one task slot) and reports the rows its state
 * gains to {@link #countStateRows}; the operator's inputs, per task slot, are its own.
 */
public abstract class PartitionedStatefulOperator<P extends StatePartition> implements StatefulOperator {

    private final int operatorId;
    private final String name;
    private final int maxStateRows;
    private final List<P> partitions;
    private final AtomicLong stateRows = new AtomicLong();
    private StateOperatorProgress progress;

    /**
     * @param name         Spark's short name of the operator, reported as {@code operatorName} in progress
     * @param maxStateRows the most rows all partitions may hold together
     * @param newPartition makes one of the {@code partitionCount} partitions, each empty
     */
    protected PartitionedStatefulOperator(int operatorId, String name, int maxStateRows, int partitionCount,
                                          Supplier<P> newPartition) {
        this.operatorId = operatorId;
        this.name = name;
        this.maxStateRows = maxStateRows;
        this.partitions = Stream.generate(newPartition).limit(partitionCount).toList();
    }

    /**
     * Runs partition {@code partition}'s share of the batch on the calling task slot: takes its
     * rows from every slot's input, updates {@code state}, evicts what the watermark closes and
     * pushes what it emits to {@code downstream}.
     */
    protected abstract void process(P state, int partition, BatchContext context, Operator downstream);

    /** Empties the inputs of every task slot, after a batch or a failed one. */
    protected abstract void clearInputs();

    /** What the message of {@code STATE_ROWS_LIMIT_EXCEEDED} says after its class: what grew past {@code maxStateRows}, and what to do. */
    protected abstract String stateRowsExceededMessage(int maxStateRows);

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

    /** The partitions, in order: the operator's own figures may sum them. */
    protected final List<P> partitions() {
        return partitions;
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

    @Override
    public final void finishBatch() {
        long total = 0;
        long updated = 0;
        long removed = 0;
        long late = 0;
        long memory = 0;
        for (P partition : partitions) {
            StateStats stats = partition.lastStats();
            total += stats.rowsTotal();
            updated += stats.rowsUpdated();
            removed += stats.rowsRemoved();
            late += stats.rowsDroppedByWatermark();
            memory += stats.memoryBytes();
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
        if (stateRows.addAndGet(change) > maxStateRows && change > 0) {
            throw stateRowsExceeded();
        }
    }

    /** The failure of a batch after which the state would hold more rows than the limit. */
    protected final ArusException stateRowsExceeded() {
        return new ArusException("STATE_ROWS_LIMIT_EXCEEDED", "[STATE_ROWS_LIMIT_EXCEEDED] "
                + stateRowsExceededMessage(maxStateRows));
    }
}
