package dev.arus.server.spark;

import dev.arus.engine.source.InputPartition;
import dev.arus.engine.source.PartitionOffsets;
import dev.arus.engine.source.SourceContext;
import dev.arus.engine.source.SourceMetadata;
import dev.arus.engine.source.StreamSource;
import dev.arus.engine.source.StreamSourceProvider;
import dev.arus.engine.streaming.QueryIdentity;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.connector.read.streaming.Offset;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.apache.spark.sql.connector.read.streaming.ReadMaxRows;
import org.apache.spark.sql.connector.read.streaming.SupportsTriggerAvailableNow;

/**
 * A Spark query's read of a stream of the event log, micro-batch by micro-batch, driven by Arus's
 * own {@link StreamSource}, so that the two engines read a stream alike: the same starting
 * offsets ({@code startingOffsets}, kept in the checkpoint's {@code sources/0/0} in the same form),
 * the same offsets JSON, the same share of {@code maxOffsetsPerTrigger} per partition, the same
 * data loss ({@code failOnDataLoss}) and the same end under {@code availableNow}. Its tasks read
 * each batch's ranges ({@link EventLogPartition}) in the service's JVM.
 *
 * <p>The query is one of the stream's readers from the moment Spark makes the stream, at the
 * offsets it started at; it is done with every record below a batch's start once Spark plans the
 * batch (Spark plans the next batch only once the previous one committed, and plans a batch its
 * checkpoint left uncommitted from the end of the last committed one), and below a batch's end
 * when Spark commits it; retention deletes nothing it has not read. It stops being one when the
 * query stops.
 */
final class EventLogMicroBatchStream implements MicroBatchStream, SupportsTriggerAvailableNow {

    private final StreamSource source;
    private final String log;

    private EventLogMicroBatchStream(StreamSource source, String log) {
        this.source = source;
        this.log = log;
    }

    /**
     * The read of the stream of {@code options} in {@code registered}, the log of key {@code log},
     * by the query called {@code reader}, whose checkpoint keeps this source's own files in
     * {@code metadataPath} (Spark's {@code sources/0}, in the data directory); a new query keeps its
     * starting offsets there, in {@code sources/0/0}, as Arus's engine does.
     */
    static EventLogMicroBatchStream open(SparkEventLog.Registered registered, String log, Map<String, String> options,
                                         String reader, String metadataPath) {
        URI directory = new org.apache.hadoop.fs.Path(metadataPath).toUri();
        Path metadata = (directory.getScheme() == null ? Path.of(directory.getPath()) : Path.of(directory)).resolve("0");
        String kept = SourceMetadata.read(metadata);
        StreamSource source = (StreamSource) new StreamSourceProvider(registered.log()).create(new SourceContext(
                options, registered.clock(), new QueryIdentity(null, null, reader), kept));
        if (kept == null) {
            SourceMetadata.write(metadata, source.checkpointMetadata());
        }
        source.open(null);
        return new EventLogMicroBatchStream(source, log);
    }

    @Override
    public Offset initialOffset() {
        return new EventLogOffset(PartitionOffsets.parse(source.checkpointMetadata()));
    }

    @Override
    public ReadLimit getDefaultReadLimit() {
        dev.arus.engine.source.ReadLimit.MaxRows max = source.defaultReadLimit()
                .part(dev.arus.engine.source.ReadLimit.MaxRows.class);
        return max == null ? ReadLimit.allAvailable() : ReadLimit.maxRows(max.maxRows());
    }

    @Override
    public Offset latestOffset() {
        throw new UnsupportedOperationException("latestOffset(Offset, ReadLimit) is to be called instead");
    }

    @Override
    public Offset latestOffset(Offset start, ReadLimit limit) {
        PartitionOffsets from = EventLogOffset.of(start);
        source.commit(from);
        return new EventLogOffset(source.latestOffset(from, limit instanceof ReadMaxRows max
                ? new dev.arus.engine.source.ReadLimit.MaxRows(max.maxRows())
                : dev.arus.engine.source.ReadLimit.allAvailable()));
    }

    @Override
    public Offset reportLatestOffset() {
        return new EventLogOffset((PartitionOffsets) source.reportLatestOffset());
    }

    @Override
    public void prepareForTriggerAvailableNow() {
        source.prepareForTriggerAvailableNow();
    }

    @Override
    public org.apache.spark.sql.connector.read.InputPartition[] planInputPartitions(Offset start, Offset end) {
        PartitionOffsets from = EventLogOffset.of(start);
        source.commit(from);
        List<InputPartition> planned = source.planInputPartitions(from, EventLogOffset.of(end));
        return planned.stream().map(StreamSource.StreamPartition.class::cast)
                .map(range -> new EventLogPartition(log, range.stream().name(), range.partition(), range.from(),
                        range.to()))
                .toArray(org.apache.spark.sql.connector.read.InputPartition[]::new);
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new EventLogReaderFactory();
    }

    @Override
    public Offset deserializeOffset(String json) {
        return new EventLogOffset(PartitionOffsets.parse(json));
    }

    @Override
    public void commit(Offset end) {
        source.commit(EventLogOffset.of(end));
    }

    @Override
    public void stop() {
        source.close();
    }

    /** As Arus's engine describes the source in progress: {@code EventLogStream[orders]}. */
    @Override
    public String toString() {
        return source.description();
    }
}
