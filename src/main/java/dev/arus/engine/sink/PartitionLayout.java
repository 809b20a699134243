package dev.arus.engine.sink;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.ValueText;
import dev.arus.engine.streaming.AnalysisException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How a file sink lays its rows out in Hive-style directories, as Spark's {@code partitionBy}:
 * a row goes under {@code col1=value1/col2=value2/}, each value its {@code CAST(.. AS STRING)}
 * escaped as Spark's {@code ExternalCatalogUtils.escapePathName} escapes it, NULL and the empty
 * string as {@value #DEFAULT_PARTITION_NAME}; the data files hold the other columns, the data
 * columns, in their order. With no partition columns every row goes to the root, whole.
 * Immutable.
 */
final class PartitionLayout {

    /** Hive's name for a NULL partition value, which Spark keeps. */
    static final String DEFAULT_PARTITION_NAME = "__HIVE_DEFAULT_PARTITION__";

    /**
     * Spark's {@code ExternalCatalogUtils.charToEscape} on Linux: the ASCII controls, DEL, and the
     * characters of the string below.
     */
    private static final boolean[] ESCAPED = new boolean[128];
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    static {
        for (char c = 1; c < 0x20; c++) {
            ESCAPED[c] = true;
        }
        for (char c : "\"#%'*/:=?\\\u007F{[]^".toCharArray()) {
            ESCAPED[c] = true;
        }
    }

    private final int[] partitionIndexes;
    private final int[] dataIndexes;
    private final Schema dataSchema;
    private final String[] escapedNames;
    private final ZoneId zone;

    private PartitionLayout(int[] partitionIndexes, Schema schema, ZoneId zone) {
        this.partitionIndexes = partitionIndexes;
        Set<Integer> partition = new HashSet<>();
        for (int index : partitionIndexes) {
            partition.add(index);
        }
        List<Field> data = new ArrayList<>();
        this.dataIndexes = new int[schema.size() - partitionIndexes.length];
        for (int i = 0, d = 0; i < schema.size(); i++) {
            if (!partition.contains(i)) {
                data.add(schema.field(i));
                dataIndexes[d++] = i;
            }
        }
        this.dataSchema = new Schema(data);
        this.escapedNames = new String[partitionIndexes.length];
        for (int p = 0; p < partitionIndexes.length; p++) {
            escapedNames[p] = escapePathName(schema.field(partitionIndexes[p]).name());
        }
        this.zone = zone;
    }

    /**
     * The layout of {@code columns} (names matched in any case, as Spark's resolver) over
     * {@code schema}, checked as Spark's {@code PartitioningUtils.validatePartitionColumn}: no
     * column twice, every column in the schema and of an atomic type, and not every column.
     *
     * @throws AnalysisException {@code COLUMN_ALREADY_EXISTS}, {@code _LEGACY_ERROR_TEMP_1155} (not in
     *         the schema), {@code INVALID_PARTITION_COLUMN_DATA_TYPE}, {@code ALL_PARTITION_COLUMNS_NOT_ALLOWED}
     */
    static PartitionLayout of(List<String> columns, Schema schema, ZoneId zone) {
        Set<String> seen = new HashSet<>();
        for (String column : columns) {
            if (!seen.add(column.toLowerCase(Locale.ROOT))) {
                throw new AnalysisException("COLUMN_ALREADY_EXISTS", "[COLUMN_ALREADY_EXISTS] The column `"
                        + column.toLowerCase(Locale.ROOT) + "` already exists. Choose another name or rename the "
                        + "existing column. SQLSTATE: 42711");
            }
        }
        int[] indexes = new int[columns.size()];
        for (int p = 0; p < columns.size(); p++) {
            indexes[p] = schema.indexOf(columns.get(p));
            if (indexes[p] < 0) {
                throw new AnalysisException("_LEGACY_ERROR_TEMP_1155", "Partition column `" + columns.get(p)
                        + "` not found in schema " + schema + ".");
            }
        }
        for (int index : indexes) {
            DataType type = schema.field(index).type();
            if (type.isComplex() || type == AtomicType.NULL) {
                throw new AnalysisException("INVALID_PARTITION_COLUMN_DATA_TYPE", "[INVALID_PARTITION_COLUMN_DATA_TYPE] "
                        + "Cannot use \"" + type.sql() + "\" for partition column. SQLSTATE: 0A000");
            }
        }
        if (indexes.length > 0 && indexes.length == schema.size()) {
            throw new AnalysisException("ALL_PARTITION_COLUMNS_NOT_ALLOWED", "[ALL_PARTITION_COLUMNS_NOT_ALLOWED] "
                    + "Cannot use all columns for partition columns. SQLSTATE: KD005");
        }
        return new PartitionLayout(indexes, schema, zone);
    }

    boolean partitioned() {
        return partitionIndexes.length > 0;
    }

    /** The columns the data files hold: all but the partition columns, in the schema's order. */
    Schema dataSchema() {
        return dataSchema;
    }

    /** The directory of {@code row} under the sink's root, {@code a=1/b=x/}; empty when unpartitioned. */
    String directoryOf(Row row) {
        StringBuilder directory = new StringBuilder();
        for (int p = 0; p < partitionIndexes.length; p++) {
            Object value = row.get(partitionIndexes[p]);
            String text = value == null ? null
                    : ValueText.of(value, row.schema().field(partitionIndexes[p]).type(), zone);
            directory.append(escapedNames[p]).append('=')
                    .append(text == null || text.isEmpty() ? DEFAULT_PARTITION_NAME : escapePathName(text))
                    .append('/');
        }
        return directory.toString();
    }

    /** {@code row} without its partition columns; {@code row} itself when unpartitioned. */
    Row dataRow(Row row) {
        if (!partitioned()) {
            return row;
        }
        Object[] values = new Object[dataIndexes.length];
        for (int d = 0; d < dataIndexes.length; d++) {
            values[d] = row.get(dataIndexes[d]);
        }
        return new Row(dataSchema, values);
    }

    /** Spark's {@code escapePathName}: each character it escapes as {@code %XX}, upper-case hex. */
    static String escapePathName(String text) {
        StringBuilder escaped = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < ESCAPED.length && ESCAPED[c]) {
                if (escaped == null) {
                    escaped = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                escaped.append('%').append(HEX[(c & 0xF0) >> 4]).append(HEX[c & 0x0F]);
            } else if (escaped != null) {
                escaped.append(c);
            }
        }
        return escaped == null ? text : escaped.toString();
    }
}
