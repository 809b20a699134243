package dev.arus.engine.exec;

import dev.arus.engine.state.StateStore;
import dev.arus.engine.state.StateStores;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import java.util.List;

/**
 * An operator whose output depends on rows of earlier batches, as Spark's
 * {@code StateStoreWriter}, as the runtime sees it: its state is split by key over
 * {@link #numPartitions()} partitions, each a versioned store of its own
 * ({@code state/<operatorId>/<partition>}). Operator ids count from the sink towards the source,
 * as Spark numbers them. Per batch the runtime takes these steps:
 * <ol>
 *   <li>the stage before the operator pushes its rows into the operator's inputs on each task
 *       slot, in parallel (the plan wires them);</li>
 *   <li>each partition, on some task slot: {@link #runPartition} takes that partition's share of
 *       every slot's input, drops what is late by the previous batch's watermark, updates the
 *       state, evicts what this batch's watermark closes and pushes what the output mode says to
 *       the operator's downstream; then {@link #commitPartition} makes the state version
 *       {@code batchId + 1};</li>
 *   <li>{@link #finishBatch()} once every partition ran: the batch's figures become
 *       {@link #progress()} and the inputs are emptied for the next batch.</li>
 * </ol>
 * {@link #restore} loads the state before the first batch of a run; after a failed batch,
 * {@link #abort()} forgets its uncommitted changes. The hooks do nothing by default;
 * {@link PartitionedStatefulOperator} implements them all for an operator's partitions.
 */
public interface StatefulOperator {

    int operatorId();

    int numPartitions();

    /** Spark's short name of the operator, its {@code operatorName} in progress. */
    String name();

    /** The names Spark gives the operator's state stores, as its {@code state-metadata} lists them. */
    default List<String> storeNames() {
        return List.of("default");
    }

    /**
     * Whether its state is read one input side (Spark's {@code joinSide}) or one store at a time:
     * a stream-stream join's.
     */
    default boolean readBySide() {
        return false;
    }

    /**
     * Version {@code version} of one partition's state, read from {@code store} into a partition
     * of the reader's own: the running partitions are not touched, so any thread may call it.
     *
     * @param part when {@link #readBySide()}, a side ({@code left}, {@code right}) or one of
     *             {@link #storeNames()}; else {@code null}
     */
    StateEntries readState(StateStore store, long version, String part);

    /** How many rows version {@code version} of one partition's state holds, read as {@link #readState} reads. */
    long readRowCount(StateStore store, long version);

    void runPartition(int partition, BatchContext context, Operator downstream);

    /** Loads state version {@code version} (0: empty) of every partition from {@code stores}. */
    default void restore(StateStores stores, long version) {
    }

    default void commitPartition(int partition, long batchId) {
    }

    default void finishBatch() {
    }

    default void abort() {
    }

    /**
     * Whether a watermark that moved justifies a batch without new rows, so that state can be
     * evicted or emitted (Spark's {@code shouldRunAnotherBatch}); asked only of a query with a
     * watermark. No, by default.
     */
    default boolean runsNoDataBatches() {
        return false;
    }

    /**
     * How far this operator's output watermark is behind its input watermark, 0 or less: Spark's
     * {@code produceOutputWatermark}, which only a stream-stream join lowers (see
     * {@link WatermarkPropagation}). 0, by default.
     */
    default long outputWatermarkShiftMicros() {
        return 0;
    }

    /** The state after the last finished batch, as Spark's {@code StateOperatorProgress}. */
    StateOperatorProgress progress();
}
