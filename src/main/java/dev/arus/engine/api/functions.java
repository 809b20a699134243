package dev.arus.engine.api;

import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.sql.ExpressionParser;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Spark's {@code org.apache.spark.sql.functions} for the functions Arus supports, lower-case
 * named as in Spark so that code reads the same. Every method builds an unresolved {@link Column}.
 */
@SuppressWarnings("checkstyle:TypeName")
public final class functions {

    private functions() {
    }

    /**
     * A column by name. Dots separate struct fields ({@code window.start}); back-quotes quote a
     * name that contains dots or other characters ({@code `a.b`}), {@code ``} being a back-quote.
     */
    public static Column col(String name) {
        if (name.equals("*")) {
            throw new AnalysisException("INVALID_USAGE_OF_STAR_OR_REGEX",
                    "[INVALID_USAGE_OF_STAR_OR_REGEX] Invalid usage of '*' in col(*).", -1, name);
        }
        return new Column(new Expression.ColumnReference(nameParts(name), -1));
    }

    public static Column column(String name) {
        return col(name);
    }

    private static List<String> nameParts(String name) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '`') {
                if (quoted && i + 1 < name.length() && name.charAt(i + 1) == '`') {
                    part.append('`');
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (c == '.' && !quoted) {
                parts.add(part.toString());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        if (quoted) {
            throw new ParseException("[PARSE_SYNTAX_ERROR] Syntax error at or near end of input at position "
                    + name.length() + ": expected a closing back-quote in column name " + name, name.length(), name);
        }
        parts.add(part.toString());
        return parts;
    }

    /** Parses a SQL expression, with an optional alias: {@code expr("value % 3 AS bucket")}. */
    public static Column expr(String expression) {
        return new Column(ExpressionParser.parseNamed(expression));
    }

    /** A literal: Integer, Long, Double, Float, String, Boolean or null; a Column is returned as is. */
    public static Column lit(Object value) {
        return value instanceof Column column ? column : new Column(Expression.Literal.of(value, -1));
    }

    public static Column not(Column condition) {
        return new Column(new Expression.Not(condition.expr(), -1));
    }

    public static Column negate(Column value) {
        return new Column(new Expression.Negate(value.expr(), -1));
    }

    public static Column when(Column condition, Object value) {
        return new Column(new Expression.CaseWhen(
                List.of(new Expression.WhenClause(condition.expr(), Column.toExpression(value))), null, -1));
    }

    /** Tumbling windows of {@code windowDuration}, such as {@code "8 seconds"}; only a groupBy key. */
    public static Column window(Column timeColumn, String windowDuration) {
        return call("window", timeColumn, lit(windowDuration));
    }

    public static Column window(Column timeColumn, String windowDuration, String slideDuration) {
        return call("window", timeColumn, lit(windowDuration), lit(slideDuration));
    }

    public static Column window(Column timeColumn, String windowDuration, String slideDuration, String startTime) {
        return call("window", timeColumn, lit(windowDuration), lit(slideDuration), lit(startTime));
    }

    /**
     * Session windows that close after {@code gapDuration} without events, such as
     * {@code "5 minutes"}; only a groupBy key, named {@code session_window}.
     */
    public static Column session_window(Column timeColumn, String gapDuration) {
        return call("session_window", timeColumn, lit(gapDuration));
    }

    /** Session windows whose gap each row gives, as an interval string such as {@code '5 minutes'}. */
    public static Column session_window(Column timeColumn, Column gapDuration) {
        return call("session_window", timeColumn, gapDuration);
    }

    public static Column count(Column value) {
        return call("count", value);
    }

    /** {@code count("*")} counts rows, named {@code count(1)} as in Spark. */
    public static Column count(String columnName) {
        if (columnName.equals("*")) {
            return new Column(new Expression.FunctionCall("count", List.of(), true, -1));
        }
        return count(col(columnName));
    }

    public static Column sum(Column value) {
        return call("sum", value);
    }

    public static Column sum(String columnName) {
        return sum(col(columnName));
    }

    public static Column avg(Column value) {
        return call("avg", value);
    }

    public static Column avg(String columnName) {
        return avg(col(columnName));
    }

    public static Column min(Column value) {
        return call("min", value);
    }

    public static Column min(String columnName) {
        return min(col(columnName));
    }

    public static Column max(Column value) {
        return call("max", value);
    }

    public static Column max(String columnName) {
        return max(col(columnName));
    }

    public static Column unix_timestamp() {
        return call("unix_timestamp");
    }

    public static Column unix_timestamp(Column value) {
        return call("unix_timestamp", value);
    }

    public static Column unix_timestamp(Column value, String format) {
        return call("unix_timestamp", value, lit(format));
    }

    public static Column timestamp_seconds(Column seconds) {
        return call("timestamp_seconds", seconds);
    }

    public static Column to_timestamp(Column value) {
        return call("to_timestamp", value);
    }

    public static Column to_timestamp(Column value, String format) {
        return call("to_timestamp", value, lit(format));
    }

    public static Column current_timestamp() {
        return call("current_timestamp");
    }

    public static Column date_format(Column timestamp, String format) {
        return call("date_format", timestamp, lit(format));
    }

    public static Column abs(Column value) {
        return call("abs", value);
    }

    public static Column coalesce(Column... values) {
        return call("coalesce", values);
    }

    public static Column concat(Column... values) {
        return call("concat", values);
    }

    /** Spark's {@code from_json(e, schema)}, the schema in DDL: {@code "amount BIGINT, item STRING"}. */
    public static Column from_json(Column json, String schema) {
        return call("from_json", json, lit(schema));
    }

    /** Spark's {@code to_json(e)} of a struct, array or map. */
    public static Column to_json(Column value) {
        return call("to_json", value);
    }

    /** Spark's {@code struct(cols*)}: fields named after the columns (or their aliases). */
    public static Column struct(Column... values) {
        return call("struct", values);
    }

    /** Spark's {@code named_struct(cols*)}: names (string literals) and values, alternating. */
    public static Column named_struct(Column... namesAndValues) {
        return call("named_struct", namesAndValues);
    }

    /** Spark's {@code get_json_object(e, path)}, with a path such as {@code "$.items[0].price"}. */
    public static Column get_json_object(Column json, String path) {
        return call("get_json_object", json, lit(path));
    }

    private static Column call(String name, Column... arguments) {
        return new Column(new Expression.FunctionCall(name,
                Arrays.stream(arguments).map(Column::expr).toList(), false, -1));
    }
}
