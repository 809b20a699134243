package dev.arus.engine.expr.sql;

import dev.arus.engine.expr.Expression;
import dev.arus.engine.streaming.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A recursive-descent parser of one Spark SQL statement, a query or {@code CREATE STREAMING
 * TABLE ... AS query}, into a {@link SqlStatement}. It shares {@link Tokenizer} and
 * {@link ExpressionParser} with expression text, so an expression means in a statement what it
 * means in a step. The grammar is the part of Spark 4's {@code SqlBaseParser.g4} that a
 * streaming query uses (SELECT blocks, joins, derived tables, CTEs, set operations, {@code STREAM
 * t}, the {@code WATERMARK} clause, {@code LATERAL VIEW}, ORDER BY and LIMIT); what Spark parses
 * and Arus cannot run at all (PIVOT, TABLESAMPLE, window functions, subquery expressions, ...)
 * is refused as {@value #UNSUPPORTED} at its place.
 *
 * <p>Errors are Spark's: {@code [PARSE_SYNTAX_ERROR] Syntax error at or near 'X'[: hint].
 * SQLSTATE: 42601 (line L, pos P)}, the position (0-based) of the offending token in the
 * exception, and its line and 0-based character in the message, as Spark's
 * {@code ParseException} prints them.
 */
public final class SqlParser {

    /** The error class of Spark SQL that Arus parses but does not run, with what it is in the message. */
    public static final String UNSUPPORTED = "UNSUPPORTED_FEATURE.SQL_CONSTRUCT";

    /** The longest statement, in characters; Spark has no such limit, a service needs one. */
    public static final int MAX_LENGTH = 100_000;

    /** The deepest nesting of queries (derived tables, CTEs, parentheses), as a bound on recursion. */
    public static final int MAX_NESTING = 64;

    /** Statements of Spark's grammar that are no query: Arus runs queries only. */
    private static final Set<String> OTHER_STATEMENTS = Set.of("insert", "update", "delete", "merge", "drop",
            "alter", "show", "describe", "desc", "explain", "set", "reset", "use", "cache", "uncache", "refresh",
            "truncate", "analyze", "load", "declare", "execute", "call", "comment", "msck", "repair", "add", "list",
            "values", "table", "begin");

    private final String text;
    private final SqlTokens in;
    private final SqlRelations relations;
    private int nesting;

    private SqlParser(String text) {
        this.text = text;
        this.in = new SqlTokens(text);
        this.relations = new SqlRelations(in, this::query);
    }

    /**
     * The statement {@code text} holds, with optional semicolons after it.
     *
     * @throws ParseException {@code PARSE_SYNTAX_ERROR}, {@code PARSE_EMPTY_STATEMENT}, a
     *         literal's error class, or {@value #UNSUPPORTED}
     */
    public static SqlStatement parse(String text) {
        if (text.length() > MAX_LENGTH) {
            throw new ParseException("[PARSE_SYNTAX_ERROR] The statement is " + text.length()
                    + " characters long; at most " + MAX_LENGTH + " are allowed. SQLSTATE: 42601", MAX_LENGTH, text);
        }
        return new SqlParser(text).statement();
    }

    private SqlStatement statement() {
        Token first = in.peek();
        if (first.kind() == Token.Kind.END || first.isSymbol(";")) {
            throw new ParseException("PARSE_EMPTY_STATEMENT", "[PARSE_EMPTY_STATEMENT] Syntax error, unexpected empty"
                    + " statement. SQLSTATE: 42617", first.position(), text);
        }
        SqlStatement statement;
        if (first.isKeyword("create")) {
            statement = createStreamingTable();
        } else if (startsQuery(first)) {
            statement = new SqlStatement.Query(query());
        } else if (first.kind() == Token.Kind.IDENTIFIER
                && OTHER_STATEMENTS.contains(first.text().toLowerCase(Locale.ROOT))) {
            throw in.unsupported(first, first.text().toUpperCase(Locale.ROOT) + " statements: a query's SQL is one"
                    + " SELECT statement, or CREATE STREAMING TABLE name AS SELECT ...");
        } else {
            throw in.syntaxError(first, "");
        }
        while (in.acceptSymbol(";")) {
            // Spark's singleStatement: statement SEMICOLON* EOF
        }
        Token extra = in.peek();
        if (extra.kind() != Token.Kind.END) {
            throw in.syntaxError(extra, ": extra input " + in.describe(extra));
        }
        return statement;
    }

    private static boolean startsQuery(Token token) {
        return token.isKeyword("select") || token.isKeyword("with") || token.isSymbol("(") || token.isKeyword("from");
    }

    /** {@code CREATE STREAMING TABLE [IF NOT EXISTS] name [COMMENT '...'] AS query}. */
    private SqlStatement createStreamingTable() {
        Token create = in.next();
        if (in.acceptKeyword("materialized")) {
            throw in.unsupported(create, "CREATE MATERIALIZED VIEW: a pipeline's tables are streaming tables,"
                    + " CREATE STREAMING TABLE name AS SELECT ...");
        }
        if (!in.peek().isKeyword("streaming")) {
            throw in.unsupported(create, "CREATE statements other than CREATE STREAMING TABLE name AS SELECT ...");
        }
        in.skip();
        in.expectKeyword("table");
        boolean ifNotExists = false;
        if (in.acceptKeyword("if")) {
            in.expectKeyword("not");
            in.expectKeyword("exists");
            ifNotExists = true;
        }
        int namePosition = in.peek().position();
        List<String> name = in.multipartIdentifier();
        if (in.peek().isSymbol("(") || in.peek().isKeyword("using") || in.peek().isKeyword("partitioned")
                || in.peek().isKeyword("cluster") || in.peek().isKeyword("tblproperties") || in.peek().isKeyword("options")
                || in.peek().isKeyword("location")) {
            throw in.unsupported(in.peek(), "a streaming table's column list, format or properties: its columns are its"
                    + " query's");
        }
        if (in.acceptKeyword("comment")) {
            in.expectString();
        }
        in.expectKeyword("as");
        return new SqlStatement.CreateStreamingTable(name, ifNotExists, query(), create.position(), namePosition);
    }

    /** Spark's {@code query}: {@code [WITH ...] term [ORDER BY ...] [LIMIT ...]}. */
    private SqlQuery query() {
        if (++nesting > MAX_NESTING) {
            throw new ParseException("[PARSE_SYNTAX_ERROR] The statement nests queries more than " + MAX_NESTING
                    + " deep. SQLSTATE: 42601" + in.where(in.peek().position()), in.peek().position(), text);
        }
        try {
            int position = in.peek().position();
            List<SqlQuery.CommonTable> with = new ArrayList<>();
            if (in.acceptKeyword("with")) {
                if (in.peek().isKeyword("recursive")) {
                    throw in.unsupported(in.peek(), "WITH RECURSIVE");
                }
                do {
                    with.add(commonTable());
                } while (in.acceptSymbol(","));
            }
            SqlQueryTerm body = setOperations();
            List<SqlQuery.SortItem> orderBy = new ArrayList<>();
            int orderByPosition = -1;
            if (in.peek().isKeyword("order")) {
                orderByPosition = in.peek().position();
                in.skip();
                in.expectKeyword("by");
                do {
                    orderBy.add(sortItem());
                } while (in.acceptSymbol(","));
            }
            for (String clause : List.of("cluster", "distribute", "sort", "window")) {
                if (in.peek().isKeyword(clause)) {
                    throw in.unsupported(in.peek(), clause.toUpperCase(Locale.ROOT) + (clause.equals("window") ? " clauses"
                            : " BY"));
                }
            }
            Expression limit = null;
            if (in.acceptKeyword("limit")) {
                limit = in.acceptKeyword("all") ? null : in.expression();
            }
            if (in.peek().isKeyword("offset")) {
                throw in.unsupported(in.peek(), "OFFSET");
            }
            return new SqlQuery(with, body, orderBy, orderByPosition, limit, position);
        } finally {
            nesting--;
        }
    }

    /** {@code name [(columns)] [AS] (query)}. */
    private SqlQuery.CommonTable commonTable() {
        Token name = in.peek();
        String table = in.identifier();
        List<String> columns = in.peek().isSymbol("(") && !in.startsQueryAfterParenthesis() ? in.identifierList() : List.of();
        in.acceptKeyword("as");
        in.expectSymbol("(");
        SqlQuery query = query();
        in.expectSymbol(")");
        return new SqlQuery.CommonTable(table, columns, query, name.position());
    }

    /**
     * Set operations, left-associative, INTERSECT binding tighter than UNION and EXCEPT as in
     * Spark's grammar (without {@code spark.sql.legacy.setopsPrecedence.enabled}).
     */
    private SqlQueryTerm setOperations() {
        SqlQueryTerm left = intersections();
        while (in.peek().isKeyword("union") || in.peek().isKeyword("except") || in.peek().isKeyword("minus")) {
            Token operator = in.next();
            boolean all = setQuantifier();
            left = new SqlQueryTerm.SetOperation(operator.text().toUpperCase(Locale.ROOT), all, left, intersections(),
                    operator.position());
        }
        return left;
    }

    private SqlQueryTerm intersections() {
        SqlQueryTerm left = queryPrimary();
        while (in.peek().isKeyword("intersect")) {
            Token operator = in.next();
            boolean all = setQuantifier();
            left = new SqlQueryTerm.SetOperation("INTERSECT", all, left, queryPrimary(), operator.position());
        }
        return left;
    }

    /** {@code ALL} or {@code DISTINCT} after a set operator; DISTINCT is the default. */
    private boolean setQuantifier() {
        if (in.acceptKeyword("all")) {
            return true;
        }
        in.acceptKeyword("distinct");
        return false;
    }

    private SqlQueryTerm queryPrimary() {
        Token first = in.peek();
        if (first.isSymbol("(")) {
            in.skip();
            SqlQuery query = query();
            in.expectSymbol(")");
            return new SqlQueryTerm.Nested(query, first.position());
        }
        if (first.isKeyword("select")) {
            return select();
        }
        if (first.isKeyword("from")) {
            throw in.unsupported(first, "FROM before SELECT (FROM t SELECT ...): write SELECT ... FROM t");
        }
        if (first.isKeyword("values") || first.isKeyword("table")) {
            throw in.unsupported(first, first.text().toUpperCase(Locale.ROOT) + " as a query");
        }
        throw in.syntaxError(first, "");
    }

    /** Spark's {@code regularQuerySpecification}. */
    private SqlQueryTerm.Select select() {
        Token select = in.next();
        boolean distinct = in.acceptKeyword("distinct");
        if (!distinct) {
            in.acceptKeyword("all");
        }
        List<SqlQueryTerm.SelectItem> items = new ArrayList<>();
        do {
            if (in.peek().isKeyword("from") && !items.isEmpty()) {
                Token from = in.peek();
                throw new ParseException("TRAILING_COMMA_IN_SELECT", "[TRAILING_COMMA_IN_SELECT] Trailing comma"
                        + " detected in SELECT clause. Remove the trailing comma before the FROM clause. SQLSTATE: 42601"
                        + in.where(from.position()), from.position(), text);
            }
            items.add(selectItem());
        } while (in.acceptSymbol(","));
        List<SqlRelation> from = new ArrayList<>();
        List<SqlQueryTerm.LateralView> lateralViews = new ArrayList<>();
        if (in.acceptKeyword("from")) {
            do {
                from.add(relations.relation());
            } while (in.acceptSymbol(","));
            for (String clause : List.of("pivot", "unpivot")) {
                if (in.peek().isKeyword(clause)) {
                    throw in.unsupported(in.peek(), clause.toUpperCase(Locale.ROOT));
                }
            }
        }
        while (in.peek().isKeyword("lateral")) {
            lateralViews.add(lateralView());
        }
        Expression where = in.acceptKeyword("where") ? in.expression() : null;
        List<Expression> groupBy = new ArrayList<>();
        if (in.peek().isKeyword("group")) {
            in.skip();
            in.expectKeyword("by");
            groupBy = groupBy();
        }
        Expression having = in.acceptKeyword("having") ? in.expression() : null;
        if (in.peek().isKeyword("qualify")) {
            throw in.unsupported(in.peek(), "QUALIFY");
        }
        return new SqlQueryTerm.Select(distinct, items, from, lateralViews, where, groupBy, having, select.position());
    }

    /** {@code *}, {@code t.*}, or {@code expression [[AS] alias]}. */
    private SqlQueryTerm.SelectItem selectItem() {
        Token first = in.peek();
        if (first.isSymbol("*")) {
            in.skip();
            refuseStarExcept();
            return new SqlQueryTerm.Star(List.of(), first.position());
        }
        List<String> qualifier = in.qualifiedStar();
        if (qualifier != null) {
            refuseStarExcept();
            return new SqlQueryTerm.Star(qualifier, first.position());
        }
        Expression item = in.namedExpression(SqlTokens.NOT_ALIASES);
        if (in.peek().isKeyword("over")) {
            throw windowFunction(first, item);
        }
        if (in.peek().isKeyword("as") && in.ahead(1).isSymbol("(")) {
            throw in.unsupported(in.peek(), "several aliases for one item, AS (a, b)");
        }
        return new SqlQueryTerm.Item(item);
    }

    private void refuseStarExcept() {
        if (in.peek().isKeyword("except")) {
            throw in.unsupported(in.peek(), "* EXCEPT (columns)");
        }
    }

    /**
     * {@code OVER (...)} after an item: Spark refuses window functions other than time windows on
     * a stream, when the query starts; Arus when it reads them.
     */
    private ParseException windowFunction(Token first, Expression item) {
        String function = (item instanceof Expression.Alias alias ? alias.child() : item).sql();
        return new ParseException("NON_TIME_WINDOW_NOT_SUPPORTED_IN_STREAMING",
                "[NON_TIME_WINDOW_NOT_SUPPORTED_IN_STREAMING] Window function is not supported in " + function
                        + " on streaming DataFrames/Datasets. Structured Streaming only supports time-window"
                        + " aggregation using the WINDOW function. SQLSTATE: 42KDE" + in.where(first.position()),
                first.position(), text);
    }

    /** {@code GROUP BY expression, ...}; Spark's grouping analytics are refused. */
    private List<Expression> groupBy() {
        List<Expression> keys = new ArrayList<>();
        do {
            Token next = in.peek();
            if ((next.isKeyword("grouping") && in.ahead(1).isKeyword("sets"))
                    || ((next.isKeyword("rollup") || next.isKeyword("cube")) && in.ahead(1).isSymbol("("))) {
                throw in.unsupported(next, "GROUPING SETS, ROLLUP and CUBE");
            }
            if (next.isKeyword("all") && !in.ahead(1).isSymbol("(")) {
                throw in.unsupported(next, "GROUP BY ALL: name the grouping columns");
            }
            keys.add(in.expression());
        } while (in.acceptSymbol(","));
        if (in.peek().isKeyword("with") && (in.ahead(1).isKeyword("rollup")
                || in.ahead(1).isKeyword("cube"))) {
            throw in.unsupported(in.peek(), "GROUP BY ... WITH ROLLUP and WITH CUBE");
        }
        if (in.peek().isKeyword("grouping")) {
            throw in.unsupported(in.peek(), "GROUPING SETS, ROLLUP and CUBE");
        }
        return keys;
    }

    /** {@code LATERAL VIEW [OUTER] generator(args) table [[AS] column, ...]}. */
    private SqlQueryTerm.LateralView lateralView() {
        Token lateral = in.next();
        if (!in.peek().isKeyword("view")) {
            throw in.unsupported(lateral, "LATERAL subqueries and joins");
        }
        in.skip();
        boolean outer = in.acceptKeyword("outer");
        Token function = in.peek();
        Expression call = in.operand();
        if (!(call instanceof Expression.FunctionCall generator)) {
            throw in.syntaxError(function, "");
        }
        String table = in.identifier();
        List<String> columns = new ArrayList<>();
        if (in.acceptKeyword("as") || SqlTokens.isAliasWord(in.peek())) {
            do {
                columns.add(in.identifier());
            } while (in.acceptSymbol(","));
        }
        return new SqlQueryTerm.LateralView(outer, generator, table, columns, lateral.position());
    }

    private SqlQuery.SortItem sortItem() {
        Expression expression = in.expression();
        boolean ascending = true;
        if (in.acceptKeyword("desc")) {
            ascending = false;
        } else {
            in.acceptKeyword("asc");
        }
        boolean nullsFirst = ascending;
        if (in.acceptKeyword("nulls")) {
            if (in.acceptKeyword("first")) {
                nullsFirst = true;
            } else {
                in.expectKeyword("last");
                nullsFirst = false;
            }
        }
        return new SqlQuery.SortItem(expression, ascending, nullsFirst);
    }

}
