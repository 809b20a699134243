package dev.arus.engine.sink;

import dev.arus.engine.streaming.AnalysisException;
import java.util.List;

/**
 * The {@code memory} format: a {@link MemorySink} table named after the query, in the session's
 * tables, which the session binds into its own provider ({@link SinkProviders#with}); the
 * provider on the class path keeps tables of its own, without a limit on their rows.
 */
public final class MemorySinkProvider implements SinkProvider {

    private final MemoryTables tables;

    /** The provider {@link java.util.ServiceLoader} finds, with tables of its own. */
    public MemorySinkProvider() {
        this(new MemoryTables(MemoryTables.UNLIMITED_ROWS));
    }

    /** The provider of a session whose memory tables are {@code tables}. */
    public MemorySinkProvider(MemoryTables tables) {
        this.tables = tables;
    }

    @Override
    public String format() {
        return "memory";
    }

    @Override
    public List<String> options() {
        return List.of();
    }

    @Override
    public Sink create(SinkContext context) {
        if (context.query().name() == null) {
            throw new AnalysisException("QUERY_NAME_REQUIRED", "queryName must be specified for memory sink");
        }
        MemorySink sink = new MemorySink(context.query().name(), context.mode(),
                tables.maxRowsPerTable());
        tables.register(sink);
        return sink;
    }
}
