package dev.arus.engine.log;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The columns of a stream that holds a query's output, as a streaming table's stream is made:
 * the output's columns in order, without {@value StreamDefinition#INGEST_TIME} (the stream
 * stamps its own), each nullable and of its own type, which the log stores as it is (atomic
 * types, decimals and structs of them, a window's {@code struct<start, end>} among them). A
 * column of another type (void, an interval, an array, a map) has no stream type and is refused.
 * Two sets of columns are the same when they have the same names, in any case and any order, of
 * the same types, nullability aside: the stream sink matches columns so.
 */
public final class StreamColumns {

    private StreamColumns() {
    }

    /**
     * The stream columns of a query's {@code output}.
     *
     * @throws AnalysisException {@value StreamDefinition#UNSUPPORTED_STREAM_COLUMN_TYPE} for the
     *         first column of a type no stream holds, saying what to write instead
     */
    public static Schema of(Schema output) {
        List<Field> columns = new ArrayList<>();
        for (Field field : output.fields()) {
            if (field.name().equalsIgnoreCase(StreamDefinition.INGEST_TIME)) {
                continue;
            }
            if (!StreamDefinition.storable(field.type())) {
                throw new AnalysisException(StreamDefinition.UNSUPPORTED_STREAM_COLUMN_TYPE, "["
                        + StreamDefinition.UNSUPPORTED_STREAM_COLUMN_TYPE + "] Column " + quoted(field.name())
                        + " of the query's output is " + field.type().sql() + ", which a stream cannot store: "
                        + StreamDefinition.STORABLE + ". " + advice(field));
            }
            columns.add(new Field(field.name(), nullable(field.type()), true));
        }
        return new Schema(columns);
    }

    private static String advice(Field field) {
        if (field.type() == AtomicType.NULL) {
            return "Give the NULL a type: CAST(NULL AS STRING) AS " + quoted(field.name());
        }
        return "Keep it as JSON text, to_json(...) AS " + quoted(field.name()) + ", or select its parts";
    }

    /** {@code type} with every struct field nullable. */
    private static DataType nullable(DataType type) {
        if (type instanceof StructType struct) {
            return new StructType(struct.fields().stream()
                    .map(f -> new Field(f.name(), nullable(f.type()), true)).toList());
        }
        return type;
    }

    /** The DDL that declares {@code columns}: {@code window STRUCT<start: TIMESTAMP, end: TIMESTAMP>, `sum(x)` DOUBLE}. */
    public static String ddl(Schema columns) {
        return columns.fields().stream().map(f -> StructType.quoteIfNeeded(f.name()) + " " + f.type().sql())
                .collect(Collectors.joining(", "));
    }

    /**
     * How {@code declared} (a stream's columns) differs from {@code wanted}: each column only one
     * has, or of another type, in words; empty when they are the same.
     */
    public static List<String> differences(Schema declared, Schema wanted) {
        List<String> differences = new ArrayList<>();
        for (Field column : wanted.fields()) {
            int at = declared.indexOf(column.name());
            if (at < 0) {
                differences.add("the query's column " + quoted(column.name()) + " " + column.type().sql()
                        + " is not the stream's");
            } else if (!sameType(declared.field(at).type(), column.type())) {
                differences.add("column " + quoted(column.name()) + " is " + column.type().sql() + " in the query's "
                        + "output and " + declared.field(at).type().sql() + " in the stream");
            }
        }
        for (Field column : declared.fields()) {
            if (wanted.indexOf(column.name()) < 0) {
                differences.add("the stream's column " + quoted(column.name()) + " " + column.type().sql()
                        + " is not in the query's output");
            }
        }
        return differences;
    }

    /** Whether the types are the same, nullability aside and field names in any case. */
    private static boolean sameType(DataType a, DataType b) {
        if (a instanceof StructType left && b instanceof StructType right) {
            if (left.fields().size() != right.fields().size()) {
                return false;
            }
            for (int f = 0; f < left.fields().size(); f++) {
                Field l = left.fields().get(f);
                Field r = right.fields().get(f);
                if (!l.name().toLowerCase(Locale.ROOT).equals(r.name().toLowerCase(Locale.ROOT))
                        || !sameType(l.type(), r.type())) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
