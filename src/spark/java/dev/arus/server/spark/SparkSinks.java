package dev.arus.server.spark;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.server.query.ArusSinks;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.spark.sql.SparkSession;

/**
 * How a Spark query's runs get their sink, from the spec's sink: its format (in lower case), its
 * options (a file sink's {@code path} absolute inside the data directory), its partition columns,
 * the query's output mode, the most rows a memory table may hold, and for a sink Spark has not,
 * Arus's sinks with the output's grouping columns as far as the spec tells them. Each run gets a
 * sink of its own, as Spark makes one per start.
 */
record SparkSinks(String format, Map<String, String> options, List<String> partitionBy, OutputMode outputMode,
                  long maxMemoryRows, ArusSinks arusSinks, List<String> groupingColumns) {

    /** The formats a Spark query writes: Spark's own sinks, then Arus's ({@link ArusSinks#FORMATS}). */
    static final List<String> FORMATS = List.of("noop", "console", "memory", "json", "csv", "parquet", "kafka",
            "jdbc", "http", "stream");

    SparkSinks {
        options = Map.copyOf(options);
        partitionBy = List.copyOf(partitionBy);
        groupingColumns = List.copyOf(groupingColumns);
    }

    /**
     * A new sink for a run of query {@code id} called {@code name}, in its {@code session}, whose
     * output has {@code schema}; {@code checkpointed} when the query keeps a checkpoint of its own.
     *
     * @throws dev.arus.server.web.ProblemException when Arus's sink refuses to start, at the option at fault
     */
    SparkSink open(SparkSession session, String name, UUID id, boolean checkpointed, Schema schema) {
        return switch (format) {
            case "noop" -> (batch, batchId) -> {
            };
            case "console" -> new SparkConsoleSink(Integer.parseInt(option("numRows", "20").trim()),
                    Boolean.parseBoolean(option("truncate", "true").trim()));
            case "memory" -> new SparkMemorySink(name, outputMode == OutputMode.COMPLETE, maxMemoryRows);
            case "kafka" -> Boolean.parseBoolean(option("exactlyOnce", "false").trim())
                    ? arus(name, id, checkpointed, schema) : new SparkKafkaSink(options);
            case "json", "csv", "parquet" -> new SparkFileSink(session, format, options, partitionBy);
            case "jdbc", "http", "stream" -> arus(name, id, checkpointed, schema);
            default -> throw new IllegalStateException("No Spark sink for format " + format);
        };
    }

    /** Arus's own sink of the spec's format, for a sink Spark has not, or a mode Spark's lacks. */
    private SparkSink arus(String name, UUID id, boolean checkpointed, Schema schema) {
        return new SparkArusSink(arusSinks.open(format, options, outputMode, id, name, checkpointed, schema,
                groupingColumns));
    }

    private String option(String name, String otherwise) {
        return options.entrySet().stream().filter(option -> option.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(otherwise);
    }

    static String normalized(String format) {
        return format.trim().toLowerCase(Locale.ROOT);
    }
}
