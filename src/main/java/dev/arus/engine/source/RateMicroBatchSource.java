package dev.arus.engine.source;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Spark's {@code rate-micro-batch} source ({@code RatePerMicroBatchProvider},
 * {@code RatePerMicroBatchStream}): a deterministic stream where each batch holds the next
 * {@code rowsPerBatch} values, whatever the trigger or the clock. The initial offset is
 * {@code {offset: 0, timestamp: startTimestamp}}; the latest offset after {@code start} is
 * {@code {start.offset + rowsPerBatch, start.timestamp + advanceMillisPerBatch}}, so every
 * trigger has data. Reading {@code (start, end]} yields the values {@code [start.offset,
 * end.offset)}, all with the timestamp {@code start.timestamp}; partition {@code p} of {@code n}
 * gets {@code start.offset + p}, {@code start.offset + p + n}, ...
 *
 * <p>A batch always holds {@code rowsPerBatch} rows, whatever the read limit (so the {@code once}
 * trigger reads one batch's worth). Under {@code availableNow} the first batch's end is the end of
 * the run: a run reads one batch, as Spark's does.
 */
public final class RateMicroBatchSource implements SupportsTriggerAvailableNow {

    public static final String FORMAT = "rate-micro-batch";

    /** Same columns as the {@code rate} source. */
    public static final Schema SCHEMA = RateSource.SCHEMA;

    private final RateMicroBatchOptions options;
    private boolean availableNow;
    private RateMicroBatchOffset availableNowEnd;

    public RateMicroBatchSource(RateMicroBatchOptions options) {
        this.options = options;
    }

    public RateMicroBatchOptions options() {
        return options;
    }

    /** Where the first batch starts, Spark's {@code initialOffset}. */
    public RateMicroBatchOffset initialOffset() {
        return new RateMicroBatchOffset(0, options.startTimestampMs());
    }

    /** Spark's {@code RatePerMicroBatchStream.toString}. */
    @Override
    public String description() {
        return "RatePerMicroBatchStream[rowsPerBatch=" + options.rowsPerBatch()
                + ", numPartitions=" + options.numPartitions()
                + ", startTimestamp=" + options.startTimestampMs()
                + ", advanceMsPerBatch=" + options.advanceMillisPerBatch() + "]";
    }

    @Override
    public Schema schema() {
        return SCHEMA;
    }

    /** Spark's {@code ReadLimit.maxRows(rowsPerBatch)}, which the source does not need to be told. */
    @Override
    public ReadLimit defaultReadLimit() {
        return new ReadLimit.MaxRows(options.rowsPerBatch());
    }

    @Override
    public void prepareForTriggerAvailableNow() {
        availableNow = true;
    }

    /**
     * One batch of {@code rowsPerBatch} rows after {@code start}, whatever {@code limit}; under
     * {@code availableNow}, the end the run's first call gave.
     */
    @Override
    public RateMicroBatchOffset latestOffset(Offset start, ReadLimit limit) {
        if (!availableNow) {
            return nextOffset(start);
        }
        if (availableNowEnd == null) {
            availableNowEnd = nextOffset(start);
        }
        return availableNowEnd;
    }

    private RateMicroBatchOffset nextOffset(Offset start) {
        RateMicroBatchOffset from = start == null ? initialOffset() : cast(start);
        long end = from.offset() + options.rowsPerBatch();
        if (end < from.offset()) {
            end = Long.MAX_VALUE;
        }
        return new RateMicroBatchOffset(end, from.timestampMs() + options.advanceMillisPerBatch());
    }

    @Override
    public RateMicroBatchOffset deserializeOffset(String json) {
        return RateMicroBatchOffset.parse(json);
    }

    @Override
    public List<InputPartition> planInputPartitions(Offset start, Offset end) {
        RateMicroBatchOffset from = start == null ? initialOffset() : cast(start);
        RateMicroBatchOffset to = cast(end);
        if (from.offset() > to.offset()) {
            throw new IllegalArgumentException("startOffset(" + from.offset() + ") > endOffset(" + to.offset() + ")");
        }
        if (from.timestampMs() > to.timestampMs()) {
            throw new IllegalArgumentException(
                    "startTimestamp(" + from.timestampMs() + ") > endTimestamp(" + to.timestampMs() + ")");
        }
        long timestampMicros = Math.multiplyExact(from.timestampMs(), 1000L);
        int numPartitions = options.numPartitions();
        List<InputPartition> partitions = new ArrayList<>();
        for (int p = 0; p < numPartitions; p++) {
            long first = from.offset() + p;
            if (first >= to.offset()) {
                break;
            }
            long rows = (to.offset() - first - 1) / numPartitions + 1;
            partitions.add(new RateMicroBatchPartition(first, rows, numPartitions, timestampMicros));
        }
        return partitions;
    }

    /** The values {@code first, first + step, ...} of one partition, all at the batch's timestamp. */
    private record RateMicroBatchPartition(long first, long rows, int step, long timestampMicros)
            implements InputPartition {
        @Override
        public void read(ColumnarBatch chunk, Consumer<ColumnarBatch> consumer) {
            RateChunks.emit(chunk, first, rows, step,
                    (values, timestamps, size) -> Arrays.fill(timestamps, 0, size, timestampMicros), consumer);
        }
    }

    private static RateMicroBatchOffset cast(Offset offset) {
        if (offset instanceof RateMicroBatchOffset rateOffset) {
            return rateOffset;
        }
        throw new IllegalArgumentException("not an offset of the rate-micro-batch source: " + offset);
    }
}
