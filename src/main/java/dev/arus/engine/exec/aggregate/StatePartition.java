package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.state.StateStore;

/**
 * One state partition of a streaming aggregation: the groups (or sessions) whose keys hash to
 * it, kept across batches and versioned in a {@link StateStore} of its own. Per batch, the
 * operator {@link #merge}s each slot's partial groups of the partition in slot order, then asks
 * it to {@link #emit} what the output mode says and evict what the watermark closes, then to
 * {@link #commit}. Used by one thread at a time.
 */
interface StatePartition {

    /** The rows the state holds: groups, or sessions. */
    int size();

    /**
     * Merges {@code partial}'s groups of this partition into the state, stamping what changes
     * with {@code stamp}; returns how many rows the state gained (fewer when sessions merge).
     */
    int merge(PartialAggregation partial, int partition, long stamp);

    /**
     * Ends the batch stamped {@code stamp}: evicts what {@code evictBefore} closes and returns the
     * rows the output mode emits, ordered by key.
     */
    ColumnarBatch emit(long stamp, long evictBefore, Schema outputSchema);

    /** What the last batch did, for progress. */
    AggregateStats lastStats();

    /** Replaces the state by version {@code version} of {@code store}, which this partition keeps from now on. */
    void load(StateStore store, long version);

    /** Commits the state as it is after batch {@code batchId}: the next version. */
    void commit(long batchId);

    /** Forgets a failed batch's changes: a durable partition goes back to its last committed version. */
    void abort();
}
