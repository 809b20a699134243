package dev.arus.engine.sink;

import dev.arus.engine.streaming.AnalysisException;
import java.util.List;

/** The {@code memory} format: a {@link MemorySink} table named after the query, in the session's tables. */
public final class MemorySinkProvider implements SinkProvider {

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
                context.memoryTables().maxRowsPerTable());
        context.memoryTables().register(sink);
        return sink;
    }
}
