package dev.arus.engine.plan;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.ExpressionAnalyzer;
import dev.arus.engine.expr.SqlQueryTerm;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Plans one SELECT block as Spark's analyzer reads it: FROM, LATERAL VIEW and WHERE as a
 * {@link LogicalPlan.Filter}; then a {@link LogicalPlan.Project} of the select list ({@code *}
 * and {@code t.*} expanded where they stand), or, when the block groups or aggregates, a
 * {@link LogicalPlan.Aggregate} whose keys are the GROUP BY expressions (an ordinal or a select
 * alias standing for its item, each key named as the select list names it) and whose aggregates
 * are the aggregate calls of the select list and HAVING. HAVING is a {@link LogicalPlan.Filter}
 * after it, and a projection follows when the select list is not the keys then the aggregates.
 * {@code SELECT DISTINCT} is an aggregation by every output column, with no aggregate.
 */
final class SqlSelects {

    private final SqlPlanner planner;

    SqlSelects(SqlPlanner planner) {
        this.planner = planner;
    }

    LogicalPlan plan(SqlQueryTerm.Select select, SqlPlanner.Scope scope) {
        if (select.from().isEmpty()) {
            throw SqlPlanner.notStreaming(select.position());
        }
        boolean whereJoins = select.from().size() > 1;
        LogicalPlan plan = planner.from(select.from(), whereJoins ? select.where() : null, scope, select.position());
        Set<String> lateralNames = new HashSet<>();
        for (SqlQueryTerm.LateralView view : select.lateralViews()) {
            plan = lateral(plan, view);
            lateralNames.add(view.tableAlias().toLowerCase(Locale.ROOT));
        }
        Schema afterViews = planner.schemaOf(plan, select.position());
        UnaryOperator<Expression> unqualified = e -> e == null ? null : unqualify(e, lateralNames, afterViews);
        if (select.where() != null && !whereJoins) {
            Expression where = unqualified.apply(select.where());
            List<Expression.FunctionCall> aggregates = ExpressionTrees.aggregates(where);
            if (!aggregates.isEmpty()) {
                throw planner.error("INVALID_WHERE_CONDITION", "The WHERE condition \"" + where.sql() + "\" contains"
                        + " invalid expressions: " + aggregates.stream().map(Expression::sql)
                        .collect(Collectors.joining(", ")) + ".\nRewrite the query to avoid window functions,"
                        + " aggregate functions, and generator functions in the WHERE clause. SQLSTATE: 42903",
                        aggregates.get(0).position());
            }
            plan = new LogicalPlan.Filter(plan, where);
            planner.analyzed(plan, where.position());
        }
        Schema input = planner.schemaOf(plan, select.position());
        List<Expression> items = expand(select.items(), input, unqualified);
        boolean aggregating = !select.groupBy().isEmpty() || select.having() != null
                || items.stream().anyMatch(item -> !ExpressionTrees.aggregates(item).isEmpty());
        if (aggregating) {
            plan = new SqlAggregation(planner, select, plan, input, items, unqualified).plan();
        } else if (!(select.items().size() == 1 && select.items().get(0) instanceof SqlQueryTerm.Star star
                && star.qualifier().isEmpty())) {
            plan = new LogicalPlan.Project(plan, items);
            planner.analyzed(plan, select.position());
        }
        if (select.distinct()) {
            Schema output = planner.schemaOf(plan, select.position());
            List<Expression> keys = output.fields().stream()
                    .map(field -> (Expression) SqlPlanner.reference(field, select.position())).toList();
            plan = new LogicalPlan.Aggregate(plan, keys, List.of());
            planner.analyzed(plan, select.position());
        }
        return plan;
    }

    /**
     * {@code LATERAL VIEW [OUTER] generator(...) t [AS] columns}: every column of the relation,
     * then the generator's, named by the columns given.
     */
    private LogicalPlan lateral(LogicalPlan plan, SqlQueryTerm.LateralView view) {
        Expression.FunctionCall generator = planner.generator(view);
        Schema schema = planner.schemaOf(plan, view.position());
        List<Expression> columns = new ArrayList<>(references(schema, view.position()));
        List<String> aliases = view.columnAliases();
        if (aliases.size() <= 1) {
            columns.add(aliases.isEmpty() ? generator : new Expression.Alias(generator, aliases.get(0),
                    view.position()));
            LogicalPlan generated = new LogicalPlan.Project(plan, columns);
            planner.analyzed(generated, view.position());
            return generated;
        }
        columns.add(generator);
        LogicalPlan generated = new LogicalPlan.Project(plan, columns);
        Schema output = planner.schemaOf(generated, view.position());
        List<Field> made = output.fields().subList(schema.size(), output.size());
        if (made.size() != aliases.size()) {
            throw planner.error("UDTF_ALIAS_NUMBER_MISMATCH", "The number of aliases supplied in the AS clause does"
                    + " not match the number of columns output by the UDTF.\nExpected " + made.size() + " aliases, but"
                    + " got " + String.join(", ", aliases) + ".\nPlease ensure that the number of aliases provided"
                    + " matches the number of columns output by the UDTF. SQLSTATE: 42802", view.position());
        }
        List<Expression> renamed = new ArrayList<>(references(schema, view.position()));
        for (int i = 0; i < made.size(); i++) {
            if (schema.indexOf(made.get(i).name()) >= 0) {
                throw planner.unsupported("LATERAL VIEW with several column names whose generator makes a column"
                        + " named as one of the relation's, " + SqlPlanner.quoted(made.get(i).name()), view.position());
            }
            renamed.add(new Expression.Alias(new Expression.ColumnReference(List.of(made.get(i).name()),
                    view.position()), aliases.get(i), view.position()));
        }
        LogicalPlan named = new LogicalPlan.Project(generated, renamed);
        planner.analyzed(named, view.position());
        return named;
    }

    /** {@code t.col} of a LATERAL VIEW named {@code t} is its column {@code col}: the view's columns carry no qualifier. */
    private static Expression unqualify(Expression expression, Set<String> lateralNames, Schema schema) {
        if (lateralNames.isEmpty()) {
            return expression;
        }
        return ExpressionTrees.rewrite(expression, node -> {
            if (node instanceof Expression.ColumnReference reference && reference.nameParts().size() > 1) {
                String qualifier = reference.nameParts().get(0);
                boolean relation = schema.fields().stream()
                        .anyMatch(field -> qualifier.equalsIgnoreCase(field.qualifier()));
                if (lateralNames.contains(qualifier.toLowerCase(Locale.ROOT)) && !relation) {
                    return new Expression.ColumnReference(reference.nameParts().subList(1, reference.nameParts().size()),
                            reference.position());
                }
            }
            return null;
        });
    }

    /** The select list with {@code *} as every column and {@code t.*} as every column of {@code t} (or field of struct {@code t}). */
    private List<Expression> expand(List<SqlQueryTerm.SelectItem> items, Schema input,
            UnaryOperator<Expression> unqualified) {
        List<Expression> expanded = new ArrayList<>();
        for (SqlQueryTerm.SelectItem item : items) {
            if (item instanceof SqlQueryTerm.Item named) {
                expanded.add(ExpressionAnalyzer.sqlSelectItem(unqualified.apply(named.expression())));
                continue;
            }
            SqlQueryTerm.Star star = (SqlQueryTerm.Star) item;
            if (star.qualifier().isEmpty()) {
                expanded.addAll(references(input, star.position()));
                continue;
            }
            String qualifier = star.qualifier().get(star.qualifier().size() - 1);
            List<Field> qualified = input.fields().stream()
                    .filter(field -> qualifier.equalsIgnoreCase(field.qualifier())).toList();
            int column = star.qualifier().size() == 1 ? input.indexOf(qualifier) : -1;
            if (!qualified.isEmpty()) {
                qualified.forEach(field -> expanded.add(SqlPlanner.reference(field, star.position())));
            } else if (column >= 0 && input.field(column).type() instanceof StructType struct) {
                struct.fields().forEach(field -> expanded.add(new Expression.ColumnReference(
                        List.of(input.field(column).name(), field.name()), star.position())));
            } else {
                throw planner.error("CANNOT_RESOLVE_STAR_EXPAND", "Cannot resolve " + star.qualifier().stream()
                        .map(SqlPlanner::quoted).collect(Collectors.joining(".")) + ".* given input columns "
                        + input.names().stream().map(SqlPlanner::quoted).collect(Collectors.joining(", "))
                        + ". Please check that the specified table or struct exists and is accessible in the input"
                        + " columns. SQLSTATE: 42704", star.position());
            }
        }
        return expanded;
    }

    private static List<Expression> references(Schema schema, int position) {
        return schema.fields().stream().map(field -> (Expression) SqlPlanner.reference(field, position)).toList();
    }

    /** An aggregating SELECT block over {@code input}, the rows after FROM, LATERAL VIEW and WHERE. */
    private static final class SqlAggregation {

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
}
