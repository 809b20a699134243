package dev.arus.engine.source;

import dev.arus.engine.data.Schema;
import java.util.List;
import java.util.Set;

/**
 * Makes the sources of one format, as Spark's {@code DataSourceRegister} with its provider: a new
 * source is one class implementing this plus its line in
 * {@code META-INF/services/dev.arus.engine.source.SourceProvider}. Every method checks the
 * options first, so that a mistake surfaces when a query is defined.
 */
public interface SourceProvider {

    /** The format name users give, as Spark spells it ({@code rate}); matched in any case. */
    String format();

    /** The options the format knows, spelled as Spark documents them. */
    List<String> options();

    /**
     * The options a checkpointed query may change between runs, as Spark lets a Kafka query
     * change its rate limit: they change how much is read or what happens on data loss, never
     * what an offset means. Every other option is part of the checkpoint's identity. None by default.
     */
    default Set<String> changeableOptions() {
        return Set.of();
    }

    /**
     * Whether the source takes the user's schema ({@link SourceContext#userSchema()}), as Spark's
     * file sources require it; the others refuse one. False by default.
     */
    default boolean acceptsUserSchema() {
        return false;
    }

    /**
     * Whether the source keeps a log of its own in its checkpoint directory
     * ({@link SourceContext#directory()}), as a file source keeps the files it has seen, in place
     * of {@link Source#checkpointMetadata()}. False by default.
     */
    default boolean keepsOwnLog() {
        return false;
    }

    /**
     * The schema of the rows a source with these options produces.
     *
     * @throws dev.arus.engine.streaming.InvalidOptionException for an unknown option or a bad value
     */
    Schema schema(SourceContext context);

    /**
     * A new source for one run of a query.
     *
     * @throws dev.arus.engine.streaming.InvalidOptionException for an unknown option or a bad value
     */
    Source create(SourceContext context);
}
