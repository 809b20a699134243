package dev.arus.engine.expr.sql;

import dev.arus.engine.expr.Expression;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads a FROM clause's relations for {@link SqlParser}: Spark 4's {@code relation} with its
 * joins, and {@code relationPrimary} ({@code STREAM t}, {@code STREAM(t)}, a table's name, a
 * query or a relation in parentheses), each with an optional {@code WATERMARK} clause and then
 * its alias; what Spark writes between a relation and its alias that Arus does not read
 * ({@code TABLESAMPLE}, options, time travel) is refused.
 */
final class SqlRelations {

    private final SqlTokens in;
    private final Supplier<SqlQuery> query;

    /** Relations read from {@code in}; {@code query} reads a derived table's query. */
    SqlRelations(SqlTokens in, Supplier<SqlQuery> query) {
        this.in = in;
        this.query = query;
    }

    /** {@code primary (joinRelation)*}. */
    SqlRelation relation() {
        if (in.peek().isKeyword("lateral")) {
            throw in.unsupported(in.peek(), "LATERAL subqueries and joins");
        }
        SqlRelation left = relationPrimary();
        while (true) {
            Token start = in.peek();
            boolean natural = in.acceptKeyword("natural");
            String type = joinType();
            if (type == null) {
                if (natural) {
                    throw in.syntaxError(in.peek(), "");
                }
                return left;
            }
            in.expectKeyword("join");
            if (in.peek().isKeyword("lateral")) {
                throw in.unsupported(in.peek(), "LATERAL subqueries and joins");
            }
            SqlRelation right = relationPrimary();
            Expression condition = null;
            List<String> using = null;
            if (!natural && in.acceptKeyword("on")) {
                condition = in.expression();
            } else if (!natural && in.acceptKeyword("using")) {
                using = in.identifierList();
            }
            left = new SqlRelation.Join(left, right, type, condition, using, natural, start.position());
        }
    }

    /** Spark's {@code joinType} before {@code JOIN}, as a name {@code JoinType.of} reads; null when no join follows. */
    private String joinType() {
        Token token = in.peek();
        if (token.isKeyword("join")) {
            return "inner";
        }
        String word = token.kind() == Token.Kind.IDENTIFIER ? token.text().toLowerCase(Locale.ROOT) : "";
        Token after = in.ahead(1);
        String type = switch (word) {
            case "inner" -> "inner";
            case "cross" -> "cross";
            case "semi" -> "left_semi";
            case "anti" -> "left_anti";
            case "right" -> "right_outer";
            case "full" -> "full_outer";
            case "left" -> after.isKeyword("semi") ? "left_semi" : after.isKeyword("anti") ? "left_anti" : "left_outer";
            default -> null;
        };
        if (type == null || !(after.isKeyword("join") || after.isKeyword("outer") || after.isKeyword("semi")
                || after.isKeyword("anti"))) {
            return null;
        }
        in.skip();
        if (word.equals("left") && (after.isKeyword("semi") || after.isKeyword("anti"))) {
            in.skip();
        } else if (type.endsWith("_outer") && !word.equals("cross")) {
            in.acceptKeyword("outer");
        }
        return type;
    }

    /**
     * Spark's {@code relationPrimary}: {@code STREAM t}, {@code STREAM(t)}, a table's name, a
     * query or a relation in parentheses; each with an optional WATERMARK clause, then an alias.
     */
    private SqlRelation relationPrimary() {
        Token first = in.peek();
        if (first.isKeyword("stream") && (in.ahead(1).isSymbol("(") || SqlTokens.isAliasWord(in.ahead(1))
                || in.ahead(1).kind() == Token.Kind.QUOTED_IDENTIFIER)) {
            in.skip();
            List<String> name;
            if (in.acceptSymbol("(")) {
                name = in.multipartIdentifier();
                in.expectSymbol(")");
            } else {
                name = in.multipartIdentifier();
            }
            refuseTableOptions();
            SqlRelation.Watermark watermark = watermark();
            return new SqlRelation.Table(name, true, watermark, tableAlias(), first.position());
        }
        if (first.isSymbol("(")) {
            in.skip();
            if (in.startsQueryAfterParenthesis()) {
                SqlQuery query = this.query.get();
                in.expectSymbol(")");
                refuseTableOptions();
                SqlRelation.Watermark watermark = watermark();
                return new SqlRelation.Derived(query, watermark, tableAlias(), first.position());
            }
            SqlRelation relation = relation();
            in.expectSymbol(")");
            refuseTableOptions();
            SqlRelation.Watermark watermark = watermark();
            return new SqlRelation.Parenthesized(relation, watermark, tableAlias(), first.position());
        }
        if (first.isKeyword("values")) {
            throw in.unsupported(first, "VALUES as a relation");
        }
        List<String> name = in.multipartIdentifier();
        if (in.peek().isSymbol("(")) {
            throw in.unsupported(first, "table-valued functions such as " + String.join(".", name) + "(...)");
        }
        refuseTableOptions();
        SqlRelation.Watermark watermark = watermark();
        return new SqlRelation.Table(name, false, watermark, tableAlias(), first.position());
    }

    /** What Spark may write between a relation and its alias that Arus does not read. */
    private void refuseTableOptions() {
        Token next = in.peek();
        if (next.isKeyword("tablesample")) {
            throw in.unsupported(next, "TABLESAMPLE");
        }
        if (next.isKeyword("with") && in.ahead(1).isSymbol("(")) {
            throw in.unsupported(next, "options of a relation, WITH (...): a table's options are in the spec's tables");
        }
        if ((next.isKeyword("for") || next.isKeyword("version") || next.isKeyword("timestamp"))
                && (in.ahead(1).isKeyword("as") || in.ahead(1).isKeyword("version")
                || in.ahead(1).isKeyword("system_time") || in.ahead(1).isKeyword("timestamp")
                || in.ahead(1).isKeyword("system_version"))) {
            throw in.unsupported(next, "time travel (VERSION AS OF, TIMESTAMP AS OF)");
        }
    }

    /** {@code WATERMARK namedExpression DELAY OF INTERVAL ...}, or null. */
    private SqlRelation.Watermark watermark() {
        Token watermark = in.peek();
        if (!watermark.isKeyword("watermark")) {
            return null;
        }
        in.skip();
        Expression column = in.namedExpression(Set.of("delay"));
        in.expectKeyword("delay");
        in.expectKeyword("of");
        Token interval = in.peek();
        if (!interval.isKeyword("interval")) {
            throw in.syntaxError(interval, ": missing 'INTERVAL'");
        }
        Expression delay = in.operand();
        if (!(delay instanceof Expression.Literal literal) || literal.intervalMicros().isEmpty()) {
            throw in.syntaxError(interval, "");
        }
        return new SqlRelation.Watermark(column, literal, watermark.position());
    }

    /** Spark's {@code tableAlias}: {@code [AS] name}, or null; a list of column names after it is refused. */
    private String tableAlias() {
        String alias = null;
        if (in.acceptKeyword("as")) {
            alias = in.identifier();
        } else if (SqlTokens.isAliasWord(in.peek()) || in.peek().kind() == Token.Kind.QUOTED_IDENTIFIER) {
            alias = in.identifier();
        }
        if (alias != null && in.peek().isSymbol("(")) {
            throw in.unsupported(in.peek(), "column aliases of a relation, t(a, b): alias the columns in its SELECT");
        }
        if (in.peek().isKeyword("watermark")) {
            throw in.syntaxError(in.peek(), "");
        }
        return alias;
    }

}
