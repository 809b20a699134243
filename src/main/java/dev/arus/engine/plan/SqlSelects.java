package dev.arus.engine.plan;

import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.SqlQueryTerm;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Plans one SELECT block as Spark's analyzer reads it: FROM, LATERAL VIEW and WHERE as a
 * {@link LogicalPlan.Filter}; then a {@link LogicalPlan.Project} of the select list ({@code *}
 * and {@code t.*} expanded where they stand), or, when the block groups or aggregates, what
 * {@link SqlAggregation} plans. {@code SELECT DISTINCT} is an aggregation by every output column,
 * with no aggregate.
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
            plan = planner.distinct(plan, select.position());
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
}
