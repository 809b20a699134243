package dev.arus.engine.table;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.DataTypeParser;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.ExpressionAnalyzer;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads a static table from files, as Spark's batch readers read {@code json} and {@code csv}
 * with a given schema: {@code path} is a file, or a directory whose files (but for hidden ones,
 * starting with {@code .} or {@code _}) are read in name order. JSON is one object per line,
 * read as {@code from_json} reads it (a field missing or of the wrong kind is NULL); CSV has
 * Spark's {@code header} and {@code sep} options, and each value is cast to its column's type as
 * {@code CAST} does, an empty field being NULL.
 */
public final class StaticTableReader {

    public static final List<String> JSON_OPTIONS = List.of("path");
    public static final List<String> CSV_OPTIONS = List.of("path", "header", "sep");

    private StaticTableReader() {
    }

    /**
     * The schema of a table of {@code format} with these options, checked now.
     *
     * @throws ArusException for an unknown format, a bad schema, or an unknown or missing option
     */
    public static Schema schema(String format, String ddl, Map<String, String> options) {
        List<String> allowed = allowed(format);
        options.keySet().forEach(key -> {
            if (allowed.stream().noneMatch(name -> name.equalsIgnoreCase(key))) {
                throw new InvalidOptionException(key, "Unknown option '" + key + "' for a static " + format
                        + " table. Allowed options: " + String.join(", ", allowed));
            }
        });
        if (option(options, "path") == null) {
            throw new InvalidOptionException("path", "'path' is not specified");
        }
        Schema schema = DataTypeParser.parseSchema(ddl);
        if (format.equalsIgnoreCase("csv")) {
            for (Field field : schema.fields()) {
                if (!(field.type() instanceof AtomicType)) {
                    throw new ArusException("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE", "[UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE]"
                            + " The CSV datasource doesn't support the column `" + field.name() + "` of the type \""
                            + field.type().simpleString().toUpperCase(Locale.ROOT) + "\".");
                }
            }
        }
        return schema;
    }

    private static List<String> allowed(String format) {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "json" -> JSON_OPTIONS;
            case "csv" -> CSV_OPTIONS;
            default -> throw new ArusException("DATA_SOURCE_NOT_FOUND", "Unknown static table format '" + format
                    + "'. Known formats: csv, json");
        };
    }

    private static String option(Map<String, String> options, String name) {
        return options.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }

    /**
     * Reads the whole table.
     *
     * @throws ArusException {@code PATH_NOT_FOUND}, or for a CSV value its column's type cannot
     *         hold (naming the file and line)
     */
    public static StaticTable read(String format, Schema schema, Map<String, String> options, ZoneId zone) {
        List<Path> files = files(Path.of(option(options, "path")));
        List<String> lines = new ArrayList<>();
        List<String> origins = new ArrayList<>();
        boolean header = Boolean.parseBoolean(option(options, "header"));
        for (Path file : files) {
            try {
                List<String> content = Files.readAllLines(file, StandardCharsets.UTF_8);
                for (int i = header && format.equalsIgnoreCase("csv") ? 1 : 0; i < content.size(); i++) {
                    if (!content.get(i).isBlank()) {
                        lines.add(content.get(i));
                        origins.add(file + ", line " + (i + 1));
                    }
                }
            } catch (IOException e) {
                throw new ArusException("FAILED_READ_FILE", "[FAILED_READ_FILE] Cannot read " + file + ": "
                        + e.getMessage(), e);
            }
        }
        EvaluationContext context = new EvaluationContext(0, zone);
        return format.equalsIgnoreCase("json") ? json(schema, lines, context)
                : csv(schema, lines, origins, separator(options), context);
    }

    private static List<Path> files(Path path) {
        if (Files.isRegularFile(path)) {
            return List.of(path);
        }
        if (!Files.isDirectory(path)) {
            throw new ArusException("PATH_NOT_FOUND", "[PATH_NOT_FOUND] Path does not exist: "
                    + path.toAbsolutePath().toUri() + ".");
        }
        try (Stream<Path> entries = Files.list(path)) {
            return entries.filter(Files::isRegularFile)
                    .filter(file -> !file.getFileName().toString().startsWith(".")
                            && !file.getFileName().toString().startsWith("_"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new ArusException("FAILED_READ_FILE", "[FAILED_READ_FILE] Cannot list " + path + ": "
                    + e.getMessage(), e);
        }
    }

    private static char separator(Map<String, String> options) {
        String sep = option(options, "sep");
        if (sep == null) {
            return ',';
        }
        if (sep.equals("\\t")) {
            return '\t';
        }
        if (sep.length() != 1) {
            throw new InvalidOptionException("sep", "Delimiter cannot be more than one character: " + sep);
        }
        return sep.charAt(0);
    }

    private static StaticTable json(Schema schema, List<String> lines, EvaluationContext context) {
        Schema text = Schema.of(new Field("value", AtomicType.STRING, true));
        ColumnarBatch input = strings(text, lines, 0);
        BoundExpression parse = ExpressionAnalyzer.bind(new Expression.FunctionCall("from_json", List.of(
                new Expression.ColumnReference(List.of("value"), 0),
                Expression.Literal.of(ddl(schema), 0)), false, 0), text);
        StructVector parsed = (StructVector) parse.evaluate(input, context);
        ColumnVector[] columns = new ColumnVector[schema.size()];
        for (int c = 0; c < columns.length; c++) {
            columns[c] = parsed.child(c);
            for (int row = 0; row < lines.size(); row++) {
                if (parsed.isNull(row)) {
                    columns[c].setNull(row);
                }
            }
        }
        return new StaticTable(schema, new ColumnarBatch(schema, columns, lines.size()));
    }

    private static StaticTable csv(Schema schema, List<String> lines, List<String> origins, char sep,
                                   EvaluationContext context) {
        List<List<String>> rows = lines.stream().map(line -> CsvLines.split(line, sep)).toList();
        ColumnVector[] columns = new ColumnVector[schema.size()];
        for (int c = 0; c < columns.length; c++) {
            Field field = schema.field(c);
            List<String> values = new ArrayList<>();
            for (List<String> row : rows) {
                values.add(c < row.size() ? row.get(c) : null);
            }
            Schema text = Schema.of(new Field("value", AtomicType.STRING, true));
            ColumnarBatch input = strings(text, values, 0);
            if (field.type() == AtomicType.STRING) {
                columns[c] = input.column(0);
                continue;
            }
            BoundExpression cast = ExpressionAnalyzer.bind(new Expression.Cast(
                    new Expression.ColumnReference(List.of("value"), 0), (AtomicType) field.type(), 0), text);
            try {
                columns[c] = cast.evaluate(input, context);
            } catch (ArusException invalid) {
                throw new ArusException(invalid.errorClass(), invalid.getMessage() + " (column " + field.name()
                        + " of " + firstInvalid(values, field, origins) + ")", invalid);
            }
        }
        return new StaticTable(schema, new ColumnarBatch(schema, columns, lines.size()));
    }

    /** Where the first value of a column that does not cast lies, for the error message. */
    private static String firstInvalid(List<String> values, Field field, List<String> origins) {
        Schema one = Schema.of(new Field("value", AtomicType.STRING, true));
        BoundExpression cast = ExpressionAnalyzer.bind(new Expression.Cast(
                new Expression.ColumnReference(List.of("value"), 0), (AtomicType) field.type(), 0), one);
        for (int row = 0; row < values.size(); row++) {
            try {
                cast.evaluate(strings(one, Collections.singletonList(values.get(row)), 0),
                        new EvaluationContext(0, ZoneId.of("UTC")));
            } catch (ArusException invalid) {
                return origins.get(row);
            }
        }
        return "the file";
    }

    private static ColumnarBatch strings(Schema schema, List<String> values, int column) {
        ColumnarBatch batch = ColumnarBatch.allocate(schema, Math.max(1, values.size()));
        StringVector vector = (StringVector) batch.column(column);
        for (int row = 0; row < values.size(); row++) {
            vector.setObject(row, values.get(row));
        }
        batch.setSize(values.size());
        return batch;
    }

    /** The schema as the DDL {@code from_json} takes. */
    private static String ddl(Schema schema) {
        return String.join(", ", schema.fields().stream()
                .map(field -> "`" + field.name() + "` " + field.type().simpleString()).toList());
    }
}
