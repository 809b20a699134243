package dev.arus.engine.sink;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.ConnectTimeout;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/**
 * What a provider may need to create a sink for one run: the options as given (keys in any
 * case), the query's output mode, the run's query (its name may be null), whether it keeps a
 * checkpoint (and so may write a batch again after a crash, with the same id), its output schema,
 * the session's clock and time zone and, for
 * {@code foreachBatch}, the user's function (else null), and the columns to partition the output
 * by, Spark's {@code partitionBy} (empty: none; only a provider that
 * {@linkplain SinkProvider#supportsPartitioning supports partitioning} is given any), and the
 * engine's task slots, for a sink that writes a batch in pieces ({@link SinkTasks#INLINE}: none).
 * A sink that reaches a system outside the engine (Kafka's brokers) waits for it at most the
 * session's {@linkplain ConnectTimeout connect timeout} when it is created. {@code groupingColumns}
 * are the output columns that hold the last aggregation's keys (empty: none known), the key of a
 * row in update mode; {@code conf} is the session's configuration, as Spark's {@code spark.conf}:
 * settings of the service that no spec gives, such as the credentials of a named database
 * connection ({@code arus.jdbc.connections.<name>.url}).
 */
public record SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                          Schema schema, Clock clock, ZoneId timeZone,
                          BatchFunction foreachBatch, List<String> partitionColumns,
                          SinkTasks tasks, Duration connectTimeout, List<String> groupingColumns,
                          Map<String, String> conf) {

    public SinkContext {
        options = Map.copyOf(options);
        partitionColumns = List.copyOf(partitionColumns);
        if (tasks == null) {
            throw new IllegalArgumentException("tasks must not be null; SinkTasks.INLINE for none");
        }
        connectTimeout = ConnectTimeout.check(connectTimeout);
        groupingColumns = List.copyOf(groupingColumns);
        conf = Map.copyOf(conf);
    }

    /** A context with no grouping columns known and an empty session configuration. */
    public SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                       Schema schema, Clock clock, ZoneId timeZone,
                       BatchFunction foreachBatch, List<String> partitionColumns,
                       SinkTasks tasks, Duration connectTimeout) {
        this(options, mode, query, checkpointed, schema, clock, timeZone,
                foreachBatch, partitionColumns, tasks, connectTimeout, List.of(), Map.of());
    }

    /** A context with the {@linkplain ConnectTimeout#DEFAULT default connect timeout}. */
    public SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                       Schema schema, Clock clock, ZoneId timeZone,
                       BatchFunction foreachBatch, List<String> partitionColumns,
                       SinkTasks tasks) {
        this(options, mode, query, checkpointed, schema, clock, timeZone,
                foreachBatch, partitionColumns, tasks, ConnectTimeout.DEFAULT);
    }

    /** A context whose sink runs its tasks on the calling thread. */
    public SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                       Schema schema, Clock clock, ZoneId timeZone,
                       BatchFunction foreachBatch, List<String> partitionColumns) {
        this(options, mode, query, checkpointed, schema, clock, timeZone,
                foreachBatch, partitionColumns, SinkTasks.INLINE);
    }

    /** A context with no partition columns, whose sink runs its tasks on the calling thread. */
    public SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                       Schema schema, Clock clock, ZoneId timeZone,
                       BatchFunction foreachBatch) {
        this(options, mode, query, checkpointed, schema, clock, timeZone,
                foreachBatch, List.of());
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
