package dev.arus.engine.sink;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.OutputMode;
import java.io.PrintStream;
import java.time.ZoneId;
import java.util.Map;

/**
 * What a provider may need to create a sink for one run: the options as given (keys in any
 * case), the query's output mode, name (may be null) and output schema, and the session's time
 * zone, console, memory tables and, for {@code foreachBatch}, the user's function (else null).
 */
public record SinkContext(Map<String, String> options, OutputMode mode, String queryName, Schema schema,
                          ZoneId timeZone, PrintStream console, MemoryTables memoryTables,
                          BatchFunction foreachBatch) {

    public SinkContext {
        options = Map.copyOf(options);
    }

    /** The value of option {@code name}, given in any case, or {@code null}. */
    public String option(String name) {
        return options.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }
}
