package dev.arus.engine.expr.sql;

import dev.arus.engine.expr.Expression;
import java.util.List;

/** The body of a query: a SELECT block, a set operation of two terms, or a query in parentheses. */
public sealed interface SqlQueryTerm {

    /** The 0-based offset of the term's first token in the statement. */
    int position();

    /**
     * {@code SELECT [DISTINCT] items [FROM relations] [LATERAL VIEW ...] [WHERE ...] [GROUP BY ...]
     * [HAVING ...]}. Several relations in {@code from} are joined without a condition (Spark's
     * comma join); {@code where} and {@code having} are null when absent.
     */
    record Select(boolean distinct, List<SelectItem> items, List<SqlRelation> from, List<LateralView> lateralViews,
                  Expression where, List<Expression> groupBy, Expression having, int position) implements SqlQueryTerm {
        public Select {
            items = List.copyOf(items);
            from = List.copyOf(from);
            lateralViews = List.copyOf(lateralViews);
            groupBy = List.copyOf(groupBy);
        }
    }

    /** {@code left UNION [ALL | DISTINCT] right}, and likewise {@code EXCEPT}, {@code INTERSECT}. */
    record SetOperation(String operator, boolean all, SqlQueryTerm left, SqlQueryTerm right, int position)
            implements SqlQueryTerm {
    }

    /** {@code (query)} where a SELECT block may stand. */
    record Nested(SqlQuery query, int position) implements SqlQueryTerm {
    }

    /** An item of a select list: {@code *}, {@code t.*}, or an expression with an optional alias. */
    sealed interface SelectItem {
        int position();
    }

    /** {@code *} (no qualifier) or {@code t.*}: every column, or every column of the relation {@code t}. */
    record Star(List<String> qualifier, int position) implements SelectItem {
        public Star {
            qualifier = List.copyOf(qualifier);
        }
    }

    /** An expression, an {@link Expression.Alias} when it names its column. */
    record Item(Expression expression) implements SelectItem {
        @Override
        public int position() {
            return expression.position();
        }
    }

    /**
     * {@code LATERAL VIEW [OUTER] generator(args) table [AS] columns}: each row of the relation with
     * each row its generator makes, in columns named {@code columnAliases} (the generator's own
     * names when none is given).
     */
    record LateralView(boolean outer, Expression.FunctionCall generator, String tableAlias, List<String> columnAliases,
                       int position) {
        public LateralView {
            columnAliases = List.copyOf(columnAliases);
        }
    }
}
