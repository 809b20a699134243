package dev.arus.engine.format;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.calendar.TimestampPattern;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads CSV files as Spark's CSV source does with a given schema: one record per line, split by
 * {@link CsvLines}, the first line of each file skipped with {@code header}; each field is read
 * into its column's type as {@code CAST} reads text (a TIMESTAMP as its {@link TimestampPattern}
 * says, by {@code timestampFormat} when given). A record with another number of fields than the schema
 * has columns, or a field that does not read as its type, is malformed ({@link RecordRules}).
 */
final class CsvFileReader implements FileReader {

    /** Spark's CSV options: {@code header}, {@code sep}, {@code quote}, {@code escape}, {@code nullValue}. */
    record Settings(boolean header, char sep, char quote, char escape, String nullValue) {

        static Settings of(Map<String, String> options) {
            String nullValue = FileFormat.option(options, "nullValue");
            return new Settings(FileFormat.bool(options, "header"), character(options, "sep", ','),
                    character(options, "quote", '"'), character(options, "escape", '\\'),
                    nullValue == null ? "" : nullValue);
        }

        /** Spark's {@code CSVExprUtils.toChar}: one character, or {@code \t} and the like written out. */
        private static char character(Map<String, String> options, String name, char defaultValue) {
            String value = FileFormat.option(options, name);
            if (value == null) {
                return defaultValue;
            }
            return switch (value) {
                case "\\t" -> '\t';
                case "\\r" -> '\r';
                case "\\b" -> '\b';
                case "\\f" -> '\f';
                case "\\\"" -> '"';
                case "\\'" -> '\'';
                case "\\\\" -> '\\';
                case "\\u0000" -> '\u0000';
                default -> {
                    if (value.length() == 1) {
                        yield value.charAt(0);
                    }
                    if (value.isEmpty() && name.equals("sep")) {
                        throw new InvalidOptionException(name, "[INVALID_DELIMITER_VALUE.EMPTY_STRING] Invalid value for "
                                + "delimiter. Delimiter cannot be empty string. SQLSTATE: 42602");
                    }
                    throw new InvalidOptionException(name, name.equals("sep")
                            ? "[INVALID_DELIMITER_VALUE.DELIMITER_LONGER_THAN_EXPECTED] Invalid value for delimiter. "
                              + "Delimiter cannot be more than one character: " + value + ". SQLSTATE: 42602"
                            : name + " cannot be more than one character");
                }
            };
        }
    }

    private static final Schema TEXT = Schema.of(new Field("value", AtomicType.STRING, true));

    private final Schema schema;
    private final RecordRules rules;
    private final Settings settings;
    private final TimestampPattern timestamps;
    private final ZoneId zone;

    CsvFileReader(Schema schema, RecordRules rules, Settings settings, TimestampPattern timestamps, ZoneId zone) {
        this.schema = schema;
        this.rules = rules;
        this.settings = settings;
        this.timestamps = timestamps;
        this.zone = zone;
        conversions();
    }

    /** The conversion of each parsed column from text, bound anew for each file: a bound expression serves one thread. */
    private BoundExpression[] conversions() {
        Schema parsed = rules.parsedSchema();
        BoundExpression[] conversions = new BoundExpression[parsed.size()];
        for (int c = 0; c < parsed.size(); c++) {
            conversions[c] = conversion(parsed.field(c));
        }
        return conversions;
    }

    /** None for a STRING column, which is the text, and for a TIMESTAMP column, read by the {@link TimestampPattern}. */
    private static BoundExpression conversion(Field field) {
        Expression text = new Expression.ColumnReference(List.of("value"), 0);
        if (field.type() == AtomicType.STRING || field.type() == AtomicType.TIMESTAMP) {
            return null;
        }
        return ExpressionAnalyzer.bind(new Expression.Cast(text, field.type(), 0), TEXT);
    }

    @Override
    public void read(Path file, Consumer<ColumnarBatch> consumer) {
        List<String> lines = TextRecords.lines(file, settings.header());
        Schema parsed = rules.parsedSchema();
        EvaluationContext context = new EvaluationContext(0, zone);
        BoundExpression[] conversions = conversions();
        for (int from = 0; from < lines.size(); from += ColumnarBatch.CHUNK_SIZE) {
            int size = Math.min(ColumnarBatch.CHUNK_SIZE, lines.size() - from);
            String[] records = new String[size];
            boolean[] malformed = new boolean[size];
            StringVector[] fields = new StringVector[parsed.size()];
            for (int c = 0; c < fields.length; c++) {
                fields[c] = (StringVector) ColumnVector.allocate(AtomicType.STRING, size);
            }
            for (int row = 0; row < size; row++) {
                records[row] = lines.get(from + row);
                List<String> values = CsvLines.split(records[row], settings.sep(), settings.quote(),
                        settings.escape(), settings.nullValue());
                malformed[row] = values.size() != fields.length;
                for (int c = 0; c < fields.length; c++) {
                    fields[c].setObject(row, c < values.size() ? values.get(c) : null);
                }
            }
            ColumnarBatch out = new ColumnarBatch(schema, new ColumnVector[schema.size()], size);
            for (int c = 0; c < fields.length; c++) {
                out.setColumn(rules.schemaIndex(c), convert(conversions[c], c, fields[c], size, malformed, context));
            }
            rules.finish(out, records, malformed, size, file);
            consumer.accept(out);
        }
    }

    /** A TIMESTAMP column read by {@code timestampFormat} (or as the cast reads it); text that does not read is NULL and malformed. */
    private ColumnVector timestamps(StringVector text, int size, boolean[] malformed) {
        LongVector result = (LongVector) ColumnVector.allocate(AtomicType.TIMESTAMP, Math.max(1, size));
        for (int row = 0; row < size; row++) {
            String value = (String) text.getObject(row);
            Long micros = value == null ? null : timestamps.parse(value, zone);
            if (micros == null) {
                result.setNull(row);
                malformed[row] |= value != null;
            } else {
                result.values()[row] = micros;
            }
        }
        return result;
    }

    /**
     * Column {@code c} read into its type; a field that does not read (the cast fails, or gives
     * NULL for text that is not NULL) is NULL and marks its row malformed. The column is cast
     * whole; only when that fails is it cast again value by value, to find the culprits.
     */
    private ColumnVector convert(BoundExpression conversion, int c, StringVector text, int size, boolean[] malformed, EvaluationContext context) {
        if (rules.parsedSchema().field(c).type() == AtomicType.TIMESTAMP) {
            return timestamps(text, size, malformed);
        }
        if (conversion == null) {
            return text;
        }
        ColumnarBatch input = new ColumnarBatch(TEXT, new ColumnVector[] {text}, size);
        ColumnVector result;
        try {
            result = conversion.evaluate(input, context);
        } catch (ArusException invalid) {
            result = ColumnVector.allocate(rules.parsedSchema().field(c).type(), Math.max(1, size));
            StringVector one = (StringVector) ColumnVector.allocate(AtomicType.STRING, 1);
            ColumnarBatch single = new ColumnarBatch(TEXT, new ColumnVector[] {one}, 1);
            for (int row = 0; row < size; row++) {
                one.setObject(0, text.getObject(row));
                try {
                    conversion.evaluate(single, context).copyRow(0, result, row);
                } catch (ArusException bad) {
                    result.setNull(row);
                }
            }
        }
        for (int row = 0; row < size; row++) {
            if (!text.isNull(row) && result.isNull(row)) {
                malformed[row] = true;
            }
        }
        return result;
    }
}
