package dev.arus.engine.api;

import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.sql.DataTypeParser;
import dev.arus.engine.plan.LogicalPlan;
import dev.arus.engine.streaming.ArusException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Describes the stream to read, as Spark's {@code DataStreamReader}; {@link #load()} checks it. */
public final class DataStreamReader {

    private final ArusSession session;
    private String format;
    private Schema schema;
    private final Map<String, String> options = new LinkedHashMap<>();

    DataStreamReader(ArusSession session) {
        this.session = session;
    }

    public DataStreamReader format(String format) {
        this.format = format;
        return this;
    }

    /**
     * The schema of the rows, as a DDL string ({@code "name STRING, amount DECIMAL(10,2)"}):
     * required by the file formats, refused by the others, as in Spark.
     *
     * @throws dev.arus.engine.streaming.ParseException when the DDL does not parse
     */
    public DataStreamReader schema(String ddl) {
        this.schema = DataTypeParser.parseSchema(ddl);
        return this;
    }

    public DataStreamReader schema(Schema schema) {
        this.schema = schema;
        return this;
    }

    /** Spark's options are strings; numbers and booleans are taken in their string form. */
    public DataStreamReader option(String key, Object value) {
        options.put(key, String.valueOf(value));
        return this;
    }

    public DataStreamReader options(Map<String, ?> values) {
        values.forEach(this::option);
        return this;
    }

    /**
     * The stream as a frame.
     *
     * @throws IllegalArgumentException for an unknown format or option, or an invalid value
     */
    public StreamFrame load() {
        if (format == null) {
            throw new ArusException("DATA_SOURCE_NOT_FOUND", "No source format given: call format(..) before load()");
        }
        return new StreamFrame(session, new LogicalPlan.StreamSource(format, options, session.sourceSchema(format, options, schema)));
    }
}
