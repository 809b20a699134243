package dev.arus.engine.expr.sql;

import dev.arus.engine.expr.Expression;
import java.util.List;

/**
 * A relation of a FROM clause: a table or view by name, a query in parentheses (a derived table),
 * or a join of two relations. A named or derived relation may carry a {@link Watermark} clause and
 * an alias, the alias after the clause as Spark's grammar has it.
 */
public sealed interface SqlRelation {

    int position();

    /**
     * A table or view by its name's parts; {@code stream} when written {@code STREAM t} or
     * {@code STREAM(t)} (read as a stream, as a plain {@code t} is). {@code watermark} and
     * {@code alias} are null when absent.
     */
    record Table(List<String> name, boolean stream, Watermark watermark, String alias, int position)
            implements SqlRelation {
        public Table {
            name = List.copyOf(name);
        }

        /** The name as written, its parts joined by dots. */
        public String qualifiedName() {
            return String.join(".", name);
        }
    }

    /** {@code (query) [WATERMARK ...] [AS] alias}: the alias is optional, as in Spark 4. */
    record Derived(SqlQuery query, Watermark watermark, String alias, int position) implements SqlRelation {
    }

    /** {@code (relation) [WATERMARK ...] [AS] alias}: a join in parentheses. */
    record Parenthesized(SqlRelation relation, Watermark watermark, String alias, int position) implements SqlRelation {
    }

    /**
     * {@code left [type] JOIN right [ON condition | USING (columns)]}; {@code type} is one of
     * Spark's join type names ({@code inner}, {@code cross}, {@code left_outer}, {@code right_outer},
     * {@code full_outer}, {@code left_semi}, {@code left_anti}); {@code condition} and {@code using}
     * are null when absent, and {@code natural} says {@code NATURAL JOIN}.
     */
    record Join(SqlRelation left, SqlRelation right, String type, Expression condition, List<String> using,
                boolean natural, int position) implements SqlRelation {
        public Join {
            using = using == null ? null : List.copyOf(using);
        }
    }

    /**
     * {@code WATERMARK column DELAY OF INTERVAL ...}: {@code column} is a column or an expression
     * with an alias (an {@link Expression.Alias}), the event time; {@code delay} the interval
     * literal.
     */
    record Watermark(Expression column, Expression.Literal delay, int position) {
    }
}
