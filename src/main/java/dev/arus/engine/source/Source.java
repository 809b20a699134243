package dev.arus.engine.source;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import java.util.function.Consumer;

/**
 * A replayable stream of rows addressed by {@link Offset}s. The runtime asks for the latest
 * offset at the start of each trigger and then reads the rows between the previous batch's end
 * offset and it. Reading the same range twice yields the same rows.
 */
public interface Source {

    /** The source's description in progress, as Spark prints it. */
    String description();

    Schema schema();

    /**
     * The newest offset available now. Called once per trigger, on the query's thread;
     * {@code null} when the source has nothing yet.
     */
    Offset latestOffset();

    /**
     * The newest offset available now for a batch starting at {@code start} (the previous batch's
     * end offset, {@code null} before the first batch), as Spark's
     * {@code SupportsAdmissionControl.latestOffset(startOffset, limit)}. A source whose next batch
     * depends on where the last one ended ({@code rate-micro-batch}) overrides it; the runtime
     * should prefer this method. By default it is {@link #latestOffset()}.
     */
    default Offset latestOffset(Offset start) {
        return latestOffset();
    }

    /**
     * Pushes the rows after {@code start} (exclusive; {@code null} for the beginning) up to and
     * including {@code end} to {@code consumer}, partition by partition, in chunks of at most
     * {@link ColumnarBatch#CHUNK_SIZE} rows. The chunk passed is reused after the call returns.
     */
    void read(Offset start, Offset end, Consumer<ColumnarBatch> consumer);

    /**
     * Reads back an offset from its {@link Offset#json()} form, as written to the offset log
     * (Spark's {@code deserializeOffset}).
     */
    default Offset deserializeOffset(String json) {
        throw new UnsupportedOperationException(description() + " cannot read back offsets");
    }

    /** Releases what the source holds; called when the query stops. */
    default void close() {
    }
}
