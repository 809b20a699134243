package dev.arus.engine.sink;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.ConnectTimeout;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/**
 * The facts of one run that a provider may need to create its sink: the options as given (keys in
 * any case), the query's output mode, the run's query (its name may be null), whether it keeps a
 * checkpoint (and so may write a batch again after a crash, with the same id), its output schema,
 * the session's clock and time zone, and the columns to partition the output by, Spark's
 * {@code partitionBy} (empty: none; only a provider that
 * {@linkplain SinkProvider#supportsPartitioning supports partitioning} is given any). A sink that
 * reaches a system outside the engine (Kafka's brokers, a database, a web hook) waits for it at
 * most the session's {@linkplain ConnectTimeout connect timeout} when it is created.
 * {@code groupingColumns} are the output columns that hold the last aggregation's keys (empty:
 * none known), the key of a row in update mode; {@code conf} is the session's configuration, as
 * Spark's {@code spark.conf}: settings of the service that no spec gives, such as the credentials
 * of a named database connection ({@code arus.jdbc.connections.<name>.url}) or the hosts a web
 * hook may reach. What one provider alone uses is bound into that provider instead (the session's
 * event log, console, memory tables and task slots; a query's {@code foreachBatch} function).
 */
public record SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                          Schema schema, Clock clock, ZoneId timeZone, List<String> partitionColumns,
                          Duration connectTimeout, List<String> groupingColumns, Map<String, String> conf) {

    public SinkContext {
        options = Map.copyOf(options);
        partitionColumns = List.copyOf(partitionColumns);
        connectTimeout = ConnectTimeout.check(connectTimeout);
        groupingColumns = List.copyOf(groupingColumns);
        conf = Map.copyOf(conf);
    }

    /**
     * A context with the {@linkplain ConnectTimeout#DEFAULT default connect timeout}, no grouping
     * columns known and an empty session configuration.
     */
    public SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                       Schema schema, Clock clock, ZoneId timeZone, List<String> partitionColumns) {
        this(options, mode, query, checkpointed, schema, clock, timeZone, partitionColumns, ConnectTimeout.DEFAULT,
                List.of(), Map.of());
    }

    /** A context as above, with no partition columns. */
    public SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                       Schema schema, Clock clock, ZoneId timeZone) {
        this(options, mode, query, checkpointed, schema, clock, timeZone, List.of());
    }

    /** The session's setting {@code key}, or {@code null}. */
    public String conf(String key) {
        return conf.get(key);
    }

    /** The value of option {@code name}, given in any case, or {@code null}. */
    public String option(String name) {
        return options.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }
}
