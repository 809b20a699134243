package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Binds calls of the scalar functions: abs, coalesce, concat, current_timestamp, date_format,
 * timestamp_seconds, to_timestamp, unix_timestamp and window_time. Aggregates and {@code window} are refused
 * here: {@link ExpressionAnalyzer} binds them where a query allows them.
 */
final class FunctionBinder {

    static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max");
    private static final List<String> KNOWN = List.of("abs", "coalesce", "concat", "current_timestamp",
            "date_format", "timestamp_seconds", "to_timestamp", "unix_timestamp", "window", "window_time", "count",
            "sum", "avg", "min", "max");

    private FunctionBinder() {
    }

    static BoundExpression bind(ExpressionBinder binder, FunctionCall call) {
        String name = call.name().toLowerCase(Locale.ROOT);
        if (AGGREGATES.contains(name)) {
            throw misplacedAggregate(binder, call);
        }
        if (name.equals("window")) {
            throw binder.error("UNSUPPORTED_EXPR_FOR_OPERATOR", "window(...) is only supported as a groupBy key: "
                    + call.sql(), call.position());
        }
        if (call.star()) {
            throw binder.error("INVALID_USAGE_OF_STAR_OR_REGEX", "Invalid usage of '*' in " + name + "(*).",
                    call.position());
        }
        List<BoundExpression> arguments = new ArrayList<>();
        for (Expression argument : call.arguments()) {
            arguments.add(binder.bind(argument));
        }
        return switch (name) {
            case "abs" -> abs(binder, call, arguments);
            case "coalesce" -> coalesce(binder, call, arguments);
            case "concat" -> concat(binder, call, arguments);
            case "current_timestamp" -> {
                arity(binder, call, 0, 0);
                yield new CurrentTimestamp();
            }
            case "date_format" -> dateFormat(binder, call, arguments);
            case "timestamp_seconds" -> timestampSeconds(binder, call, arguments);
            case "to_timestamp" -> toTimestamp(binder, call, arguments);
            case "unix_timestamp" -> unixTimestamp(binder, call, arguments);
            case "window_time" -> windowTime(binder, call, arguments);
            default -> throw ColumnResolver.unresolved("function", call.name(), KNOWN, call.position(),
                    call.sql());
        };
    }

    private static dev.arus.engine.streaming.AnalysisException misplacedAggregate(ExpressionBinder binder,
            FunctionCall call) {
        if (binder.insideAggregate()) {
            return binder.error("NESTED_AGGREGATE_FUNCTION", "It is not allowed to use an aggregate function in"
                    + " the argument of another aggregate function: " + call.sql() + ".", call.position());
        }
        return binder.error("UNSUPPORTED_EXPR_FOR_OPERATOR", "Aggregate functions are only allowed in agg(...)"
                + " after groupBy, as whole aggregate columns. Invalid expressions: [" + call.sql() + "]",
                call.position());
    }

    private static BoundExpression abs(ExpressionBinder binder, FunctionCall call, List<BoundExpression> arguments) {
        arity(binder, call, 1, 1);
        BoundExpression child = binder.requireNumeric(call, arguments.get(0));
        return new UnaryMath(UnaryMath.Operation.ABS, child, sql("abs", arguments));
    }

    private static BoundExpression coalesce(ExpressionBinder binder, FunctionCall call,
            List<BoundExpression> arguments) {
        arity(binder, call, 1, Integer.MAX_VALUE);
        String sql = sql("coalesce", arguments);
        DataType type = binder.commonType(arguments, "coalesce", sql, call.position());
        DataType resultType = type == AtomicType.NULL ? AtomicType.STRING : type;
        return new Coalesce(arguments.stream().map(a -> TypeCoercion.implicitCast(a, resultType)).toList(),
                resultType, sql);
    }

    /** Spark casts non-string arguments of concat to strings. */
    private static BoundExpression concat(ExpressionBinder binder, FunctionCall call,
            List<BoundExpression> arguments) {
        arity(binder, call, 1, Integer.MAX_VALUE);
        for (BoundExpression argument : arguments) {
            if (argument.dataType() instanceof StructType) {
                throw binder.unexpectedType(call.sql(), call.position(), "first", "\"STRING\"", argument);
            }
        }
        return new Concat(arguments.stream().map(a -> TypeCoercion.implicitCast(a, AtomicType.STRING)).toList(),
                sql("concat", arguments));
    }

    private static BoundExpression dateFormat(ExpressionBinder binder, FunctionCall call,
            List<BoundExpression> arguments) {
        arity(binder, call, 2, 2);
        BoundExpression timestamp = timestampArgument(binder, call, arguments.get(0));
        String pattern = pattern(binder, call, 1);
        return new DateFormat(timestamp, pattern, sql("date_format", arguments));
    }

    private static BoundExpression timestampSeconds(ExpressionBinder binder, FunctionCall call,
            List<BoundExpression> arguments) {
        arity(binder, call, 1, 1);
        BoundExpression seconds = binder.requireNumeric(call, arguments.get(0));
        return new SecondsToTimestamp(seconds, sql("timestamp_seconds", arguments));
    }

    /** Without a pattern, Spark's to_timestamp is a cast; with one, a pattern parse. */
    private static BoundExpression toTimestamp(ExpressionBinder binder, FunctionCall call,
            List<BoundExpression> arguments) {
        arity(binder, call, 1, 2);
        String sql = sql("to_timestamp", arguments);
        BoundExpression value = arguments.get(0);
        if (value.dataType() == AtomicType.TIMESTAMP || value.dataType() == AtomicType.NULL) {
            return new Renamed(TypeCoercion.implicitCast(value, AtomicType.TIMESTAMP), sql);
        }
        if (value.dataType() != AtomicType.STRING) {
            throw binder.unexpectedType(call.sql(), call.position(), "first", "(\"STRING\" or \"TIMESTAMP\")", value);
        }
        if (arguments.size() == 1) {
            return new StringCast(value, AtomicType.TIMESTAMP, sql);
        }
        return new ParseTimestamp(value, pattern(binder, call, 1), false, sql);
    }

    /** {@code unix_timestamp([value[, pattern]])}; Spark names it with the default pattern shown. */
    private static BoundExpression unixTimestamp(ExpressionBinder binder, FunctionCall call,
            List<BoundExpression> arguments) {
        arity(binder, call, 0, 2);
        BoundExpression value = arguments.isEmpty() ? new CurrentTimestamp() : arguments.get(0);
        String pattern = arguments.size() == 2 ? pattern(binder, call, 1) : DateTimeFormats.DEFAULT_PATTERN;
        String sql = SqlText.function("unix_timestamp", List.of(value.sql(), pattern));
        if (value.dataType() == AtomicType.STRING) {
            return new ParseTimestamp(value, pattern, true, sql);
        }
        BoundExpression timestamp = timestampArgument(binder, call, value);
        return new NumericCast(timestamp, AtomicType.LONG, sql);
    }

    /** {@code window_time(window)}: the argument must be a time window column, such as an aggregation's {@code window}. */
    private static BoundExpression windowTime(ExpressionBinder binder, FunctionCall call,
            List<BoundExpression> arguments) {
        arity(binder, call, 1, 1);
        BoundExpression window = arguments.get(0);
        if (!window.dataType().equals(StructType.WINDOW)) {
            throw binder.unexpectedType(call.sql(), call.position(), "first",
                    "\"STRUCT<start: TIMESTAMP, end: TIMESTAMP>\"", window);
        }
        return new WindowTime(window, sql("window_time", arguments));
    }

    private static BoundExpression timestampArgument(ExpressionBinder binder, FunctionCall call,
            BoundExpression value) {
        if (value.dataType() == AtomicType.TIMESTAMP) {
            return value;
        }
        if (value.dataType() == AtomicType.STRING || value.dataType() == AtomicType.NULL) {
            return TypeCoercion.implicitCast(value, AtomicType.TIMESTAMP);
        }
        throw binder.unexpectedType(call.sql(), call.position(), "first", "\"TIMESTAMP\"", value);
    }

    /** Arus compiles datetime patterns once, so they must be string literals. */
    private static String pattern(ExpressionBinder binder, FunctionCall call, int index) {
        Expression argument = call.arguments().get(index);
        if (argument instanceof Expression.Literal literal && literal.value() instanceof String text) {
            try {
                DateTimeFormats.formatter(text);
                return text;
            } catch (IllegalArgumentException e) {
                throw binder.error("INVALID_DATETIME_PATTERN", "Unrecognized datetime pattern: " + text + " ("
                        + e.getMessage() + ")", argument.position());
            }
        }
        throw binder.error("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT", "the datetime pattern of " + call.sql()
                + " must be a string literal, not " + argument.sql() + ".", argument.position());
    }

    private static void arity(ExpressionBinder binder, FunctionCall call, int minimum, int maximum) {
        int actual = call.arguments().size();
        if (actual < minimum || actual > maximum) {
            String expected = minimum == maximum ? Integer.toString(minimum)
                    : maximum == Integer.MAX_VALUE ? "at least " + minimum : "[" + minimum + ", " + maximum + "]";
            throw binder.error("WRONG_NUM_ARGS.WITHOUT_SUGGESTION", "The `" + call.name().toLowerCase(Locale.ROOT)
                    + "` requires " + expected + " parameters but the actual number is " + actual + ".",
                    call.position());
        }
    }

    private static String sql(String name, List<BoundExpression> arguments) {
        return SqlText.function(name, arguments.stream().map(BoundExpression::sql).toList());
    }
}
