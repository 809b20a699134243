package dev.arus.server.spark;

import static dev.arus.server.query.SpecFields.requireText;
import static dev.arus.server.spark.SparkProblems.analysed;

import dev.arus.server.ArusProperties;
import dev.arus.server.query.QuerySpec.SourceSpec;
import dev.arus.server.query.Step;
import dev.arus.server.storage.DataDirectory;
import dev.arus.server.storage.DataPathException;
import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.DataStreamReader;

/**
 * A Spark query's inputs: a source read as a streaming DataFrame ({@code readStream}) and a
 * static table as a batch one ({@code read}), from the same spec objects Arus's engine reads,
 * whether a step chain or a statement's {@code tables} name them. Locations are inside the data
 * directory; the rate sources' row counts keep within the service's limits. The {@code stream}
 * source reads the service's event log through {@link SparkEventLog}.
 */
final class SparkInputs {

    private static final Set<String> SOURCES = Set.of("rate", "rate-micro-batch", "kafka", "json", "csv", "parquet",
            "stream");
    private static final Set<String> FILE_FORMATS = Set.of("json", "csv", "parquet");

    private final DataDirectory dataDirectory;
    private final ArusProperties properties;
    private final SparkEventLog eventLog;

    SparkInputs(DataDirectory dataDirectory, ArusProperties properties, SparkEventLog eventLog) {
        this.dataDirectory = dataDirectory;
        this.properties = properties;
        this.eventLog = eventLog;
    }

    /**
     * The streaming DataFrame of {@code source}, which is at {@code pointer} in the spec of the
     * query called {@code query}.
     */
    Dataset<Row> stream(SparkSession session, SourceSpec source, String pointer, String query) {
        String format = requireText(source.format(), pointer + "/format").trim().toLowerCase(Locale.ROOT);
        if (!SOURCES.contains(format)) {
            throw ProblemException.at(ProblemType.UNKNOWN_FORMAT, pointer + "/format", "Unknown source format '"
                    + source.format() + "' for a Spark query. Known formats: "
                    + String.join(", ", SOURCES.stream().sorted().toList()));
        }
        Map<String, String> options = options(source.options(), pointer + "/options");
        if (format.equals("stream")) {
            return eventLog.stream(session, options, source.schema(), query, pointer);
        }
        limit(format, options, pointer + "/options");
        DataStreamReader reader = session.readStream().format(format);
        String path = null;
        if (FILE_FORMATS.contains(format)) {
            if (source.schema() == null || source.schema().isBlank()) {
                throw ProblemException.at(ProblemType.INVALID_SPEC, pointer + "/schema", "A streaming file "
                        + "source needs its columns as DDL in 'schema', as Spark requires");
            }
            path = location(requireText(options.remove("path"), pointer + "/options/path"), pointer + "/options/path");
            for (String key : List.copyOf(options.keySet())) {
                if (key.equalsIgnoreCase("sourceArchiveDir")) {
                    String at = JsonPointer.append(pointer + "/options", key);
                    options.put(key, location(requireText(options.get(key), at), at));
                }
            }
            analysed(() -> reader.schema(source.schema()), pointer + "/schema");
        }
        reader.options(options);
        String location = path;
        return analysed(() -> location == null ? reader.load() : reader.load(location), pointer + "/options");
    }

    /** The batch DataFrame of the static table {@code table}, which is at {@code pointer} in the spec. */
    Dataset<Row> table(SparkSession session, Step.StaticTable table, String pointer) {
        String format = requireText(table.format(), pointer + "/format").trim().toLowerCase(Locale.ROOT);
        if (!FILE_FORMATS.contains(format)) {
            throw ProblemException.at(ProblemType.UNKNOWN_FORMAT, pointer + "/format", "Unknown static table format '"
                    + table.format() + "'. Known formats: " + String.join(", ", FILE_FORMATS.stream().sorted().toList()));
        }
        Map<String, String> options = options(table.options(), pointer + "/options");
        String path = location(requireText(options.remove("path"), pointer + "/options/path"),
                pointer + "/options/path");
        DataFrameReader reader = session.read().format(format).options(options);
        Dataset<Row> frame = analysed(() -> reader.schema(requireText(table.schema(), pointer + "/schema"))
                .load(path), pointer + "/schema");
        return table.alias() == null ? frame : frame.alias(table.alias());
    }

    /** The rate sources' row counts stay within the service's limits, whichever engine runs them. */
    private void limit(String format, Map<String, String> options, String pointer) {
        String option = format.equals("rate") ? "rowsPerSecond" : format.equals("rate-micro-batch") ? "rowsPerBatch" : null;
        long maximum = format.equals("rate") ? properties.limits().maxRowsPerSecond()
                : properties.limits().maxRowsPerBatch();
        options.forEach((key, value) -> {
            if (key.equalsIgnoreCase(option) && value.trim().matches("[0-9]{1,18}")
                    && Long.parseLong(value.trim()) > maximum) {
                throw ProblemException.at(ProblemType.INVALID_OPTION, JsonPointer.append(pointer, key),
                        "Invalid value '" + value + "'. The option '" + option + "' must be at most " + maximum);
            }
        });
    }

    private String location(String location, String pointer) {
        try {
            return dataDirectory.resolve(location).toString();
        } catch (DataPathException outside) {
            throw ProblemException.at(ProblemType.INVALID_PATH, pointer, outside.getMessage());
        }
    }

    private static Map<String, String> options(Map<String, Object> given, String pointer) {
        Map<String, String> options = new LinkedHashMap<>();
        if (given != null) {
            given.forEach((key, value) -> {
                if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
                    throw ProblemException.at(ProblemType.INVALID_SPEC, JsonPointer.append(pointer, key),
                            "An option's value must be a string, a number or a boolean");
                }
                options.put(key, String.valueOf(value));
            });
        }
        return options;
    }
}
