package dev.arus.engine.format;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.calendar.TimestampPattern;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The file formats Arus reads, {@code json}, {@code csv} and {@code parquet}, with the reading
 * options Spark gives each (the options of a file source or a static table add {@code path} and
 * their own); one reader per format serves both the file stream sources and the static tables.
 * Parquet's one option, {@code mergeSchema}, is taken and has no effect, as in Spark when the
 * schema is given: it only changes how a schema is inferred, and Arus always has the user's.
 */
public enum FileFormat {
    JSON("json", List.of("multiLine", "timestampFormat", "mode", "columnNameOfCorruptRecord")),
    CSV("csv", List.of("header", "sep", "quote", "escape", "nullValue", "timestampFormat", "mode",
            "columnNameOfCorruptRecord")),
    PARQUET("parquet", List.of("mergeSchema"));

    /** Spark's {@code spark.sql.columnNameOfCorruptRecord}. */
    public static final String DEFAULT_CORRUPT_RECORD_COLUMN = "_corrupt_record";

    private final String formatName;
    private final List<String> readOptions;

    FileFormat(String formatName, List<String> readOptions) {
        this.formatName = formatName;
        this.readOptions = readOptions;
    }

    public String formatName() {
        return formatName;
    }

    /** The options that shape how a file is read, spelled as Spark documents them. */
    public List<String> readOptions() {
        return readOptions;
    }

    /**
     * The format named {@code name}, in any case.
     *
     * @throws ArusException {@code DATA_SOURCE_NOT_FOUND}
     */
    public static FileFormat of(String name) {
        for (FileFormat format : values()) {
            if (format.formatName.equalsIgnoreCase(name == null ? "" : name.trim())) {
                return format;
            }
        }
        throw new ArusException("DATA_SOURCE_NOT_FOUND", "Unknown file format '" + name
                + "'. Known formats: csv, json, parquet");
    }

    /**
     * Checks that files of this format can hold {@code schema} read with {@code options}: CSV
     * takes atomic types only, and a text format's corrupt-record column must be a nullable
     * STRING; Parquet takes every type (a column's type is checked against the file's when read).
     *
     * @throws ArusException naming the column
     */
    public void checkSchema(Schema schema, Map<String, String> options) {
        if (this == CSV) {
            for (Field field : schema.fields()) {
                if (!(field.type() instanceof AtomicType)) {
                    throw new AnalysisException("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE",
                            "[UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE] The CSV datasource doesn't support the column `"
                            + field.name() + "` of the type \"" + field.type().simpleString().toUpperCase(Locale.ROOT)
                            + "\". SQLSTATE: 0A000");
                }
            }
        }
        if (this == PARQUET) {
            bool(options, "mergeSchema");
            return;
        }
        int corrupt = schema.indexOf(corruptRecordColumn(options));
        if (corrupt >= 0 && (schema.field(corrupt).type() != AtomicType.STRING || !schema.field(corrupt).nullable())) {
            throw new AnalysisException("INVALID_CORRUPT_RECORD_TYPE", "[INVALID_CORRUPT_RECORD_TYPE] The column `"
                    + schema.field(corrupt).name() + "` for corrupt records must have the nullable STRING type, "
                    + "but got " + schema.field(corrupt).type().sql() + ". SQLSTATE: 42804");
        }
    }

    /**
     * A reader of files of this format into rows of {@code schema}.
     *
     * @throws InvalidOptionException for a bad option value
     */
    public FileReader reader(Schema schema, Map<String, String> options, ZoneId zone) {
        checkSchema(schema, options);
        return switch (this) {
            case JSON -> new JsonFileReader(schema, new RecordRules(schema, options), bool(options, "multiLine"),
                    timestampPattern(options), zone);
            case CSV -> new CsvFileReader(schema, new RecordRules(schema, options), CsvFileReader.Settings.of(options),
                    timestampPattern(options), zone);
            case PARQUET -> new ParquetRowReader(schema);
        };
    }

    /** The text formats' {@code timestampFormat}: Spark's datetime pattern, or the cast's forms when absent. */
    private static TimestampPattern timestampPattern(Map<String, String> options) {
        try {
            return TimestampPattern.of(option(options, "timestampFormat"));
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionException("INVALID_DATETIME_PATTERN", "timestampFormat",
                    "Unrecognized datetime pattern: " + option(options, "timestampFormat") + " (" + e.getMessage() + ")");
        }
    }

    static String option(Map<String, String> options, String name) {
        return options.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }

    static String corruptRecordColumn(Map<String, String> options) {
        String name = option(options, "columnNameOfCorruptRecord");
        return name == null ? DEFAULT_CORRUPT_RECORD_COLUMN : name;
    }

    static boolean bool(Map<String, String> options, String name) {
        String value = option(options, name);
        if (value == null) {
            return false;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidOptionException(name, name + " flag can be true or false");
        };
    }
}
