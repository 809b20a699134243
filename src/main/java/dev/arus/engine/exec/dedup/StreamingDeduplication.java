package dev.arus.engine.exec.dedup;

import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.StateStats;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.state.StateStores;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Spark's streaming deduplication, {@code dropDuplicates} ({@code StreamingDeduplicateExec},
 * operator {@code dedupe}) or {@code dropDuplicatesWithinWatermark}
 * ({@code StreamingDeduplicateWithinWatermarkExec}, {@code dedupeWithinWatermark}): each task
 * slot hands its rows to the state partitions their keys belong to ({@link DeduplicationInput}),
 * and each partition keeps the first row of every key it has not seen ({@link
 * DeduplicationPartition}), taking the slots' rows in slot order. Rows come out in the batch they
 * came in. The keys all partitions hold together are limited, so that a deduplication without a
 * watermark cannot grow until the JVM runs out of memory.
 */
public final class StreamingDeduplication implements StatefulOperator {

    private final int operatorId;
    private final String name;
    private final int maxStateRows;
    private final DeduplicationInput[] inputs;
    private final DeduplicationPartition[] partitions;
    private final AtomicLong stateRows = new AtomicLong();
    private StateOperatorProgress progress;

    /** @param slots the task slots that feed it; {@code maxStateRows} the most keys all partitions may hold */
    public StreamingDeduplication(int operatorId, int partitionCount, int slots, DeduplicationSpec spec,
                                  int maxStateRows) {
        this.operatorId = operatorId;
        this.name = spec.withinWatermark() ? "dedupeWithinWatermark" : "dedupe";
        this.maxStateRows = maxStateRows;
        this.inputs = new DeduplicationInput[slots];
        for (int s = 0; s < slots; s++) {
            inputs[s] = new DeduplicationInput(spec.input(), new KeyPartitioner(spec.keyColumns(), partitionCount));
        }
        this.partitions = new DeduplicationPartition[partitionCount];
        for (int p = 0; p < partitionCount; p++) {
            partitions[p] = new DeduplicationPartition(spec);
        }
        this.progress = progress(StateStats.NONE, 0);
    }

    @Override
    public int operatorId() {
        return operatorId;
    }

    public String operatorName() {
        return name;
    }

    @Override
    public int numPartitions() {
        return partitions.length;
    }

    @Override
    public Operator input(int slot) {
        return inputs[slot];
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
        DeduplicationPartition state = partitions[partition];
        long stamp = context.batchId() + 1;
        for (DeduplicationInput input : inputs) {
            if (stateRows.addAndGet(state.process(input.rowsOf(partition), stamp, context, downstream))
                    > maxStateRows) {
                throw stateRowsExceeded();
            }
        }
        long before = state.rows();
        state.finish(stamp, context.watermarkForEvictionMicros());
        stateRows.addAndGet(state.rows() - before);
    }

    @Override
    public void commitPartition(int partition, long batchId) {
        partitions[partition].commit(batchId);
    }

    @Override
    public void finishBatch() {
        long keys = 0;
        long added = 0;
        long evicted = 0;
        long late = 0;
        long duplicates = 0;
        long memory = 0;
        for (DeduplicationPartition partition : partitions) {
            StateStats stats = partition.lastStats();
            keys += stats.rowsTotal();
            added += stats.rowsUpdated();
            evicted += stats.rowsRemoved();
            late += stats.rowsDroppedByWatermark();
            duplicates += partition.lastDuplicates();
            memory += stats.memoryBytes();
        }
        for (DeduplicationInput input : inputs) {
            input.clear();
        }
        progress = progress(new StateStats(keys, added, evicted, late, memory), duplicates);
    }

    @Override
    public void abort() {
        for (DeduplicationInput input : inputs) {
            input.clear();
        }
        long rows = 0;
        for (DeduplicationPartition partition : partitions) {
            partition.abort();
            rows += partition.rows();
        }
        stateRows.set(rows);
    }

    /**
     * Spark's deduplication execs always carry an eviction watermark (0 without one), so a
     * watermark that moves runs a no-data batch, whether or not the keys carry event time.
     */
    @Override
    public boolean runsNoDataBatches() {
        return true;
    }

    @Override
    public StateOperatorProgress progress() {
        return progress;
    }

    private StateOperatorProgress progress(StateStats stats, long duplicates) {
        return new StateOperatorProgress(name, stats.rowsTotal(), stats.rowsUpdated(), 0, stats.rowsRemoved(), 0, 0,
                stats.memoryBytes(), stats.rowsDroppedByWatermark(), partitions.length, partitions.length,
                Map.of("numDroppedDuplicateRows", duplicates));
    }

    private ArusException stateRowsExceeded() {
        return new ArusException("STATE_ROWS_LIMIT_EXCEEDED", "[STATE_ROWS_LIMIT_EXCEEDED] The deduplication's state "
                + "would hold more than " + maxStateRows + " keys, the limit of this session. Add a watermark and "
                + "deduplicate on the event time too (or use dropDuplicatesWithinWatermark) so that old keys are "
                + "evicted, or raise the limit.");
    }
}
