package dev.arus.engine.expr.bind;

import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression.FunctionCall;
import java.util.List;

/**
 * One scalar function of {@code FunctionRegistry}: its name as SQL calls it, how many arguments
 * it takes ({@code maxArguments} is {@link Integer#MAX_VALUE} when there is no limit) and how a
 * call of it binds once its arguments are bound and counted.
 */
public record ScalarFunction(String name, int minArguments, int maxArguments, Binding binding) {

    /**
     * Builds the bound node of a call: checks the arguments' types, applies implicit casts and
     * names the result. {@code call} gives the arguments as written, for those that must be
     * literals (a datetime pattern, a schema, a JSON path, a struct field name).
     */
    @FunctionalInterface
    public interface Binding {
        BoundExpression bind(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder);
    }
}
