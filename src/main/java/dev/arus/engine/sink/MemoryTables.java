package dev.arus.engine.sink;

import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.AnalysisException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A session's memory sink tables by name, Spark's temporary views of its memory sinks. A query
 * started with a memory sink registers its table, replacing one of the same name; the table stays
 * readable after the query stops, until it is dropped. Each table holds at most
 * {@link #maxRowsPerTable()} rows. Thread-safe.
 */
public final class MemoryTables {

    /** No limit on a table's rows, as Spark; a service sets one. */
    public static final long UNLIMITED_ROWS = Long.MAX_VALUE;

    private final Map<String, MemorySink> tables = new ConcurrentHashMap<>();
    private final long maxRowsPerTable;

    public MemoryTables(long maxRowsPerTable) {
        if (maxRowsPerTable < 1) {
            throw new IllegalArgumentException("a memory table must hold at least 1 row, was " + maxRowsPerTable);
        }
        this.maxRowsPerTable = maxRowsPerTable;
    }

    /** The most rows one table may hold. */
    public long maxRowsPerTable() {
        return maxRowsPerTable;
    }

    void register(MemorySink sink) {
        tables.put(sink.name(), sink);
    }

    /**
     * The rows of table {@code name} now, as Spark's {@code spark.table(name)}.
     *
     * @throws AnalysisException {@code TABLE_OR_VIEW_NOT_FOUND}
     */
    public List<Row> rows(String name) {
        MemorySink sink = tables.get(name);
        if (sink == null) {
            throw new AnalysisException("TABLE_OR_VIEW_NOT_FOUND", "Table or view not found: " + name);
        }
        return sink.rows();
    }

    /** Forgets table {@code name}; returns whether there was one. */
    public boolean drop(String name) {
        return tables.remove(name) != null;
    }
}
