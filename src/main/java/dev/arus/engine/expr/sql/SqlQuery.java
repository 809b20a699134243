package dev.arus.engine.expr.sql;

import dev.arus.engine.expr.Expression;
import java.util.List;

/**
 * Spark's {@code query}: common table expressions ({@code WITH name AS (...)}), a body of SELECT
 * blocks and set operations, and what orders and limits the whole ({@code ORDER BY}, {@code
 * LIMIT}). {@code limit} is null without a LIMIT (or with {@code LIMIT ALL}); {@code orderByPosition}
 * is where {@code ORDER BY} starts, -1 without one.
 */
public record SqlQuery(List<CommonTable> with, SqlQueryTerm body, List<SortItem> orderBy, int orderByPosition,
                       Expression limit, int position) {

    public SqlQuery {
        with = List.copyOf(with);
        orderBy = List.copyOf(orderBy);
    }

    /** {@code name [(columns)] AS (query)}: a name for a query, seen by the rest of the statement. */
    public record CommonTable(String name, List<String> columnAliases, SqlQuery query, int position) {
        public CommonTable {
            columnAliases = List.copyOf(columnAliases);
        }
    }

    /** One key of {@code ORDER BY}: an expression, {@code ASC} or {@code DESC}, and where NULLs go. */
    public record SortItem(Expression expression, boolean ascending, boolean nullsFirst) {
    }
}
