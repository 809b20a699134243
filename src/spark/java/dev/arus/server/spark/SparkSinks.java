package dev.arus.server.spark;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * How a Spark query's runs get their sink, from the spec's sink: its format (in lower case), its
 * options (a file sink's {@code path} absolute inside the data directory), its partition columns,
 * whether the query runs in complete mode, and the most rows a memory table may hold. Each run
 * gets a sink of its own, as Spark makes one per start.
 */
record SparkSinks(String format, Map<String, String> options, List<String> partitionBy, boolean complete,
                  long maxMemoryRows) {

    /** The formats a Spark query writes. */
    static final List<String> FORMATS = List.of("noop", "console", "memory", "json", "csv", "parquet", "kafka");

    SparkSinks {
        options = Map.copyOf(options);
        partitionBy = List.copyOf(partitionBy);
    }

    /** A new sink for a run of the query called {@code name}, in its {@code session}. */
    SparkSink open(SparkSession session, String name) {
        return switch (format) {
            case "noop" -> (batch, batchId) -> {
            };
            case "console" -> new SparkConsoleSink(Integer.parseInt(option("numRows", "20").trim()),
                    Boolean.parseBoolean(option("truncate", "true").trim()));
            case "memory" -> new SparkMemorySink(name, complete, maxMemoryRows);
            case "kafka" -> new SparkKafkaSink(options);
            case "json", "csv", "parquet" -> new SparkFileSink(session, format, options, partitionBy);
            default -> throw new IllegalStateException("No Spark sink for format " + format);
        };
    }

    private String option(String name, String otherwise) {
        return options.entrySet().stream().filter(option -> option.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(otherwise);
    }

    static String normalized(String format) {
        return format.trim().toLowerCase(Locale.ROOT);
    }
}
