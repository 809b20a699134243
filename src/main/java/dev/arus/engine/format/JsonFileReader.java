package dev.arus.engine.format;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.expr.calendar.TimestampPattern;
import dev.arus.engine.expr.json.JsonValueReader;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads JSON files as Spark's JSON source does with a given schema: one object per line (blank
 * lines skipped), or with {@code multiLine} the whole file as one document, an array of objects
 * being one row per element. Each record is read as {@code from_json} reads it
 * ({@link JsonValueReader}), a TIMESTAMP field by {@code timestampFormat} when given
 * ({@link TimestampPattern}); a record that is not valid JSON, not an object, or has a value that
 * does not fit its field is malformed, handled as {@link RecordRules} says.
 */
final class JsonFileReader implements FileReader {

    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private final Schema schema;
    private final RecordRules rules;
    private final boolean multiLine;
    private final TimestampPattern timestamps;
    private final ZoneId zone;
    private final StructType parsedType;

    JsonFileReader(Schema schema, RecordRules rules, boolean multiLine, TimestampPattern timestamps, ZoneId zone) {
        this.schema = schema;
        this.rules = rules;
        this.multiLine = multiLine;
        this.timestamps = timestamps;
        this.zone = zone;
        this.parsedType = new StructType(rules.parsedSchema().fields());
    }

    @Override
    public void read(Path file, Consumer<ColumnarBatch> consumer) {
        JsonValueReader reader = new JsonValueReader(parsedType, timestamps);
        if (multiLine) {
            List<String> records = documents(TextRecords.text(file));
            read(records.size(), records::get, (row, out, at) -> reader.read(records.get(row), out, at, zone), reader,
                    file, consumer);
        } else {
            TextRecords.ByteLines lines = TextRecords.ByteLines.of(TextRecords.bytes(file));
            read(lines.count(), lines::text, (row, out, at) -> reader.readUtf8(lines.bytes(), lines.starts()[row],
                    lines.ends()[row] - lines.starts()[row], out, at, zone), reader, file, consumer);
        }
    }

    /** Reads record {@code record} into row {@code row} of {@code out}. */
    private interface RecordParse {
        void parse(int record, StructVector out, int row);
    }

    /**
     * Parses {@code count} records chunk by chunk; the text of a record ({@code texts}) is made only
     * for a malformed one, which its corrupt-record column may take.
     */
    private void read(int count, IntFunction<String> texts, RecordParse parse,
                      JsonValueReader reader, Path file, Consumer<ColumnarBatch> consumer) {
        for (int from = 0; from < count; from += ColumnarBatch.CHUNK_SIZE) {
            int size = Math.min(ColumnarBatch.CHUNK_SIZE, count - from);
            StructVector parsed = (StructVector) ColumnVector.allocate(parsedType, size);
            String[] malformedTexts = new String[size];
            boolean[] malformed = new boolean[size];
            for (int row = 0; row < size; row++) {
                parse.parse(from + row, parsed, row);
                malformed[row] = reader.wasMalformed();
                if (malformed[row]) {
                    malformedTexts[row] = texts.apply(from + row);
                }
            }
            ColumnarBatch out = new ColumnarBatch(schema, new ColumnVector[schema.size()], size);
            for (int c = 0; c < parsedType.fields().size(); c++) {
                out.setColumn(rules.schemaIndex(c), parsed.child(c));
            }
            rules.finish(out, malformedTexts, malformed, size, file);
            consumer.accept(out);
        }
    }

    /**
     * The records of a multi-line file: each element of a top-level array, or the whole text.
     * Text that is not JSON is one (malformed) record.
     */
    private static List<String> documents(String text) {
        List<String> documents = new ArrayList<>();
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), text)) {
            JsonToken first = parser.nextToken();
            if (first != JsonToken.START_ARRAY) {
                return text.isBlank() ? List.of() : List.of(text);
            }
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY && token != null) {
                int start = (int) parser.currentTokenLocation().getCharOffset();
                parser.skipChildren();
                int end = (int) parser.currentLocation().getCharOffset();
                documents.add(text.substring(start, end));
            }
            return documents;
        } catch (JacksonException e) {
            return List.of(text);
        }
    }
}
