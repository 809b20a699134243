package dev.arus.engine.source;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Reads a stream of the embedded event log as Spark's Kafka source reads a topic: its offsets
 * are the next offset per partition ({@link PartitionOffsets}), a batch reads each partition's
 * records between the previous batch's end and its own, one task per partition, and a batch
 * replayed from the checkpoint reads exactly the same records. A new query starts at the
 * {@code startingOffsets}; those offsets are kept in the checkpoint's source metadata, as Spark's
 * Kafka source keeps its initial offsets, so a restarted query starts where the first run did.
 * When its run opens, the source registers itself as a reader of the stream with the offsets the
 * query committed (its checkpoint's last committed batch, or the starting offsets), so that the
 * stream's lag is right from the start, retention keeps what it has not read and the stream
 * cannot be deleted under it.
 */
public final class StreamSource implements SupportsTriggerAvailableNow, SignalsNewData {

    public static final String FORMAT = "stream";

    private final LogStream stream;
    private final StreamSourceOptions options;
    private final PartitionOffsets initial;
    private final String readerLabel;
    private final UUID reader = UUID.randomUUID();
    private BitSet columns;
    private long[] availableNowEnd;
    private Runnable newData;

    StreamSource(LogStream stream, StreamSourceOptions options, String checkpointMetadata, String readerLabel) {
        this.stream = stream;
        this.options = options;
        this.initial = checkpointMetadata != null ? kept(checkpointMetadata) : starting();
        this.readerLabel = readerLabel;
    }

    private int partitions() {
        return stream.definition().partitions();
    }

    private PartitionOffsets kept(String metadata) {
        PartitionOffsets offsets = PartitionOffsets.parse(metadata);
        if (!offsets.name().equals(stream.name())) {
            throw new IllegalArgumentException("the initial offsets are of stream '" + offsets.name() + "', not of '"
                    + stream.name() + "'");
        }
        return offsets;
    }

    /** Where a new query starts: Spark's Kafka {@code startingOffsets}, resolved against the stream now. */
    private PartitionOffsets starting() {
        long[] earliest = stream.earliestOffsets();
        long[] latest = stream.durableEnds();
        if (options.startingOffsets().equals(StreamSourceOptions.EARLIEST)) {
            return offsets(earliest);
        }
        if (options.startingOffsets().equals(StreamSourceOptions.LATEST)) {
            return offsets(latest);
        }
        PartitionOffsets given;
        try {
            given = PartitionOffsets.parse(options.startingOffsets());
        } catch (IllegalArgumentException notOffsets) {
            throw new InvalidOptionException(StreamSourceOptions.STARTING_OFFSETS, "Invalid value '"
                    + options.startingOffsets() + "': " + notOffsets.getMessage());
        }
        if (!given.name().equals(stream.name()) || given.offsets().size() != partitions()
                || !given.offsets().keySet().equals(offsets(earliest).offsets().keySet())) {
            throw new InvalidOptionException(StreamSourceOptions.STARTING_OFFSETS, "If startingOffsets contains "
                    + "specific offsets, you must specify all partitions of stream '" + stream.name() + "' (0 to "
                    + (partitions() - 1) + "). Use -1 for latest, -2 for earliest.");
        }
        long[] resolved = new long[partitions()];
        for (int p = 0; p < resolved.length; p++) {
            long offset = given.offset(p);
            resolved[p] = offset == -2 ? earliest[p] : offset == -1 ? latest[p] : offset;
            if (resolved[p] < 0) {
                throw new InvalidOptionException(StreamSourceOptions.STARTING_OFFSETS, "Offset " + offset
                        + " of partition " + p + " is neither an offset nor -1 (latest) or -2 (earliest)");
            }
        }
        return offsets(resolved);
    }

    private PartitionOffsets offsets(long[] byPartition) {
        SortedMap<Integer, Long> offsets = new TreeMap<>();
        for (int p = 0; p < byPartition.length; p++) {
            offsets.put(p, byPartition[p]);
        }
        return new PartitionOffsets(stream.name(), offsets);
    }

    /** As Spark's Kafka source describes itself ({@code KafkaV2[Subscribe[orders]]}). */
    @Override
    public String description() {
        return "EventLogStream[" + stream.name() + "]";
    }

    @Override
    public Schema schema() {
        return stream.readSchema();
    }

    @Override
    public String checkpointMetadata() {
        return initial.json();
    }

    /** Columns left out are not decoded: a record batch is columnar, so their bytes are skipped. */
    @Override
    public void readOnly(BitSet columns) {
        this.columns = (BitSet) columns.clone();
    }

    @Override
    public Offset deserializeOffset(String json) {
        return PartitionOffsets.parse(json);
    }

    /** {@code maxOffsetsPerTrigger} when given, as Spark's Kafka source. */
    @Override
    public ReadLimit defaultReadLimit() {
        return options.maxOffsetsPerTrigger() > 0 ? new ReadLimit.MaxRows(options.maxOffsetsPerTrigger())
                : ReadLimit.allAvailable();
    }

    /**
     * Every durable record after {@code start} (under {@code availableNow}, up to the end fixed
     * when the run started), or at most {@link ReadLimit.MaxRows} of them.
     */
    @Override
    public PartitionOffsets latestOffset(Offset start, ReadLimit limit) {
        long[] from = (start == null ? initial : cast(start)).toArray(partitions());
        long[] until = latest();
        ReadLimit.MaxRows max = limit.part(ReadLimit.MaxRows.class);
        if (max != null) {
            until = rateLimit(from, until, max.maxRows());
        }
        return offsets(until);
    }

    /** The durable ends now, as Spark's Kafka source fetches the topic's latest offsets when its {@code availableNow} run starts. */
    @Override
    public void prepareForTriggerAvailableNow() {
        availableNowEnd = stream.durableEnds();
    }

    private long[] latest() {
        return availableNowEnd != null ? availableNowEnd.clone() : stream.durableEnds();
    }

    /** What the stream has, or under {@code availableNow} the end fixed at the start, as Spark's Kafka source reports it. */
    @Override
    public Offset reportLatestOffset() {
        return offsets(latest());
    }

    /**
     * Spark's Kafka {@code rateLimit}: each partition with records to read gets its share of
     * {@code limit} in proportion to how many it has, rounded down, but at least one.
     */
    static long[] rateLimit(long[] from, long[] until, long limit) {
        long[] limited = until.clone();
        double total = 0;
        for (int p = 0; p < from.length; p++) {
            total += Math.max(0, until[p] - from[p]);
        }
        if (total < 1) {
            return limited;
        }
        for (int p = 0; p < from.length; p++) {
            long size = until[p] - from[p];
            if (size > 0) {
                double prorate = limit * (size / total);
                long share = (long) (prorate < 1 ? Math.ceil(prorate) : Math.floor(prorate));
                long end = share > Long.MAX_VALUE - from[p] ? Long.MAX_VALUE : from[p] + share;
                limited[p] = Math.min(until[p], end);
            }
        }
        return limited;
    }

    @Override
    public List<InputPartition> planInputPartitions(Offset start, Offset end) {
        long[] from = (start == null ? initial : cast(start)).toArray(partitions());
        long[] to = cast(end).toArray(partitions());
        long[] earliest = stream.earliestOffsets();
        long[] ends = stream.durableEnds();
        List<InputPartition> partitions = new ArrayList<>();
        for (int p = 0; p < from.length; p++) {
            long first = from[p];
            long last = to[p];
            if (last > ends[p]) {
                dataLoss("PARTITION_OFFSET_CHANGED", "Partition " + p + " of stream '" + stream.name() + "' now ends "
                        + "at " + ends[p] + ", before offset " + last + " that this batch reads up to: the stream was "
                        + "deleted and created again");
                last = ends[p];
            }
            if (first < earliest[p]) {
                dataLoss("START_OFFSET_RESET", "Records " + first + " to " + (earliest[p] - 1) + " of partition " + p
                        + " of stream '" + stream.name() + "' were deleted by the stream's retention before this "
                        + "query read them");
                first = earliest[p];
            }
            if (last < first) {
                dataLoss("PARTITION_OFFSET_CHANGED", "Partition " + p + " of stream '" + stream.name()
                        + "' now ends at " + last + ", before offset " + first + " that this query read up to: the "
                        + "stream was deleted and created again");
            } else if (last > first) {
                partitions.add(new StreamPartition(stream, p, first, last, columns));
            }
        }
        return partitions;
    }

    /** Fails the query, or with {@code failOnDataLoss} false goes on, as Spark's Kafka source does. */
    private void dataLoss(String kind, String what) {
        if (options.failOnDataLoss()) {
            throw new ArusException("STREAM_DATA_LOSS." + kind, "[STREAM_DATA_LOSS." + kind + "] " + what + ". Some "
                    + "data may have been lost. If you want the query to go on from the earliest records kept "
                    + "instead, set the source option failOnDataLoss to false.");
        }
    }

    /** Registers the query as a reader of the stream, at what it committed, or else where it starts. */
    @Override
    public void open(Offset committed) {
        stream.register(reader, readerLabel, (committed == null ? initial : cast(committed)).toArray(partitions()));
    }

    /** The query is done with every record below {@code end}: retention may now delete them. */
    @Override
    public void commit(Offset end) {
        stream.committed(reader, cast(end).toArray(partitions()));
    }

    /** Tells {@code signal} whenever a group commit of the log made records of the stream durable. */
    @Override
    public void signalNewData(Runnable signal) {
        if (newData != null) {
            stream.removeDurableListener(newData);
        }
        newData = signal;
        stream.addDurableListener(signal);
    }

    @Override
    public void close() {
        if (newData != null) {
            stream.removeDurableListener(newData);
            newData = null;
        }
        stream.unregister(reader);
    }

    private static PartitionOffsets cast(Offset offset) {
        if (offset instanceof PartitionOffsets partitionOffsets) {
            return partitionOffsets;
        }
        throw new IllegalArgumentException("not an offset of the stream source: " + offset);
    }

    /**
     * One partition's records {@code [from, to)}, decoded straight into the task's chunk (only
     * {@code columns}; null: all). Public so that another engine's task (Spark's, in the same JVM)
     * reads the same range by itself.
     */
    public record StreamPartition(LogStream stream, int partition, long from, long to, BitSet columns)
            implements InputPartition {
        @Override
        public void read(ColumnarBatch chunk, Consumer<ColumnarBatch> consumer) {
            stream.read(partition, from, to, columns, chunk, consumer);
        }
    }
}
