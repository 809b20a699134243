package dev.arus.engine.expr.bind;

import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;

/**
 * The bindings that belong to the families of operators and functions, which {@link ExpressionBinder}
 * hands every node it does not bind itself: operators, {@code CASE}, {@code IN}, function calls,
 * subscripts and {@code extract}. The families bind with the binder, so the binder reaches them
 * through this interface rather than by name.
 */
@FunctionalInterface
public interface Bindings {

    BoundExpression bind(ExpressionBinder binder, Expression expression);
}
