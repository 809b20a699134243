package dev.arus.engine.plan;

import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.aggregate.AggregateFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Walks and rewrites unresolved expression trees, for the SQL planner: finding the aggregate
 * calls of a select list, putting a column of an aggregation's output where a grouping key or an
 * aggregate was written. Two trees have the same shape when they are equal but for positions
 * and the case of names, as Spark's analyzer compares a select item with a grouping expression.
 */
final class ExpressionTrees {

    private ExpressionTrees() {
    }

    /**
     * {@code expression} with every subtree for which {@code replacement} gives a tree replaced
     * by it, top down: a replaced subtree is not looked into.
     */
    static Expression rewrite(Expression expression, Function<Expression, Expression> replacement) {
        Expression replaced = replacement.apply(expression);
        if (replaced != null) {
            return replaced;
        }
        Function<Expression, Expression> child = e -> rewrite(e, replacement);
        if (expression instanceof Expression.ColumnReference || expression instanceof Expression.Literal) {
            return expression;
        }
        if (expression instanceof Expression.Negate negate) {
            return new Expression.Negate(child.apply(negate.child()), negate.position());
        }
        if (expression instanceof Expression.Not not) {
            return new Expression.Not(child.apply(not.child()), not.position());
        }
        if (expression instanceof Expression.Binary binary) {
            return new Expression.Binary(binary.operator(), child.apply(binary.left()), child.apply(binary.right()),
                    binary.position());
        }
        if (expression instanceof Expression.IsNull isNull) {
            return new Expression.IsNull(child.apply(isNull.child()), isNull.negated(), isNull.position());
        }
        if (expression instanceof Expression.In in) {
            return new Expression.In(child.apply(in.value()), in.list().stream().map(child).toList(), in.position());
        }
        if (expression instanceof Expression.CaseWhen caseWhen) {
            return new Expression.CaseWhen(caseWhen.branches().stream()
                    .map(b -> new Expression.WhenClause(child.apply(b.condition()), child.apply(b.value()))).toList(),
                    caseWhen.elseValue() == null ? null : child.apply(caseWhen.elseValue()), caseWhen.position());
        }
        if (expression instanceof Expression.Cast cast) {
            return new Expression.Cast(child.apply(cast.child()), cast.target(), cast.position());
        }
        if (expression instanceof Expression.FunctionCall call) {
            return new Expression.FunctionCall(call.name(), call.arguments().stream().map(child).toList(), call.star(),
                    call.distinct(), call.position());
        }
        if (expression instanceof Expression.Subscript subscript) {
            return new Expression.Subscript(child.apply(subscript.child()), child.apply(subscript.index()),
                    subscript.position());
        }
        if (expression instanceof Expression.Extract extract) {
            return new Expression.Extract(extract.field(), child.apply(extract.source()), extract.position());
        }
        if (expression instanceof Expression.FieldAccess access) {
            return new Expression.FieldAccess(child.apply(access.child()), access.field(), access.position());
        }
        if (expression instanceof Expression.Lambda lambda) {
            // the lambda's own parameters are no columns: they are left as they are
            Function<Expression, Expression> shadowed = node -> isBound(node, lambda) ? node : replacement.apply(node);
            return new Expression.Lambda(lambda.parameters(), rewrite(lambda.body(), shadowed), lambda.position());
        }
        Expression.Alias alias = (Expression.Alias) expression;
        return new Expression.Alias(child.apply(alias.child()), alias.name(), alias.position(), alias.automatic());
    }

    /** Calls {@code visitor} on every node of {@code expression}, parents before children. */
    static void forEach(Expression expression, Consumer<Expression> visitor) {
        visitor.accept(expression);
        for (Expression child : expression.children()) {
            forEach(child, visitor);
        }
    }

    /**
     * Calls {@code visitor} on every column reference of {@code expression} that no enclosing
     * lambda binds: {@code x} in {@code transform(a, x -> x + b)} is the lambda's, {@code b} a column.
     */
    static void forEachColumn(Expression expression, Consumer<Expression.ColumnReference> visitor) {
        if (expression instanceof Expression.ColumnReference reference) {
            visitor.accept(reference);
        } else if (expression instanceof Expression.Lambda lambda) {
            forEachColumn(lambda.body(), reference -> {
                if (!isBound(reference, lambda)) {
                    visitor.accept(reference);
                }
            });
        } else {
            for (Expression child : expression.children()) {
                forEachColumn(child, visitor);
            }
        }
    }

    private static boolean isBound(Expression node, Expression.Lambda lambda) {
        return node instanceof Expression.ColumnReference reference && lambda.binds(reference.nameParts().get(0));
    }

    /** Whether the two trees are one expression: equal but for positions and the case of names. */
    static boolean sameShape(Expression a, Expression b) {
        if (a.getClass() != b.getClass() || !sameNode(a, b)) {
            return false;
        }
        List<Expression> left = a.children();
        List<Expression> right = b.children();
        if (left.size() != right.size()) {
            return false;
        }
        for (int i = 0; i < left.size(); i++) {
            if (!sameShape(left.get(i), right.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether two nodes of one class agree in what is not a child (a CASE's ELSE shows in its children's count). */
    private static boolean sameNode(Expression a, Expression b) {
        if (a instanceof Expression.ColumnReference reference) {
            return sameNames(reference.nameParts(), ((Expression.ColumnReference) b).nameParts());
        }
        if (a instanceof Expression.Literal literal) {
            return Objects.deepEquals(literal.value(), ((Expression.Literal) b).value())
                    && literal.type().equals(((Expression.Literal) b).type());
        }
        if (a instanceof Expression.FunctionCall call) {
            Expression.FunctionCall other = (Expression.FunctionCall) b;
            return call.name().equalsIgnoreCase(other.name()) && call.star() == other.star()
                    && call.distinct() == other.distinct();
        }
        if (a instanceof Expression.Binary binary) {
            return binary.operator() == ((Expression.Binary) b).operator();
        }
        if (a instanceof Expression.IsNull isNull) {
            return isNull.negated() == ((Expression.IsNull) b).negated();
        }
        if (a instanceof Expression.Cast cast) {
            return cast.target().equals(((Expression.Cast) b).target());
        }
        if (a instanceof Expression.Extract extract) {
            return extract.field().equalsIgnoreCase(((Expression.Extract) b).field());
        }
        if (a instanceof Expression.FieldAccess access) {
            return access.field().equalsIgnoreCase(((Expression.FieldAccess) b).field());
        }
        if (a instanceof Expression.Alias alias) {
            return alias.name().equalsIgnoreCase(((Expression.Alias) b).name());
        }
        if (a instanceof Expression.Lambda lambda) {
            return sameNames(lambda.parameters(), ((Expression.Lambda) b).parameters());
        }
        return true; // Negate, Not, In, CaseWhen, Subscript: their children say the rest
    }

    private static boolean sameNames(List<String> a, List<String> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).equalsIgnoreCase(b.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code call} names one of Spark's aggregate functions. */
    static boolean isAggregate(Expression expression) {
        return expression instanceof Expression.FunctionCall call && AggregateFunction.named(call.name()) != null;
    }

    /** The aggregate calls in {@code expression}, outermost only (an aggregate's arguments are not looked into). */
    static List<Expression.FunctionCall> aggregates(Expression expression) {
        List<Expression.FunctionCall> found = new ArrayList<>();
        collectAggregates(expression, found);
        return found;
    }

    private static void collectAggregates(Expression expression, List<Expression.FunctionCall> found) {
        if (isAggregate(expression)) {
            found.add((Expression.FunctionCall) expression);
            return;
        }
        for (Expression child : expression.children()) {
            collectAggregates(child, found);
        }
    }

    /** The expression under its alias, if it has one. */
    static Expression unaliased(Expression expression) {
        return expression instanceof Expression.Alias alias ? alias.child() : expression;
    }
}
