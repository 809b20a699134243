package dev.arus.engine.expr.analysis;

import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.aggregate.AggregateFunction;
import dev.arus.engine.expr.bind.ColumnResolver;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.ScalarFunction;
import dev.arus.engine.expr.collection.HigherOrderFunctions;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Binds calls of scalar functions: refuses aggregates and windows out of place, looks the
 * function up in {@link FunctionRegistry} (or among the {@link HigherOrderFunctions}), binds the
 * arguments, checks their number and hands over to the function's binding.
 */
final class CallBinder {

    private CallBinder() {
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
            FunctionBinder.arity(binder, call, higherOrder.minArguments(), higherOrder.maxArguments());
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
        FunctionBinder.arity(binder, call, function.minArguments(), function.maxArguments());
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
}
