package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.StatePartition;
import java.util.Arrays;

/**
 * One state partition of a streaming aggregation: the groups (or sessions) whose keys hash to
 * it. Per batch, the operator {@link #merge}s each slot's partial groups of the partition in slot
 * order, then asks it to {@link #emit} what the output mode says and evict what the watermark
 * closes, then to commit.
 */
abstract class AggregatingPartition extends StatePartition {

    /**
     * Merges {@code partial}'s groups of this partition into the state, stamping what changes
     * with {@code stamp}; returns how many rows the state gained (fewer when sessions merge).
     */
    abstract int merge(PartialAggregation partial, int partition, long stamp);

    /**
     * Ends the batch stamped {@code stamp}: evicts what {@code evictBefore} closes and returns the
     * rows the output mode emits, ordered by key.
     */
    abstract ColumnarBatch emit(long stamp, long evictBefore, Schema outputSchema);

    /**
     * Every group (or session) held, ordered by key: the rows it would emit, in
     * {@code outputSchema}, and the id of each, whose {@link Accumulator#buffer} the accumulators
     * give. For readers of the state, on a partition of their own.
     */
    abstract Held held(Schema outputSchema);

    /** The accumulators, one per aggregate, for the shape of their buffers. */
    abstract Accumulator[] accumulators();

    /** The groups held: their output rows, and the group (or session) id of each row. */
    record Held(ColumnarBatch rows, int[] ids) {

        /** The rows materialized in {@code order}, whose ids they are. */
        Held(ColumnarBatch rows, Integer[] order) {
            this(rows, Arrays.stream(order).mapToInt(Integer::intValue).toArray());
        }
    }
}
