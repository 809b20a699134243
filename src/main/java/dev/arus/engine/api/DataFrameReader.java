package dev.arus.engine.api;

import dev.arus.engine.plan.LogicalPlan;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.table.StaticTableReader;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Describes a static table, as Spark's batch {@code DataFrameReader} with a schema: its format
 * ({@code json}, {@code csv}), its columns as DDL and its options ({@code path}, csv's
 * {@code header} and {@code sep}). {@link #load()} checks them; the files are read when a query
 * that joins the table starts.
 */
public final class DataFrameReader {

    private final ArusSession session;
    private String format;
    private String schema;
    private final Map<String, String> options = new LinkedHashMap<>();

    DataFrameReader(ArusSession session) {
        this.session = session;
    }

    public DataFrameReader format(String format) {
        this.format = format;
        return this;
    }

    /** The table's columns as Spark DDL: {@code "product STRING, category STRING"}. */
    public DataFrameReader schema(String ddl) {
        this.schema = ddl;
        return this;
    }

    public DataFrameReader option(String key, Object value) {
        options.put(key, String.valueOf(value));
        return this;
    }

    public DataFrameReader options(Map<String, ?> values) {
        values.forEach(this::option);
        return this;
    }

    /** The table at {@code path}. */
    public StaticFrame load(String path) {
        return option("path", path).load();
    }

    /**
     * The table.
     *
     * @throws ArusException for an unknown format, no schema, a bad schema or option
     */
    public StaticFrame load() {
        if (format == null) {
            throw new ArusException("DATA_SOURCE_NOT_FOUND", "No format given: call format(..) before load()");
        }
        if (schema == null) {
            throw new ArusException("UNABLE_TO_INFER_SCHEMA", "[UNABLE_TO_INFER_SCHEMA] Unable to infer schema for "
                    + format.toUpperCase(Locale.ROOT) + ". It must be specified manually: call schema(..)");
        }
        return new StaticFrame(session, new LogicalPlan.StaticSource(format, options,
                StaticTableReader.schema(format, schema, options)));
    }
}
