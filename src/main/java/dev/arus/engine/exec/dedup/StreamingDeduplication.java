package dev.arus.engine.exec.dedup;

import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import dev.arus.engine.exec.RowsByPartition;
import dev.arus.engine.exec.SlotInput;
import dev.arus.engine.exec.StateEntries;
import dev.arus.engine.exec.StateRowLimit;
import dev.arus.engine.streaming.SortedArrayMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Spark's streaming deduplication, {@code dropDuplicates} ({@code StreamingDeduplicateExec},
 * operator {@code dedupe}) or {@code dropDuplicatesWithinWatermark}
 * ({@code StreamingDeduplicateWithinWatermarkExec}, {@code dedupeWithinWatermark}): each task
 * slot hands its rows to the state partitions their keys belong to ({@link RowsByPartition}),
 * and each partition keeps the first row of every key it has not seen ({@link
 * DeduplicationPartition}), taking the slots' rows in slot order. One slot feeding one partition
 * deduplicates each chunk as it comes instead ({@link DeduplicatingInput}). Rows come out in the
 * batch they came in.
 */
public final class StreamingDeduplication extends PartitionedStatefulOperator<DeduplicationPartition, SlotInput> {

    /** The name of its one custom metric, made into a map without sorting for every batch. */
    private static final String[] DROPPED_DUPLICATE_ROWS = {"numDroppedDuplicateRows"};

    // The slots' buffers of rows by partition; none when one slot feeds the one partition directly.
    private final List<RowsByPartition> buffered;
    private final DeduplicatingInput direct;

    /** @param slots the task slots that feed it; {@code maxStateRows} the most keys all partitions may hold */
    public StreamingDeduplication(int operatorId, int partitionCount, int slots, DeduplicationSpec spec,
                                  int maxStateRows) {
        this(operatorId, partitionCount, spec, maxStateRows,
                slots == 1 && partitionCount == 1 ? List.of() : Stream.generate(() -> new RowsByPartition(spec.input(),
                        RowsByPartition.Keys.columns(spec.keyColumns()), partitionCount)).limit(slots).toList(),
                slots == 1 && partitionCount == 1 ? new DeduplicatingInput(spec.input()) : null);
    }

    private StreamingDeduplication(int operatorId, int partitionCount, DeduplicationSpec spec, int maxStateRows,
                                   List<RowsByPartition> buffered, DeduplicatingInput direct) {
        super(operatorId, spec.withinWatermark() ? "dedupeWithinWatermark" : "dedupe",
                new StateRowLimit(maxStateRows, "deduplication's state", "keys", "Add a watermark and deduplicate on "
                        + "the event time too (or use dropDuplicatesWithinWatermark) so that old keys are evicted, or "
                        + "raise the limit."),
                partitionCount, () -> new DeduplicationPartition(operatorId, spec),
                List.of(direct == null ? List.<SlotInput>copyOf(buffered) : List.<SlotInput>of(direct)));
        this.buffered = buffered;
        this.direct = direct;
        if (direct != null) {
            direct.feed(partitions().get(0), this::countStateRows);
        }
    }

    @Override
    protected void process(DeduplicationPartition state, int partition, BatchContext context, Operator downstream) {
        long stamp = context.batchId() + 1;
        if (direct != null) {
            direct.handOn(context, downstream);
        }
        for (RowsByPartition input : buffered) {
            countStateRows(state.process(input.rowsOf(partition).rows(), stamp, context,
                    (rows, selection, count) -> state.emit(rows, selection, count, context, downstream)));
        }
        long before = state.rows();
        state.finish(stamp, context.watermarkForEvictionMicros(operatorId()));
        countStateRows(state.rows() - before);
    }

    @Override
    protected StateEntries entries(DeduplicationPartition state, String part) {
        return state.entries();
    }

    @Override
    protected Map<String, Long> customMetrics() {
        long duplicates = 0;
        for (DeduplicationPartition partition : partitions()) {
            duplicates += partition.lastDuplicates();
        }
        return SortedArrayMap.ofSorted(DROPPED_DUPLICATE_ROWS, new Long[] {duplicates});
    }

    /**
     * Spark's deduplication execs always carry an eviction watermark (0 without one), so a
     * watermark that moves runs a no-data batch, whether or not the keys carry event time.
     */
    @Override
    public boolean runsNoDataBatches() {
        return true;
    }
}
