package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Binds calls of scalar functions: refuses aggregates and windows out of place, looks the
 * function up in {@link FunctionRegistry}, binds the arguments, checks their number and hands
 * over to the function's binding. Also the argument checks that bindings share.
 */
final class FunctionBinder {

    private FunctionBinder() {
    }

    static BoundExpression bind(ExpressionBinder binder, FunctionCall call) {
        String name = call.name().toLowerCase(Locale.ROOT);
        if (AggregateFunction.named(name) != null) {
            throw misplacedAggregate(binder, call);
        }
        if (name.equals("window") || name.equals("session_window")) {
            throw binder.error("UNSUPPORTED_EXPR_FOR_OPERATOR", name + "(...) is only supported as a groupBy key: "
                    + call.sql(), call.position());
        }
        if (Generator.isGenerator(name)) {
            throw Generator.nested(binder, call);
        }
        if (call.star()) {
            throw binder.error("INVALID_USAGE_OF_STAR_OR_REGEX", "Invalid usage of '*' in " + name + "(*).",
                    call.position());
        }
        HigherOrderFunctions.Function higherOrder = HigherOrderFunctions.lookup(name);
        if (higherOrder != null) {
            if (call.distinct()) {
                throw withoutDistinct(binder, call, name);
            }
            arity(binder, call, higherOrder.minArguments(), higherOrder.maxArguments());
            return higherOrder.binding().bind(binder, call);
        }
        ScalarFunction function = FunctionRegistry.lookup(name);
        if (function == null) {
            throw ColumnResolver.unresolved("function", call.name(), FunctionRegistry.names(), call.position(),
                    call.sql());
        }
        if (call.distinct()) {
            throw withoutDistinct(binder, call, name);
        }
        List<BoundExpression> arguments = new ArrayList<>();
        for (Expression argument : call.arguments()) {
            if (argument instanceof Expression.Lambda lambda) {
                throw notHigherOrder(binder, name, lambda);
            }
            arguments.add(binder.bind(argument));
        }
        arity(binder, call, function.minArguments(), function.maxArguments());
        return function.binding().bind(call, arguments, binder);
    }

    private static AnalysisException withoutDistinct(ExpressionBinder binder, FunctionCall call, String name) {
        return binder.error("INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX", "Invalid SQL syntax: The function `"
                + name + "` does not support DISTINCT.", call.position());
    }

    /**
     * Spark's refusal of a lambda given to a function that takes none. Spark names the function's
     * class; Arus names it as Spark's classes are mostly named, after the function in camel case.
     */
    private static AnalysisException notHigherOrder(ExpressionBinder binder, String name, Expression.Lambda lambda) {
        StringBuilder className = new StringBuilder("org.apache.spark.sql.catalyst.expressions.");
        for (String word : name.split("_")) {
            if (!word.isEmpty()) {
                className.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
            }
        }
        return binder.error("INVALID_LAMBDA_FUNCTION_CALL.NON_HIGHER_ORDER_FUNCTION", "Invalid lambda function call."
                + " A lambda function should only be used in a higher order function. However, its class is "
                + className + ", which is not a higher order function.", lambda.position());
    }

    private static AnalysisException misplacedAggregate(ExpressionBinder binder, FunctionCall call) {
        if (binder.insideAggregate()) {
            return binder.error("NESTED_AGGREGATE_FUNCTION", "It is not allowed to use an aggregate function in"
                    + " the argument of another aggregate function: " + call.sql() + ".", call.position());
        }
        return binder.error("UNSUPPORTED_EXPR_FOR_OPERATOR", "Aggregate functions are only allowed in agg(...)"
                + " after groupBy, as whole aggregate columns. Invalid expressions: [" + call.sql() + "]",
                call.position());
    }

    /** A timestamp argument: a TIMESTAMP, or a STRING or NULL cast to one as Spark casts it. */
    static BoundExpression timestampArgument(ExpressionBinder binder, FunctionCall call, BoundExpression value) {
        if (value.dataType() == AtomicType.TIMESTAMP) {
            return value;
        }
        if (value.dataType() == AtomicType.STRING || value.dataType() == AtomicType.NULL) {
            return TypeCoercion.implicitCast(value, AtomicType.TIMESTAMP);
        }
        throw binder.unexpectedType(call.sql(), call.position(), "first", "\"TIMESTAMP\"", value);
    }

    /** Arus compiles datetime patterns once, so they must be string literals. */
    static String pattern(ExpressionBinder binder, FunctionCall call, int index) {
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

    /** Spark's WRONG_NUM_ARGS; {@code expected} is Spark's wording of the arity, such as {@code 2n (n > 0)}. */
    static AnalysisException wrongNumberOfArguments(ExpressionBinder binder, FunctionCall call, String expected) {
        return binder.error("WRONG_NUM_ARGS.WITHOUT_SUGGESTION", "The `" + call.name().toLowerCase(Locale.ROOT)
                + "` requires " + expected + " parameters but the actual number is " + call.arguments().size() + ".",
                call.position());
    }

    static void arity(ExpressionBinder binder, FunctionCall call, int minimum, int maximum) {
        int actual = call.arguments().size();
        if (actual < minimum || actual > maximum) {
            String expected = minimum == maximum ? Integer.toString(minimum)
                    : maximum == Integer.MAX_VALUE ? "at least " + minimum : "[" + minimum + ", " + maximum + "]";
            throw wrongNumberOfArguments(binder, call, expected);
        }
    }

    /** Spark's pretty SQL of a call: the name in lower case and the arguments' SQL. */
    static String sql(String name, List<BoundExpression> arguments) {
        return SqlText.function(name, arguments.stream().map(BoundExpression::sql).toList());
    }
}
