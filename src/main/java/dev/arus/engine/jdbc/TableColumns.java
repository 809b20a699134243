package dev.arus.engine.jdbc;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.streaming.InvalidOptionException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The table columns a query's output fills: one per output column, except a window
 * ({@code struct<start:timestamp,end:timestamp>}, Spark's {@code window} and
 * {@code session_window}), which fills two, {@code <name>_start} and {@code <name>_end}. Two flat
 * columns rather than a composite type: Spark's PostgreSQL dialect maps no struct at all, a
 * composite type would have to be created in the database beside the table, and Grafana, BI tools
 * and indexes read a plain timestamp column ({@code WHERE window_start > ...}) where a composite
 * field needs {@code (window).start}. Immutable.
 */
final class TableColumns {

    /**
     * One table column: its name as the sink creates it, the output column it comes from, and for
     * a window which end ({@code 0} start, {@code 1} end; {@code -1} the whole value).
     */
    record Column(String name, int output, int windowField, DataType type) {

        Object value(Row row) {
            Object value = row.get(output);
            if (windowField < 0 || value == null) {
                return value;
            }
            return ((Row) value).get(windowField);
        }
    }

    private final List<Column> columns;
    private final Schema output;

    private TableColumns(List<Column> columns, Schema output) {
        this.columns = List.copyOf(columns);
        this.output = output;
    }

    /**
     * The columns of {@code output}.
     *
     * @throws InvalidOptionException {@code JDBC_SINK_UNSUPPORTED_TYPE} for a column of a type that
     *         Spark's PostgreSQL dialect does not map (a struct other than a window, a map, an interval)
     */
    static TableColumns of(Schema output) {
        List<Column> columns = new ArrayList<>();
        for (int c = 0; c < output.size(); c++) {
            Field field = output.field(c);
            if (isWindow(field.type())) {
                columns.add(new Column(field.name() + "_start", c, 0, AtomicType.TIMESTAMP));
                columns.add(new Column(field.name() + "_end", c, 1, AtomicType.TIMESTAMP));
            } else if (PostgresTypes.ddl(field.type()) == null) {
                throw new InvalidOptionException(JdbcErrors.UNSUPPORTED_TYPE, null, "[" + JdbcErrors.UNSUPPORTED_TYPE
                        + "] Column '" + field.name() + "' of the query's output is " + field.type().simpleString()
                        + ", which has no PostgreSQL type in Spark's JDBC dialect. Select its fields as columns of "
                        + "their own, or to_json(" + field.name() + ")");
            } else {
                columns.add(new Column(field.name(), c, -1, field.type()));
            }
        }
        return new TableColumns(columns, output);
    }

    private static boolean isWindow(DataType type) {
        return type instanceof StructType struct && struct.fields().size() == 2
                && struct.fields().get(0).name().equals("start") && struct.fields().get(1).name().equals("end")
                && struct.fields().get(0).type() == AtomicType.TIMESTAMP
                && struct.fields().get(1).type() == AtomicType.TIMESTAMP;
    }

    List<Column> all() {
        return columns;
    }

    /** Whether the output column {@code column} comes from may be NULL (a window's ends never are, but for a NULL window). */
    boolean nullable(Column column) {
        return output.field(column.output()).nullable();
    }

    /**
     * The table columns of the output columns named {@code keys} (a window names both of its
     * columns), in the table's order.
     *
     * @throws InvalidOptionException for a key that is no output column
     */
    List<Column> keys(List<String> keys) {
        Set<Column> chosen = new LinkedHashSet<>();
        for (String key : keys) {
            int index = output.indexOf(key);
            int column = indexOf(key);
            if (index >= 0) {
                columns.stream().filter(each -> each.output() == index).forEach(chosen::add);
            } else if (column >= 0) {
                chosen.add(columns.get(column));
            } else {
                throw new InvalidOptionException("keys", "Key '" + key + "' is not a column of the query's output: "
                        + output.names());
            }
        }
        return columns.stream().filter(chosen::contains).toList();
    }

    /** The column named {@code name} in any case ({@code window_start} too), or -1. */
    int indexOf(String name) {
        for (int c = 0; c < columns.size(); c++) {
            if (columns.get(c).name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        return -1;
    }
}
