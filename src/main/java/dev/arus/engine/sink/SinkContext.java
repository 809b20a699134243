package dev.arus.engine.sink;

import dev.arus.engine.data.Schema;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.ConnectTimeout;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.time.Clock;
import java.io.PrintStream;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/**
 * What a provider may need to create a sink for one run: the options as given (keys in any
 * case), the query's output mode, the run's query (its name may be null), whether it keeps a
 * checkpoint (and so may write a batch again after a crash, with the same id), its output schema,
 * the session's clock and time zone, console, memory tables and event log (null: none) and, for
 * {@code foreachBatch}, the user's function (else null), and the columns to partition the output
 * by, Spark's {@code partitionBy} (empty: none; only a provider that
 * {@linkplain SinkProvider#supportsPartitioning supports partitioning} is given any), and the
 * engine's task slots, for a sink that writes a batch in pieces ({@link SinkTasks#INLINE}: none).
 * A sink that reaches a system outside the engine (Kafka's brokers) waits for it at most the
 * session's {@linkplain ConnectTimeout connect timeout} when it is created.
 */
public record SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                          Schema schema, Clock clock, ZoneId timeZone, PrintStream console, MemoryTables memoryTables,
                          EventLog eventLog, BatchFunction foreachBatch, List<String> partitionColumns,
                          SinkTasks tasks, Duration connectTimeout) {

    public SinkContext {
        options = Map.copyOf(options);
        partitionColumns = List.copyOf(partitionColumns);
        if (tasks == null) {
            throw new IllegalArgumentException("tasks must not be null; SinkTasks.INLINE for none");
        }
        connectTimeout = ConnectTimeout.check(connectTimeout);
    }

    /** A context with the {@linkplain ConnectTimeout#DEFAULT default connect timeout}. */
    public SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                       Schema schema, Clock clock, ZoneId timeZone, PrintStream console, MemoryTables memoryTables,
                       EventLog eventLog, BatchFunction foreachBatch, List<String> partitionColumns,
                       SinkTasks tasks) {
        this(options, mode, query, checkpointed, schema, clock, timeZone, console, memoryTables, eventLog,
                foreachBatch, partitionColumns, tasks, ConnectTimeout.DEFAULT);
    }

    /** A context whose sink runs its tasks on the calling thread. */
    public SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                       Schema schema, Clock clock, ZoneId timeZone, PrintStream console, MemoryTables memoryTables,
                       EventLog eventLog, BatchFunction foreachBatch, List<String> partitionColumns) {
        this(options, mode, query, checkpointed, schema, clock, timeZone, console, memoryTables, eventLog,
                foreachBatch, partitionColumns, SinkTasks.INLINE);
    }

    /** A context with no partition columns, whose sink runs its tasks on the calling thread. */
    public SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                       Schema schema, Clock clock, ZoneId timeZone, PrintStream console, MemoryTables memoryTables,
                       EventLog eventLog, BatchFunction foreachBatch) {
        this(options, mode, query, checkpointed, schema, clock, timeZone, console, memoryTables, eventLog,
                foreachBatch, List.of());
    }

    /** The value of option {@code name}, given in any case, or {@code null}. */
    public String option(String name) {
        return options.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }
}
