package dev.arus.engine.sink;

import dev.arus.engine.data.Schema;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.time.Clock;
import java.io.PrintStream;
import java.time.ZoneId;
import java.util.Map;

/**
 * What a provider may need to create a sink for one run: the options as given (keys in any
 * case), the query's output mode, the run's query (its name may be null), whether it keeps a
 * checkpoint (and so may write a batch again after a crash, with the same id), its output schema,
 * the session's clock and time zone, console, memory tables and event log (null: none) and, for
 * {@code foreachBatch}, the user's function (else null).
 */
public record SinkContext(Map<String, String> options, OutputMode mode, QueryIdentity query, boolean checkpointed,
                          Schema schema, Clock clock, ZoneId timeZone, PrintStream console, MemoryTables memoryTables,
                          EventLog eventLog, BatchFunction foreachBatch) {

    public SinkContext {
        options = Map.copyOf(options);
    }

    /** The value of option {@code name}, given in any case, or {@code null}. */
    public String option(String name) {
        return options.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }
}
