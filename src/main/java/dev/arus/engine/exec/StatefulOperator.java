package dev.arus.engine.exec;

import dev.arus.engine.state.StateStores;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;

/**
 * An operator whose output depends on rows of earlier batches, as Spark's
 * {@code StateStoreWriter}: its state is split by key over {@link #numPartitions()} partitions,
 * each a versioned store of its own ({@code state/<operatorId>/<partition>}). Operator ids count
 * from the sink towards the source, as Spark numbers them. Per batch the runtime takes these
 * steps:
 * <ol>
 *   <li>the stage before the operator pushes its rows into {@link #input(int)} on each task
 *       slot, in parallel;</li>
 *   <li>each partition, on some task slot: {@link #runPartition} takes that partition's share of
 *       every slot's input, drops what is late by the previous batch's watermark, updates the
 *       state, evicts what this batch's watermark closes and pushes what the output mode says to
 *       the operator's downstream; then {@link #commitPartition} makes the state version
 *       {@code batchId + 1};</li>
 *   <li>{@link #finishBatch()} once every partition ran: the batch's figures become
 *       {@link #progress()} and the inputs are emptied for the next batch.</li>
 * </ol>
 * {@link #restore} loads the state before the first batch of a run; after a failed batch,
 * {@link #abort()} forgets its uncommitted changes.
 */
public interface StatefulOperator {

    int operatorId();

    /** Spark's short name, reported as {@code operatorName} in progress: {@code stateStoreSave}. */
    String operatorName();

    int numPartitions();

    /** Where task slot {@code slot} pushes the operator's input rows; an operator of that slot alone. */
    Operator input(int slot);

    /**
     * Where task slot {@code slot} pushes the rows of input {@code side}: 0 for an operator of one
     * input; a join's left side is 0 and its right side 1.
     */
    default Operator input(int slot, int side) {
        if (side != 0) {
            throw new IllegalArgumentException(operatorName() + " has one input, not input " + side);
        }
        return input(slot);
    }

    /** Loads state version {@code version} (0: empty) of every partition from {@code stores}. */
    void restore(StateStores stores, long version);

    void runPartition(int partition, BatchContext context, Operator downstream);

    void commitPartition(int partition, long batchId);

    void finishBatch();

    void abort();

    /**
     * Whether a watermark that moved justifies a batch without new rows, so that state can be
     * evicted or emitted (Spark's {@code shouldRunAnotherBatch}); asked only of a query with a
     * watermark.
     */
    boolean runsNoDataBatches();

    /** The state after the last finished batch, as Spark's {@code StateOperatorProgress}. */
    StateOperatorProgress progress();
}
