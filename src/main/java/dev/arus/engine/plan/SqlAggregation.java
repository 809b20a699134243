package dev.arus.engine.plan;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.SqlQueryTerm;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The plan of an aggregating SELECT block over {@code input}, the rows after FROM, LATERAL VIEW
 * and WHERE: an {@link LogicalPlan.Aggregate} whose keys are the GROUP BY expressions (an ordinal
 * or a select alias standing for its item, each named as the select list names it) and whose
 * aggregates are the aggregate calls of the select list and HAVING; HAVING a filter after it; and
 * a projection when the select list is not the keys then the aggregates, each key and aggregate
 * call in it then a column of the aggregation's output. A column neither grouped nor aggregated
 * is Spark's {@code MISSING_AGGREGATION}. One instance plans one block.
 */
final class SqlAggregation {

    private final SqlPlanner planner;
    private final SqlQueryTerm.Select select;
    private final LogicalPlan child;
    private final Schema input;
    private final List<Expression> items;
    private final UnaryOperator<Expression> unqualified;
    /** The column references this planning made, to the aggregation's output; any other is the user's. */
    private final Set<Expression> made = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Expression> keys = new ArrayList<>();
    private final List<Expression.FunctionCall> calls = new ArrayList<>();
    private Schema output;

    SqlAggregation(SqlPlanner planner, SqlQueryTerm.Select select, LogicalPlan child, Schema input,
                   List<Expression> items, UnaryOperator<Expression> unqualified) {
        this.planner = planner;
        this.select = select;
        this.child = child;
        this.input = input;
        this.items = items;
        this.unqualified = unqualified;
    }

    LogicalPlan plan() {
        boolean hasStar = select.items().stream().anyMatch(SqlQueryTerm.Star.class::isInstance);
        for (Expression written : select.groupBy()) {
            keys.add(groupingExpression(unqualified.apply(written), hasStar));
        }
        List<Expression> namedKeys = keys.stream().map(this::named).toList();
        List<Expression> aggregates = new ArrayList<>();
        Integer[] itemAggregate = new Integer[items.size()];
        for (int i = 0; i < items.size(); i++) {
            Expression inner = ExpressionTrees.unaliased(items.get(i));
            if (ExpressionTrees.isAggregate(inner)) {
                itemAggregate[i] = calls.size();
                calls.add((Expression.FunctionCall) inner);
                aggregates.add(items.get(i));
            }
        }
        Expression having = unqualified.apply(select.having());
        List<Expression> nested = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (itemAggregate[i] == null) {
                nested.add(items.get(i));
            }
        }
        if (having != null) {
            nested.add(having);
        }
        for (Expression expression : nested) {
            for (Expression.FunctionCall call : ExpressionTrees.aggregates(expression)) {
                if (indexOfShape(calls, call) < 0) {
                    calls.add(call);
                    aggregates.add(call);
                }
            }
        }
        LogicalPlan plan = new LogicalPlan.Aggregate(child, namedKeys, aggregates);
        output = planner.schemaOf(plan, select.position());
        List<Expression> projected = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Expression item = items.get(i);
            Expression rewritten = itemAggregate[i] != null ? reference(keys.size() + itemAggregate[i],
                    item.position()) : substituted(item);
            projected.add(rewritten);
        }
        if (having != null) {
            Expression condition = substituted(withSelectAliases(having, projected));
            plan = new LogicalPlan.Filter(plan, condition);
            planner.analyzed(plan, having.position());
        }
        if (!isOutputInOrder(projected)) {
            plan = new LogicalPlan.Project(plan, projected);
            planner.analyzed(plan, select.position());
        }
        return plan;
    }

    /**
     * A GROUP BY expression as Spark reads it: an integer literal is the select item at that
     * 1-based position ({@code spark.sql.groupByOrdinal}); a name that is no input column but
     * an item's alias is that item ({@code spark.sql.groupByAliases}).
     */
    private Expression groupingExpression(Expression written, boolean hasStar) {
        Expression key = written;
        if (written instanceof Expression.Literal literal && literal.type() == AtomicType.INT
                && literal.value() instanceof Integer ordinal) {
            if (hasStar) {
                throw planner.error("STAR_GROUP_BY_POS", "Star (*) is not allowed in a select list when GROUP BY"
                        + " an ordinal position is used. SQLSTATE: 0A000", written.position());
            }
            if (ordinal < 1 || ordinal > items.size()) {
                throw planner.error("GROUP_BY_POS_OUT_OF_RANGE", "GROUP BY position " + ordinal + " is not in"
                        + " select list (valid range is [1, " + items.size() + "]). SQLSTATE: 42805",
                        written.position());
            }
            key = ExpressionTrees.unaliased(items.get(ordinal - 1));
            if (!ExpressionTrees.aggregates(key).isEmpty()) {
                throw planner.error("GROUP_BY_POS_AGGREGATE", "GROUP BY " + ordinal + " refers to an expression \""
                        + key.sql() + "\" that contains an aggregate function. Aggregate functions are not allowed"
                        + " in GROUP BY. SQLSTATE: 42903", written.position());
            }
            return key;
        }
        if (written instanceof Expression.ColumnReference reference && reference.nameParts().size() == 1
                && input.indexOf(reference.nameParts().get(0)) < 0) {
            for (Expression item : items) {
                if (item instanceof Expression.Alias alias
                        && alias.name().equalsIgnoreCase(reference.nameParts().get(0))) {
                    key = alias.child();
                    break;
                }
            }
        }
        if (!ExpressionTrees.aggregates(key).isEmpty()) {
            throw planner.error("GROUP_BY_AGGREGATE", "Aggregate functions are not allowed in GROUP BY, but found"
                    + " \"" + ExpressionTrees.aggregates(key).get(0).sql() + "\". SQLSTATE: 42903",
                    written.position());
        }
        return key;
    }

    /** A key named as the select list names the same expression, when it aliases it. */
    private Expression named(Expression key) {
        for (Expression item : items) {
            if (item instanceof Expression.Alias alias && same(alias.child(), key)) {
                return new Expression.Alias(key, alias.name(), alias.position(), alias.automatic());
            }
            if (same(item, key)) {
                return key;
            }
        }
        return key;
    }

    /** {@code expression} over the aggregation's output: each key and aggregate call a column of it. */
    private Expression substituted(Expression expression) {
        Expression body = ExpressionTrees.unaliased(expression);
        Expression rewritten = ExpressionTrees.rewrite(body, node -> {
            if (made.contains(node)) {
                return node;
            }
            if (ExpressionTrees.isAggregate(node)) {
                return reference(keys.size() + indexOfShape(calls, node), node.position());
            }
            for (int k = 0; k < keys.size(); k++) {
                if (same(node, keys.get(k))) {
                    return reference(k, node.position());
                }
            }
            return null;
        });
        ExpressionTrees.forEachColumn(rewritten, reference -> {
            if (!made.contains(reference)) {
                throw missingAggregation(reference);
            }
        });
        if (expression instanceof Expression.Alias alias && !(rewritten instanceof Expression.ColumnReference column
                && made.contains(column) && lastPart(column).equals(alias.name()))) {
            return new Expression.Alias(rewritten, alias.name(), alias.position(), alias.automatic());
        }
        return rewritten;
    }

    /**
     * Spark's refusal of a column that is neither grouped nor aggregated; a name that is no
     * column at all gets the analyzer's unresolved-column error instead, with the input's columns.
     */
    private RuntimeException missingAggregation(Expression.ColumnReference reference) {
        List<String> parts = reference.nameParts();
        boolean function = parts.size() == 1 && input.indexOf(parts.get(0)) < 0
                && (parts.get(0).equalsIgnoreCase("current_timestamp") || parts.get(0).equalsIgnoreCase("current_date"));
        if (!function) {
            ExpressionAnalyzer.bind(reference, input); // throws for a column that does not exist
        }
        String sql = reference.sql();
        return planner.error("MISSING_AGGREGATION", "The non-aggregating expression \"" + sql + "\" is based on"
                + " columns which are not participating in the GROUP BY clause.\nAdd the columns or the expression"
                + " to the GROUP BY, aggregate the expression, or use \"any_value(" + sql + ")\" if you do not"
                + " care which of the values within a group is returned. SQLSTATE: 42803", reference.position());
    }

    /** HAVING may name a select item by its alias, as Spark resolves it against the aggregation's output. */
    private Expression withSelectAliases(Expression having, List<Expression> projected) {
        return ExpressionTrees.rewrite(having, node -> {
            if (node instanceof Expression.ColumnReference reference && reference.nameParts().size() == 1
                    && input.indexOf(reference.nameParts().get(0)) < 0) {
                for (int i = 0; i < items.size(); i++) {
                    if (items.get(i) instanceof Expression.Alias alias
                            && alias.name().equalsIgnoreCase(reference.nameParts().get(0))) {
                        return ExpressionTrees.unaliased(projected.get(i));
                    }
                }
            }
            return null;
        });
    }

    /** A reference to column {@code index} of the aggregation's output. */
    private Expression reference(int index, int position) {
        Expression.ColumnReference reference = SqlPlanner.reference(output.field(index), position);
        made.add(reference);
        return reference;
    }

    /** Whether the select list is the aggregation's output as it is: keys, then aggregates, named alike. */
    private boolean isOutputInOrder(List<Expression> projected) {
        if (projected.size() != output.size()) {
            return false;
        }
        for (int i = 0; i < projected.size(); i++) {
            Expression item = projected.get(i);
            Expression inner = ExpressionTrees.unaliased(item);
            if (!(inner instanceof Expression.ColumnReference reference) || !made.contains(reference)
                    || !lastPart(reference).equals(output.field(i).name())
                    || item instanceof Expression.Alias alias && !alias.name().equals(output.field(i).name())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether two expressions of the select list and GROUP BY are one: of the same shape, or
     * columns that find the same input column ({@code value} and {@code v.value}).
     */
    private boolean same(Expression a, Expression b) {
        if (ExpressionTrees.sameShape(a, b)) {
            return true;
        }
        if (a instanceof Expression.ColumnReference left && b instanceof Expression.ColumnReference right) {
            int ordinal = inputOrdinal(left);
            return ordinal >= 0 && ordinal == inputOrdinal(right);
        }
        return false;
    }

    private int inputOrdinal(Expression.ColumnReference reference) {
        try {
            return ExpressionAnalyzer.bind(reference, input).inputOrdinal().orElse(-1);
        } catch (RuntimeException unresolved) {
            return -1;
        }
    }

    private static String lastPart(Expression.ColumnReference reference) {
        return reference.nameParts().get(reference.nameParts().size() - 1);
    }

    private static int indexOfShape(List<Expression.FunctionCall> calls, Expression call) {
        for (int i = 0; i < calls.size(); i++) {
            if (ExpressionTrees.sameShape(calls.get(i), call)) {
                return i;
            }
        }
        return -1;
    }
}
