package dev.arus.engine.source;

import dev.arus.engine.data.Schema;
import java.util.BitSet;
import java.util.List;

/**
 * A replayable stream of rows addressed by {@link Offset}s, Spark's {@code MicroBatchStream}. The
 * runtime asks for the latest offset within a {@link ReadLimit} at the start of each trigger,
 * then plans the partitions of the rows between the previous batch's end offset and it, and
 * reads them in parallel. Planning and reading the same range twice yields the same rows. Called
 * on the query's thread, except {@link InputPartition#read}, which runs on task threads.
 */
public interface Source {

    /** The source's description in progress, as Spark prints it. */
    String description();

    Schema schema();

    /**
     * The end offset of a batch starting at {@code start} (the previous batch's end offset,
     * {@code null} before the first batch) that reads what the source has now within
     * {@code limit}, as Spark's {@code SupportsAdmissionControl.latestOffset(startOffset, limit)};
     * {@code null} when the source has nothing yet. Called once per trigger that asks the sources,
     * with {@link #defaultReadLimit()} or {@link ReadLimit.AllAvailable}.
     */
    Offset latestOffset(Offset start, ReadLimit limit);

    /**
     * How much one batch reads unless the trigger says otherwise, from the source's options
     * (Spark's {@code getDefaultReadLimit}); everything available by default.
     */
    default ReadLimit defaultReadLimit() {
        return ReadLimit.allAvailable();
    }

    /**
     * The partitions of the rows after {@code start} (exclusive; {@code null} for the beginning)
     * up to and including {@code end}, in the order their rows would be read one after another.
     */
    List<InputPartition> planInputPartitions(Offset start, Offset end);

    /**
     * The query reads only the columns at {@code columns} (positions in {@link #schema()}): the
     * source may leave the others of its chunks NULL, sparing their decoding. Spark's
     * {@code SupportsPushDownRequiredColumns}, but the schema stays. Called at most once, before
     * the first batch; ignored by default.
     */
    default void readOnly(BitSet columns) {
    }

    /**
     * Reads back an offset from its {@link Offset#json()} form, as written to the offset log
     * (Spark's {@code deserializeOffset}).
     *
     * @throws IllegalArgumentException when {@code json} is not an offset of this source
     */
    Offset deserializeOffset(String json);

    /**
     * What a restarted run of the query needs to read the same rows, kept in the checkpoint's
     * {@code sources/<n>/0} when the query first starts (the {@code rate} source's creation time);
     * {@code null} when the source needs nothing.
     */
    default String checkpointMetadata() {
        return null;
    }

    /**
     * The newest offset the source has, whatever a batch's limit, for progress reports (Spark's
     * {@code ReportsSourceMetrics}/{@code reportLatestOffset}); {@code null} to report the batch's
     * end offset.
     */
    default Offset reportLatestOffset() {
        return null;
    }

    /**
     * The source's own figures for the batch that ended at {@code end}, for progress (Spark's
     * {@code ReportsSourceMetrics.metrics}); none by default. Called after {@link #latestOffset}.
     */
    default java.util.Map<String, String> metrics(Offset end) {
        return java.util.Map.of();
    }

    /**
     * The query has durably done with every row up to {@code end}: its batch is committed (or, without
     * a checkpoint, handed to the sink). Spark's {@code Source.commit}.
     */
    default void commit(Offset end) {
    }

    /**
     * A run of the query starts, having durably done with every row up to {@code committed}: the
     * end offset of the last batch its checkpoint committed, {@code null} when none was (a new
     * query, or one without a checkpoint). A source that tells others how far its query has read
     * (the event log's readers, for their lag and retention) starts telling it here, before the
     * run's first batch. Called once, by the launcher, after the source's offsets were read from
     * the checkpoint; nothing by default.
     */
    default void open(Offset committed) {
    }

    /** Releases what the source holds; called when the query stops, or when it could not start. */
    default void close() {
    }
}
