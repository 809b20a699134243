package dev.arus.engine.format;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.streaming.ArusException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * How a text format's reader treats a chunk's malformed records, after Spark's
 * {@code FailureSafeParser}: the parsed columns are the schema's but for the corrupt-record
 * column ({@code columnNameOfCorruptRecord}, when the schema has it), which the reader never
 * parses into; then {@link ParseMode#PERMISSIVE} keeps a malformed row and puts its record in
 * that column, {@link ParseMode#DROPMALFORMED} leaves it out, {@link ParseMode#FAILFAST} fails.
 */
final class RecordRules {

    private final ParseMode mode;
    private final int corruptColumn;
    private final Schema parsedSchema;
    private final int[] parsedToSchema;

    RecordRules(Schema schema, Map<String, String> options) {
        this.mode = ParseMode.of(FileFormat.option(options, "mode"));
        this.corruptColumn = schema.indexOf(FileFormat.corruptRecordColumn(options));
        List<Field> parsed = new ArrayList<>();
        int[] positions = new int[schema.size()];
        for (int i = 0; i < schema.size(); i++) {
            if (i != corruptColumn) {
                positions[parsed.size()] = i;
                parsed.add(schema.field(i));
            }
        }
        this.parsedSchema = new Schema(parsed);
        this.parsedToSchema = java.util.Arrays.copyOf(positions, parsed.size());
    }

    /** The columns a reader parses, in the schema's order: all but the corrupt-record column. */
    Schema parsedSchema() {
        return parsedSchema;
    }

    /** Where parsed column {@code parsed} sits in the schema. */
    int schemaIndex(int parsed) {
        return parsedToSchema[parsed];
    }

    /**
     * Applies the mode to {@code out}, whose parsed columns hold {@code size} rows, malformed where
     * {@code malformed} says so, {@code records} holding the text of each malformed one (of the
     * others it may hold null); sets its corrupt-record column and its size.
     */
    void finish(ColumnarBatch out, String[] records, boolean[] malformed, int size, Path file) {
        if (corruptColumn >= 0) {
            StringVector corrupt = (StringVector) ColumnVector.allocate(out.schema().field(corruptColumn).type(),
                    Math.max(1, size));
            for (int row = 0; row < size; row++) {
                if (malformed[row] && mode == ParseMode.PERMISSIVE) {
                    corrupt.setObject(row, records[row]);
                } else {
                    corrupt.setNull(row);
                }
            }
            out.setColumn(corruptColumn, corrupt);
        }
        out.setSize(size);
        boolean any = false;
        for (int row = 0; row < size; row++) {
            if (malformed[row]) {
                any = true;
                if (mode == ParseMode.FAILFAST) {
                    throw failFast(out, row, file);
                }
            }
        }
        if (any && mode == ParseMode.DROPMALFORMED) {
            boolean[] keep = new boolean[size];
            for (int row = 0; row < size; row++) {
                keep[row] = !malformed[row];
            }
            int kept = 0;
            for (int c = 0; c < out.schema().size(); c++) {
                ColumnVector packed = ColumnVector.allocate(out.schema().field(c).type(), Math.max(1, size));
                kept = packed.compact(out.column(c), keep, size);
                out.setColumn(c, packed);
            }
            out.setSize(kept);
        }
    }

    /** Spark's FAILFAST error, inside the error of the file read as Spark wraps it. */
    private ArusException failFast(ColumnarBatch out, int row, Path file) {
        StringJoiner partial = new StringJoiner(",", "[", "]");
        for (int c = 0; c < parsedSchema.size(); c++) {
            partial.add(String.valueOf(out.column(parsedToSchema[c]).getObject(row)));
        }
        ArusException malformed = new ArusException("MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION",
                "[MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION] Malformed records are detected in record parsing: "
                + partial + ". Parse Mode: FAILFAST. To process malformed records as null result, try setting the "
                + "option 'mode' as 'PERMISSIVE'. SQLSTATE: 22023");
        return new ArusException("FAILED_READ_FILE.NO_HINT", "[FAILED_READ_FILE.NO_HINT] Encountered error while "
                + "reading file " + file.toUri() + ".  SQLSTATE: KD001", malformed);
    }
}
