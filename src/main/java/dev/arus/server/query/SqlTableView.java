package dev.arus.server.query;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import java.util.List;

/**
 * A table as a statement in SQL sees it: its name, whether it is static or a stream, and its
 * columns, as {@code POST /api/sql/tables} tells an editor what it may complete.
 */
record SqlTableView(String name, @JsonProperty("static") boolean isStatic, List<SqlColumn> columns) {

    /** A column: its name, Spark's simple string of its type, and whether it may be NULL. */
    record SqlColumn(String name, String type, boolean nullable) {

        static SqlColumn of(Field field) {
            return new SqlColumn(field.name(), field.type().simpleString(), field.nullable());
        }
    }

    static SqlTableView of(String name, boolean isStatic, Schema schema) {
        return new SqlTableView(name, isStatic, columns(schema));
    }

    static List<SqlColumn> columns(Schema schema) {
        return schema.fields().stream().map(SqlColumn::of).toList();
    }
}
