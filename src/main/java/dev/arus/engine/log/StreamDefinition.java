package dev.arus.engine.log;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.sql.DataTypeParser;
import dev.arus.engine.streaming.AnalysisException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a stream is: its name (letters, digits, {@code _} and {@code -}, at most 64), its
 * declared schema as DDL and parsed, its number of partitions, the field that chooses a record's
 * partition (null: a request's records go to the partitions in turn) and its retention. Atomic
 * column types, decimals and structs of them, no intervals, arrays or maps: a record is stored
 * column by column, a struct's fields as columns of their own.
 */
public record StreamDefinition(String name, String schemaDdl, Schema schema, int partitions, String keyField,
                               Retention retention) {

    /** The column every reader gets after the declared ones: when the record was appended. */
    public static final String INGEST_TIME = "ingest_time";

    public static final int MAX_PARTITIONS = 256;

    /** The error class of a column whose type a stream cannot store. */
    public static final String UNSUPPORTED_STREAM_COLUMN_TYPE = "UNSUPPORTED_STREAM_COLUMN_TYPE";

    /** What a stream stores, as a message says it. */
    public static final String STORABLE = "use boolean, tinyint, smallint, int, bigint, float, double, decimal(p,s), "
            + "string, binary, date or timestamp columns, or structs of them";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    /**
     * A checked definition.
     *
     * @throws AnalysisException for a bad name, schema (a column twice, in any case, is
     *         {@code COLUMN_ALREADY_EXISTS}), partition count or key field
     */
    public static StreamDefinition of(String name, String schemaDdl, int partitions, String keyField,
                                      Retention retention) {
        checkName(name);
        if (!StandardCharsets.UTF_8.newEncoder().canEncode(schemaDdl)) {
            throw new AnalysisException("INVALID_STREAM_SCHEMA", "The schema holds half of a surrogate pair without "
                    + "the other half, which is not Unicode text and cannot be stored");
        }
        Schema schema = DataTypeParser.parseSchema(schemaDdl);
        Set<String> names = new HashSet<>();
        for (Field field : schema.fields()) {
            // Names resolve in any case, as in Spark, whose checkSchemaColumnNameDuplication refuses these too.
            if (!names.add(field.name().toLowerCase(Locale.ROOT))) {
                throw new AnalysisException("COLUMN_ALREADY_EXISTS", "[COLUMN_ALREADY_EXISTS] The column `"
                        + field.name().toLowerCase(Locale.ROOT) + "` already exists. Choose another name or rename the "
                        + "existing column. SQLSTATE: 42711");
            }
            if (!storable(field.type())) {
                throw new AnalysisException(UNSUPPORTED_STREAM_COLUMN_TYPE, "Column '" + field.name() + "' of type "
                        + field.type().simpleString() + " cannot be stored in a stream: " + STORABLE);
            }
            if (field.name().equalsIgnoreCase(INGEST_TIME)) {
                throw new AnalysisException("INVALID_STREAM_SCHEMA", "Column '" + INGEST_TIME + "' is every stream's"
                        + " own: give the declared column another name");
            }
        }
        if (schema.size() == 0) {
            throw new AnalysisException("INVALID_STREAM_SCHEMA", "A stream has at least one column");
        }
        if (partitions < 1 || partitions > MAX_PARTITIONS) {
            throw new AnalysisException("INVALID_STREAM_PARTITIONS", "A stream has 1 to " + MAX_PARTITIONS
                    + " partitions, not " + partitions);
        }
        if (keyField != null && schema.indexOf(keyField) < 0) {
            throw new AnalysisException("UNRESOLVED_COLUMN.WITH_SUGGESTION", "The key field '" + keyField
                    + "' is not a column of the stream: " + schema.names());
        }
        return new StreamDefinition(name, schemaDdl, schema, partitions, keyField,
                retention == null ? Retention.FOREVER : retention);
    }

    /**
     * Checks a stream's name: 1 to 64 letters, digits, {@code _} or {@code -}.
     *
     * @throws AnalysisException {@code INVALID_STREAM_NAME}
     */
    public static void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new AnalysisException("INVALID_STREAM_NAME", "A stream name is 1 to 64 letters, digits, '_' or '-',"
                    + " not '" + name + "'");
        }
    }

    /**
     * Whether a column of {@code type} can be stored: an atomic type but void, a decimal, or a
     * struct of at least one field, each of a type that can be stored.
     */
    public static boolean storable(DataType type) {
        if (type instanceof StructType struct) {
            return !struct.fields().isEmpty() && struct.fields().stream().allMatch(f -> storable(f.type()));
        }
        return type instanceof AtomicType atomic && atomic != AtomicType.NULL || type instanceof DecimalType;
    }

    /** The columns a reader gets: the declared ones, then {@value #INGEST_TIME}. */
    public Schema readSchema() {
        return schema.withField(new Field(INGEST_TIME, AtomicType.TIMESTAMP, false));
    }
}
