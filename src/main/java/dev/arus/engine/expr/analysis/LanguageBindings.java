package dev.arus.engine.expr.analysis;

import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.Bindings;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.collection.ElementAt;
import dev.arus.engine.expr.datetime.DatePart;
import dev.arus.engine.expr.logic.CaseWhen;
import dev.arus.engine.expr.logic.ComparisonBinder;
import dev.arus.engine.expr.logic.Conjunction;
import dev.arus.engine.expr.logic.InList;
import dev.arus.engine.expr.logic.Negation;
import dev.arus.engine.expr.logic.NullTest;
import dev.arus.engine.expr.math.ArithmeticBinder;
import dev.arus.engine.expr.math.UnaryMath;

/**
 * The binding of each node of the expression language that a family owns, for
 * {@link ExpressionBinder}: {@code AND}, {@code OR}, {@code NOT}, {@code IS NULL}, {@code IN} and
 * {@code CASE} to the logic family, comparisons to {@link ComparisonBinder}, arithmetic to
 * {@link ArithmeticBinder}, calls to {@link CallBinder}, subscripts to {@link ElementAt} and
 * {@code extract} to {@link DatePart}.
 */
final class LanguageBindings implements Bindings {

    static final Bindings INSTANCE = new LanguageBindings();

    private LanguageBindings() {
    }

    @Override
    public BoundExpression bind(ExpressionBinder binder, Expression expression) {
        if (expression instanceof Expression.Binary binary) {
            return binary(binder, binary);
        } else if (expression instanceof Expression.Not not) {
            BoundExpression child = binder.requireBoolean(not, binder.bind(not.child()), "first");
            return new Negation(child, SqlText.not(child.sql()));
        } else if (expression instanceof Expression.Negate negate) {
            return UnaryMath.bindNegate(binder, negate);
        } else if (expression instanceof Expression.IsNull isNull) {
            BoundExpression child = binder.bind(isNull.child());
            return new NullTest(child, isNull.negated(), SqlText.isNull(child.sql(), isNull.negated()));
        } else if (expression instanceof Expression.In in) {
            return InList.bind(binder, in);
        } else if (expression instanceof Expression.CaseWhen caseWhen) {
            return CaseWhen.bind(binder, caseWhen);
        } else if (expression instanceof Expression.FunctionCall call) {
            return CallBinder.bind(binder, call);
        } else if (expression instanceof Expression.Subscript subscript) {
            return ElementAt.bind(binder, subscript);
        } else if (expression instanceof Expression.Extract extract) {
            return DatePart.bind(binder, extract);
        }
        throw new IllegalArgumentException("no family binds " + expression.getClass().getSimpleName());
    }

    private static BoundExpression binary(ExpressionBinder binder, Expression.Binary binary) {
        BinaryOperator operator = binary.operator();
        if (operator == BinaryOperator.AND || operator == BinaryOperator.OR) {
            BoundExpression left = binder.requireBoolean(binary, binder.bind(binary.left()), "first");
            BoundExpression right = binder.requireBoolean(binary, binder.bind(binary.right()), "second");
            return new Conjunction(operator == BinaryOperator.AND, left, right,
                    SqlText.binary(operator, left.sql(), right.sql()));
        }
        BoundExpression left = binder.bind(binary.left());
        BoundExpression right = binder.bind(binary.right());
        return operator.isComparison() ? ComparisonBinder.bind(binder, binary, left, right)
                : ArithmeticBinder.bind(binder, binary, left, right);
    }
}
