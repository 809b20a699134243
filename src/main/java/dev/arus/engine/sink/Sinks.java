package dev.arus.engine.sink;

import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.data.Schema;
import java.io.PrintStream;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Creates sinks by format name, as {@code writeStream.format(..).options(..).start()}: Spark's
 * {@code console}, {@code memory}, {@code noop}, the file sinks {@code json} and {@code csv}, and
 * {@code foreachBatch} for a user function. Format names and option keys match in any case. Unlike Spark, which ignores options
 * a sink does not know, Arus rejects them ({@code memory}, {@code noop} and
 * {@code foreachBatch} take none). Every error is an {@link IllegalArgumentException}.
 */
public final class Sinks {

    public static final String CONSOLE = "console";
    public static final String MEMORY = "memory";
    public static final String NOOP = "noop";
    public static final String FOREACH_BATCH = "foreachBatch";
    public static final String JSON = FileSink.JSON;
    public static final String CSV = FileSink.CSV;

    /** Spark's error class of a format nobody provides. */
    public static final String DATA_SOURCE_NOT_FOUND = "DATA_SOURCE_NOT_FOUND";

    private static final Map<String, List<String>> OPTIONS = new LinkedHashMap<>();

    static {
        OPTIONS.put(CONSOLE, ConsoleSink.OPTIONS);
        OPTIONS.put(MEMORY, List.of());
        OPTIONS.put(NOOP, List.of());
        OPTIONS.put(FOREACH_BATCH, List.of());
        OPTIONS.put(JSON, FileSink.JSON_OPTIONS);
        OPTIONS.put(CSV, FileSink.CSV_OPTIONS);
    }

    private Sinks() {
    }

    /**
     * A new sink.
     *
     * @param format       {@code console}, {@code memory}, {@code noop} or {@code foreachBatch}
     * @param options      the sink's options, as strings
     * @param mode         the query's output mode ({@code memory} replaces its table in complete mode)
     * @param queryName    the query's name, or {@code null}; required by {@code memory}, as in Spark
     * @param zone         the session time zone ({@code console} prints timestamps in it)
     * @param console      where {@code console} prints
     * @param foreachBatch the user function of {@code foreachBatch}, else {@code null}
     */
    public static Sink create(String format, Map<String, String> options, OutputMode mode, String queryName,
            ZoneId zone, PrintStream console, BatchFunction foreachBatch) {
        return create(format, options, mode, queryName, zone, console, foreachBatch, null);
    }

    /** As the other {@code create}; {@code schema}, the query's output, lets a file sink check its columns. */
    public static Sink create(String format, Map<String, String> options, OutputMode mode, String queryName,
            ZoneId zone, PrintStream console, BatchFunction foreachBatch, Schema schema) {
        String name = canonicalFormat(format);
        if (name.equals(JSON) || name.equals(CSV)) {
            rejectUnknownOptions(name, options);
            return new FileSink(name, options, mode, zone, schema);
        }
        if (!name.equals(CONSOLE)) {
            rejectOptions(name, options);
        }
        return switch (name) {
            case CONSOLE -> new ConsoleSink(options, zone, console);
            case MEMORY -> {
                if (queryName == null) {
                    throw new AnalysisException("QUERY_NAME_REQUIRED", "queryName must be specified for memory sink");
                }
                yield new MemorySink(queryName, mode);
            }
            case NOOP -> new NoopSink();
            case FOREACH_BATCH -> {
                if (foreachBatch == null) {
                    throw new AnalysisException("FOREACH_BATCH_FUNCTION_REQUIRED", "foreachBatch needs a function");
                }
                yield new ForeachBatchSink(foreachBatch);
            }
            default -> throw new IllegalStateException("unreachable");
        };
    }

    /** The known formats. */
    public static List<String> formats() {
        return List.copyOf(OPTIONS.keySet());
    }

    /** The options {@code format} accepts. */
    public static List<String> optionsOf(String format) {
        return OPTIONS.get(canonicalFormat(format));
    }

    private static void rejectUnknownOptions(String format, Map<String, String> options) {
        for (String option : options.keySet()) {
            if (OPTIONS.get(format).stream().noneMatch(option::equalsIgnoreCase)) {
                throw new InvalidOptionException(option, "Unknown option '" + option + "' for format '" + format
                        + "'. Known options: " + String.join(", ", OPTIONS.get(format)));
            }
        }
    }

    private static void rejectOptions(String format, Map<String, String> options) {
        if (!options.isEmpty()) {
            String option = options.keySet().iterator().next();
            throw new InvalidOptionException(option, "Unknown option '" + option + "' for format '" + format
                    + "'. It takes no options");
        }
    }

    private static String canonicalFormat(String format) {
        if (format != null) {
            for (String name : OPTIONS.keySet()) {
                if (name.equalsIgnoreCase(format.trim())) {
                    return name;
                }
            }
        }
        throw new ArusException(DATA_SOURCE_NOT_FOUND, "Unknown sink format '" + format + "'. Known formats: "
                + String.join(", ", OPTIONS.keySet()));
    }
}
