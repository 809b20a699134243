package dev.arus.engine.expr;

import dev.arus.engine.streaming.ParseException;
import dev.arus.engine.streaming.TextPosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /**
     * Words that end an expression or a relation rather than alias it when written without
     * {@code AS}: Spark's reserved words and the clause words of its query grammar.
     */
    private static final Set<String> NOT_ALIASES = Set.of("all", "and", "anti", "as", "between", "by", "case",
            "cast", "cluster", "create", "cross", "delay", "distinct", "distribute", "else", "end", "except", "from",
            "full", "group", "having", "in", "inner", "intersect", "is", "join", "lateral", "left", "like", "limit",
            "minus", "natural", "not", "null", "offset", "on", "or", "order", "over", "pivot", "qualify", "right",
            "select", "semi", "sort", "tablesample", "then", "union", "unpivot", "using", "watermark", "when",
            "where", "window", "with");

    /** Keywords that start a clause of a query, so never an expression (nor a column without back-quotes). */
    private static final Set<String> CLAUSES = Set.of("from", "where", "group", "having", "order", "limit", "union",
            "except", "intersect", "minus", "join", "on", "using", "lateral", "qualify", "watermark");

    /** Statements of Spark's grammar that are no query: Arus runs queries only. */
    private static final Set<String> OTHER_STATEMENTS = Set.of("insert", "update", "delete", "merge", "drop",
            "alter", "show", "describe", "desc", "explain", "set", "reset", "use", "cache", "uncache", "refresh",
            "truncate", "analyze", "load", "declare", "execute", "call", "comment", "msck", "repair", "add", "list",
            "values", "table", "begin");

    /** The end of the expression parser's message when it expected one symbol or keyword. */
    private static final Pattern EXPECTED = Pattern.compile(": expected (?:'([^']+)'|([A-Z]+))$");

    private final String text;
    private final List<Token> tokens;
    private int index;
    private int nesting;

    private SqlParser(String text) {
        this.text = text;
        this.tokens = Tokenizer.tokenize(text);
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
        SqlParser parser;
        try {
            parser = new SqlParser(text);
        } catch (ParseException lexical) {
            throw lexical.errorClass().equals(ParseException.PARSE_SYNTAX_ERROR)
                    ? syntaxError(text, "'" + text.charAt(Math.min(lexical.position(), text.length() - 1)) + "'", "",
                            lexical.position())
                    : located(text, lexical);
        }
        return parser.statement();
    }

    private SqlStatement statement() {
        Token first = peek();
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
            throw unsupported(first, first.text().toUpperCase(Locale.ROOT) + " statements: a query's SQL is one"
                    + " SELECT statement, or CREATE STREAMING TABLE name AS SELECT ...");
        } else {
            throw syntaxError(first, "");
        }
        while (acceptSymbol(";")) {
            // Spark's singleStatement: statement SEMICOLON* EOF
        }
        Token extra = peek();
        if (extra.kind() != Token.Kind.END) {
            throw syntaxError(extra, ": extra input " + describe(extra));
        }
        return statement;
    }

    private static boolean startsQuery(Token token) {
        return token.isKeyword("select") || token.isKeyword("with") || token.isSymbol("(") || token.isKeyword("from");
    }

    /** {@code CREATE STREAMING TABLE [IF NOT EXISTS] name [COMMENT '...'] AS query}. */
    private SqlStatement createStreamingTable() {
        Token create = next();
        if (acceptKeyword("materialized")) {
            throw unsupported(create, "CREATE MATERIALIZED VIEW: a pipeline's tables are streaming tables,"
                    + " CREATE STREAMING TABLE name AS SELECT ...");
        }
        if (!peek().isKeyword("streaming")) {
            throw unsupported(create, "CREATE statements other than CREATE STREAMING TABLE name AS SELECT ...");
        }
        index++;
        expectKeyword("table");
        boolean ifNotExists = false;
        if (acceptKeyword("if")) {
            expectKeyword("not");
            expectKeyword("exists");
            ifNotExists = true;
        }
        List<String> name = multipartIdentifier();
        if (peek().isSymbol("(") || peek().isKeyword("using") || peek().isKeyword("partitioned")
                || peek().isKeyword("cluster") || peek().isKeyword("tblproperties") || peek().isKeyword("options")
                || peek().isKeyword("location")) {
            throw unsupported(peek(), "a streaming table's column list, format or properties: its columns are its"
                    + " query's");
        }
        if (acceptKeyword("comment")) {
            expectString();
        }
        expectKeyword("as");
        return new SqlStatement.CreateStreamingTable(name, ifNotExists, query(), create.position());
    }

    /** Spark's {@code query}: {@code [WITH ...] term [ORDER BY ...] [LIMIT ...]}. */
    private SqlQuery query() {
        if (++nesting > MAX_NESTING) {
            throw new ParseException("[PARSE_SYNTAX_ERROR] The statement nests queries more than " + MAX_NESTING
                    + " deep. SQLSTATE: 42601" + where(peek().position()), peek().position(), text);
        }
        try {
            int position = peek().position();
            List<SqlQuery.CommonTable> with = new ArrayList<>();
            if (acceptKeyword("with")) {
                if (peek().isKeyword("recursive")) {
                    throw unsupported(peek(), "WITH RECURSIVE");
                }
                do {
                    with.add(commonTable());
                } while (acceptSymbol(","));
            }
            SqlQueryTerm body = setOperations();
            List<SqlQuery.SortItem> orderBy = new ArrayList<>();
            if (peek().isKeyword("order")) {
                index++;
                expectKeyword("by");
                do {
                    orderBy.add(sortItem());
                } while (acceptSymbol(","));
            }
            for (String clause : List.of("cluster", "distribute", "sort", "window")) {
                if (peek().isKeyword(clause)) {
                    throw unsupported(peek(), clause.toUpperCase(Locale.ROOT) + (clause.equals("window") ? " clauses"
                            : " BY"));
                }
            }
            Expression limit = null;
            if (acceptKeyword("limit")) {
                limit = acceptKeyword("all") ? null : expression();
            }
            if (peek().isKeyword("offset")) {
                throw unsupported(peek(), "OFFSET");
            }
            return new SqlQuery(with, body, orderBy, limit, position);
        } finally {
            nesting--;
        }
    }

    /** {@code name [(columns)] [AS] (query)}. */
    private SqlQuery.CommonTable commonTable() {
        Token name = peek();
        String table = identifier();
        List<String> columns = peek().isSymbol("(") && !startsQueryAfterParenthesis() ? identifierList() : List.of();
        acceptKeyword("as");
        expectSymbol("(");
        SqlQuery query = query();
        expectSymbol(")");
        return new SqlQuery.CommonTable(table, columns, query, name.position());
    }

    /** Whether the {@code (} at the current token opens a query: {@code (SELECT}, {@code (WITH}, {@code ((SELECT}. */
    private boolean startsQueryAfterParenthesis() {
        int at = index;
        while (tokens.get(at).isSymbol("(")) {
            at++;
        }
        Token first = tokens.get(at);
        return first.isKeyword("select") || first.isKeyword("with") || first.isKeyword("from")
                || first.isKeyword("values") || first.isKeyword("table");
    }

    /**
     * Set operations, left-associative, INTERSECT binding tighter than UNION and EXCEPT as in
     * Spark's grammar (without {@code spark.sql.legacy.setopsPrecedence.enabled}).
     */
    private SqlQueryTerm setOperations() {
        SqlQueryTerm left = intersections();
        while (peek().isKeyword("union") || peek().isKeyword("except") || peek().isKeyword("minus")) {
            Token operator = next();
            boolean all = setQuantifier();
            left = new SqlQueryTerm.SetOperation(operator.text().toUpperCase(Locale.ROOT), all, left, intersections(),
                    operator.position());
        }
        return left;
    }

    private SqlQueryTerm intersections() {
        SqlQueryTerm left = queryPrimary();
        while (peek().isKeyword("intersect")) {
            Token operator = next();
            boolean all = setQuantifier();
            left = new SqlQueryTerm.SetOperation("INTERSECT", all, left, queryPrimary(), operator.position());
        }
        return left;
    }

    /** {@code ALL} or {@code DISTINCT} after a set operator; DISTINCT is the default. */
    private boolean setQuantifier() {
        if (acceptKeyword("all")) {
            return true;
        }
        acceptKeyword("distinct");
        return false;
    }

    private SqlQueryTerm queryPrimary() {
        Token first = peek();
        if (first.isSymbol("(")) {
            index++;
            SqlQuery query = query();
            expectSymbol(")");
            return new SqlQueryTerm.Nested(query, first.position());
        }
        if (first.isKeyword("select")) {
            return select();
        }
        if (first.isKeyword("from")) {
            throw unsupported(first, "FROM before SELECT (FROM t SELECT ...): write SELECT ... FROM t");
        }
        if (first.isKeyword("values") || first.isKeyword("table")) {
            throw unsupported(first, first.text().toUpperCase(Locale.ROOT) + " as a query");
        }
        throw syntaxError(first, "");
    }

    /** Spark's {@code regularQuerySpecification}. */
    private SqlQueryTerm.Select select() {
        Token select = next();
        boolean distinct = acceptKeyword("distinct");
        if (!distinct) {
            acceptKeyword("all");
        }
        List<SqlQueryTerm.SelectItem> items = new ArrayList<>();
        do {
            if (peek().isKeyword("from") && !items.isEmpty()) {
                Token from = peek();
                throw new ParseException("TRAILING_COMMA_IN_SELECT", "[TRAILING_COMMA_IN_SELECT] Trailing comma"
                        + " detected in SELECT clause. Remove the trailing comma before the FROM clause. SQLSTATE: 42601"
                        + where(from.position()), from.position(), text);
            }
            items.add(selectItem());
        } while (acceptSymbol(","));
        List<SqlRelation> from = new ArrayList<>();
        List<SqlQueryTerm.LateralView> lateralViews = new ArrayList<>();
        if (acceptKeyword("from")) {
            do {
                from.add(relation());
            } while (acceptSymbol(","));
            for (String clause : List.of("pivot", "unpivot")) {
                if (peek().isKeyword(clause)) {
                    throw unsupported(peek(), clause.toUpperCase(Locale.ROOT));
                }
            }
        }
        while (peek().isKeyword("lateral")) {
            lateralViews.add(lateralView());
        }
        Expression where = acceptKeyword("where") ? expression() : null;
        List<Expression> groupBy = new ArrayList<>();
        if (peek().isKeyword("group")) {
            index++;
            expectKeyword("by");
            groupBy = groupBy();
        }
        Expression having = acceptKeyword("having") ? expression() : null;
        if (peek().isKeyword("qualify")) {
            throw unsupported(peek(), "QUALIFY");
        }
        return new SqlQueryTerm.Select(distinct, items, from, lateralViews, where, groupBy, having, select.position());
    }

    /** {@code *}, {@code t.*}, or {@code expression [[AS] alias]}. */
    private SqlQueryTerm.SelectItem selectItem() {
        Token first = peek();
        if (first.isSymbol("*")) {
            index++;
            refuseStarExcept();
            return new SqlQueryTerm.Star(List.of(), first.position());
        }
        int at = index;
        List<String> qualifier = new ArrayList<>();
        while (isIdentifier(tokens.get(at)) && tokens.get(at + 1).isSymbol(".")) {
            qualifier.add(tokens.get(at).text());
            at += 2;
            if (tokens.get(at).isSymbol("*")) {
                index = at + 1;
                refuseStarExcept();
                return new SqlQueryTerm.Star(qualifier, first.position());
            }
        }
        Expression item = namedExpression(NOT_ALIASES);
        if (peek().isKeyword("over")) {
            throw windowFunction(first, item);
        }
        if (peek().isKeyword("as") && tokens.get(index + 1).isSymbol("(")) {
            throw unsupported(peek(), "several aliases for one item, AS (a, b)");
        }
        return new SqlQueryTerm.Item(item);
    }

    private void refuseStarExcept() {
        if (peek().isKeyword("except")) {
            throw unsupported(peek(), "* EXCEPT (columns)");
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
                        + " aggregation using the WINDOW function. SQLSTATE: 42KDE" + where(first.position()),
                first.position(), text);
    }

    /** {@code GROUP BY expression, ...}; Spark's grouping analytics are refused. */
    private List<Expression> groupBy() {
        List<Expression> keys = new ArrayList<>();
        do {
            Token next = peek();
            if ((next.isKeyword("grouping") && tokens.get(index + 1).isKeyword("sets"))
                    || ((next.isKeyword("rollup") || next.isKeyword("cube")) && tokens.get(index + 1).isSymbol("("))) {
                throw unsupported(next, "GROUPING SETS, ROLLUP and CUBE");
            }
            if (next.isKeyword("all") && !tokens.get(index + 1).isSymbol("(")) {
                throw unsupported(next, "GROUP BY ALL: name the grouping columns");
            }
            keys.add(expression());
        } while (acceptSymbol(","));
        if (peek().isKeyword("with") && (tokens.get(index + 1).isKeyword("rollup")
                || tokens.get(index + 1).isKeyword("cube"))) {
            throw unsupported(peek(), "GROUP BY ... WITH ROLLUP and WITH CUBE");
        }
        if (peek().isKeyword("grouping")) {
            throw unsupported(peek(), "GROUPING SETS, ROLLUP and CUBE");
        }
        return keys;
    }

    /** {@code LATERAL VIEW [OUTER] generator(args) table [[AS] column, ...]}. */
    private SqlQueryTerm.LateralView lateralView() {
        Token lateral = next();
        if (!peek().isKeyword("view")) {
            throw unsupported(lateral, "LATERAL subqueries and joins");
        }
        index++;
        boolean outer = acceptKeyword("outer");
        Token function = peek();
        Expression call = operand();
        if (!(call instanceof Expression.FunctionCall generator)) {
            throw syntaxError(function, "");
        }
        String table = identifier();
        List<String> columns = new ArrayList<>();
        if (acceptKeyword("as") || isAliasWord(peek())) {
            do {
                columns.add(identifier());
            } while (acceptSymbol(","));
        }
        return new SqlQueryTerm.LateralView(outer, generator, table, columns, lateral.position());
    }

    /** {@code primary (joinRelation)*}. */
    private SqlRelation relation() {
        if (peek().isKeyword("lateral")) {
            throw unsupported(peek(), "LATERAL subqueries and joins");
        }
        SqlRelation left = relationPrimary();
        while (true) {
            Token start = peek();
            boolean natural = acceptKeyword("natural");
            String type = joinType();
            if (type == null) {
                if (natural) {
                    throw syntaxError(peek(), "");
                }
                return left;
            }
            expectKeyword("join");
            if (peek().isKeyword("lateral")) {
                throw unsupported(peek(), "LATERAL subqueries and joins");
            }
            SqlRelation right = relationPrimary();
            Expression condition = null;
            List<String> using = null;
            if (!natural && acceptKeyword("on")) {
                condition = expression();
            } else if (!natural && acceptKeyword("using")) {
                using = identifierList();
            }
            left = new SqlRelation.Join(left, right, type, condition, using, natural, start.position());
        }
    }

    /** Spark's {@code joinType} before {@code JOIN}, as a name {@code JoinType.of} reads; null when no join follows. */
    private String joinType() {
        Token token = peek();
        if (token.isKeyword("join")) {
            return "inner";
        }
        String word = token.kind() == Token.Kind.IDENTIFIER ? token.text().toLowerCase(Locale.ROOT) : "";
        Token after = tokens.get(Math.min(index + 1, tokens.size() - 1));
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
        index++;
        if (word.equals("left") && (after.isKeyword("semi") || after.isKeyword("anti"))) {
            index++;
        } else if (type.endsWith("_outer") && !word.equals("cross")) {
            acceptKeyword("outer");
        }
        return type;
    }

    /**
     * Spark's {@code relationPrimary}: {@code STREAM t}, {@code STREAM(t)}, a table's name, a
     * query or a relation in parentheses; each with an optional WATERMARK clause, then an alias.
     */
    private SqlRelation relationPrimary() {
        Token first = peek();
        if (first.isKeyword("stream") && (tokens.get(index + 1).isSymbol("(") || isAliasWord(tokens.get(index + 1))
                || tokens.get(index + 1).kind() == Token.Kind.QUOTED_IDENTIFIER)) {
            index++;
            List<String> name;
            if (acceptSymbol("(")) {
                name = multipartIdentifier();
                expectSymbol(")");
            } else {
                name = multipartIdentifier();
            }
            refuseTableOptions();
            SqlRelation.Watermark watermark = watermark();
            return new SqlRelation.Table(name, true, watermark, tableAlias(), first.position());
        }
        if (first.isSymbol("(")) {
            index++;
            if (startsQueryAfterParenthesis()) {
                SqlQuery query = query();
                expectSymbol(")");
                refuseTableOptions();
                SqlRelation.Watermark watermark = watermark();
                return new SqlRelation.Derived(query, watermark, tableAlias(), first.position());
            }
            SqlRelation relation = relation();
            expectSymbol(")");
            refuseTableOptions();
            SqlRelation.Watermark watermark = watermark();
            return new SqlRelation.Parenthesized(relation, watermark, tableAlias(), first.position());
        }
        if (first.isKeyword("values")) {
            throw unsupported(first, "VALUES as a relation");
        }
        List<String> name = multipartIdentifier();
        if (peek().isSymbol("(")) {
            throw unsupported(first, "table-valued functions such as " + String.join(".", name) + "(...)");
        }
        refuseTableOptions();
        SqlRelation.Watermark watermark = watermark();
        return new SqlRelation.Table(name, false, watermark, tableAlias(), first.position());
    }

    /** What Spark may write between a relation and its alias that Arus does not read. */
    private void refuseTableOptions() {
        Token next = peek();
        if (next.isKeyword("tablesample")) {
            throw unsupported(next, "TABLESAMPLE");
        }
        if (next.isKeyword("with") && tokens.get(index + 1).isSymbol("(")) {
            throw unsupported(next, "options of a relation, WITH (...): a table's options are in the spec's tables");
        }
        if ((next.isKeyword("for") || next.isKeyword("version") || next.isKeyword("timestamp"))
                && (tokens.get(index + 1).isKeyword("as") || tokens.get(index + 1).isKeyword("version")
                || tokens.get(index + 1).isKeyword("system_time") || tokens.get(index + 1).isKeyword("timestamp")
                || tokens.get(index + 1).isKeyword("system_version"))) {
            throw unsupported(next, "time travel (VERSION AS OF, TIMESTAMP AS OF)");
        }
    }

    /** {@code WATERMARK namedExpression DELAY OF INTERVAL ...}, or null. */
    private SqlRelation.Watermark watermark() {
        Token watermark = peek();
        if (!watermark.isKeyword("watermark")) {
            return null;
        }
        index++;
        Expression column = namedExpression(Set.of("delay"));
        expectKeyword("delay");
        expectKeyword("of");
        Token interval = peek();
        if (!interval.isKeyword("interval")) {
            throw syntaxError(interval, ": missing 'INTERVAL'");
        }
        Expression delay = operand();
        if (!(delay instanceof Expression.Literal literal) || literal.intervalMicros().isEmpty()) {
            throw syntaxError(interval, "");
        }
        return new SqlRelation.Watermark(column, literal, watermark.position());
    }

    /** Spark's {@code tableAlias}: {@code [AS] name}, or null; a list of column names after it is refused. */
    private String tableAlias() {
        String alias = null;
        if (acceptKeyword("as")) {
            alias = identifier();
        } else if (isAliasWord(peek()) || peek().kind() == Token.Kind.QUOTED_IDENTIFIER) {
            alias = identifier();
        }
        if (alias != null && peek().isSymbol("(")) {
            throw unsupported(peek(), "column aliases of a relation, t(a, b): alias the columns in its SELECT");
        }
        if (peek().isKeyword("watermark")) {
            throw syntaxError(peek(), "");
        }
        return alias;
    }

    private SqlQuery.SortItem sortItem() {
        Expression expression = expression();
        boolean ascending = true;
        if (acceptKeyword("desc")) {
            ascending = false;
        } else {
            acceptKeyword("asc");
        }
        boolean nullsFirst = ascending;
        if (acceptKeyword("nulls")) {
            if (acceptKeyword("first")) {
                nullsFirst = true;
            } else {
                expectKeyword("last");
                nullsFirst = false;
            }
        }
        return new SqlQuery.SortItem(expression, ascending, nullsFirst);
    }

    private List<String> identifierList() {
        expectSymbol("(");
        List<String> names = new ArrayList<>();
        do {
            names.add(identifier());
        } while (acceptSymbol(","));
        expectSymbol(")");
        return names;
    }

    private List<String> multipartIdentifier() {
        List<String> parts = new ArrayList<>();
        parts.add(identifier());
        while (peek().isSymbol(".") && isIdentifier(tokens.get(index + 1))) {
            index++;
            parts.add(identifier());
        }
        return parts;
    }

    private String identifier() {
        Token token = peek();
        if (!isIdentifier(token)) {
            throw syntaxError(token, "");
        }
        index++;
        return token.text();
    }

    private static boolean isIdentifier(Token token) {
        return token.kind() == Token.Kind.IDENTIFIER || token.kind() == Token.Kind.QUOTED_IDENTIFIER;
    }

    /** A word that may alias a relation without {@code AS}. */
    private static boolean isAliasWord(Token token) {
        return token.kind() == Token.Kind.IDENTIFIER && !NOT_ALIASES.contains(token.text().toLowerCase(Locale.ROOT));
    }

    /** An expression, read by {@link ExpressionParser} from this parser's tokens. */
    private Expression expression() {
        refuseClause();
        int start = index;
        ExpressionParser parser = new ExpressionParser(text, tokens, index);
        try {
            Expression expression = parser.nextExpression();
            index = parser.index();
            return expression;
        } catch (ParseException invalid) {
            throw expressionError(invalid, start);
        }
    }

    private Expression namedExpression(Set<String> notAliases) {
        refuseClause();
        int start = index;
        ExpressionParser parser = new ExpressionParser(text, tokens, index);
        try {
            Expression expression = parser.nextNamedExpression(notAliases);
            index = parser.index();
            return expression;
        } catch (ParseException invalid) {
            throw expressionError(invalid, start);
        }
    }

    /** A clause's keyword where an expression should start is a syntax error there, as in Spark. */
    private void refuseClause() {
        Token next = peek();
        if (next.kind() == Token.Kind.IDENTIFIER && CLAUSES.contains(next.text().toLowerCase(Locale.ROOT))) {
            throw syntaxError(next, "");
        }
    }

    /** One operand, a literal or a call, with nothing after it. */
    private Expression operand() {
        int start = index;
        ExpressionParser parser = new ExpressionParser(text, tokens, index);
        try {
            Expression expression = parser.nextOperand();
            index = parser.index();
            return expression;
        } catch (ParseException invalid) {
            throw expressionError(invalid, start);
        }
    }

    /**
     * An expression's syntax error in Spark's words, at its token; a subquery inside an expression
     * (where the error lies after {@code (SELECT}) is refused as such.
     */
    private ParseException expressionError(ParseException invalid, int start) {
        if (!invalid.errorClass().equals(ParseException.PARSE_SYNTAX_ERROR)) {
            return located(text, invalid);
        }
        int failed = tokenAt(invalid.position());
        for (int i = start; i < failed && i + 1 < tokens.size(); i++) {
            if (tokens.get(i).isSymbol("(") && (tokens.get(i + 1).isKeyword("select")
                    || tokens.get(i + 1).isKeyword("with"))) {
                throw unsupported(tokens.get(i + 1), "subquery expressions (scalar, IN and EXISTS subqueries)");
            }
        }
        return syntaxError(tokens.get(failed), missing(invalid.getMessage()));
    }

    /**
     * Spark's hint {@code : missing ')'} where the expression parser expected one symbol or
     * keyword ({@code expected ')'}, {@code expected THEN}), else none.
     */
    private static String missing(String message) {
        Matcher expected = EXPECTED.matcher(message);
        return expected.find() ? ": missing '" + (expected.group(1) != null ? expected.group(1) : expected.group(2))
                + "'" : "";
    }

    /** The index of the token that starts at or covers {@code position}. */
    private int tokenAt(int position) {
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).end() > position || tokens.get(i).kind() == Token.Kind.END) {
                return i;
            }
        }
        return tokens.size() - 1;
    }

    private Token peek() {
        return tokens.get(index);
    }

    private Token next() {
        Token token = tokens.get(index);
        if (token.kind() != Token.Kind.END) {
            index++;
        }
        return token;
    }

    private boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            index++;
            return true;
        }
        return false;
    }

    private boolean acceptKeyword(String keyword) {
        if (peek().isKeyword(keyword)) {
            index++;
            return true;
        }
        return false;
    }

    private void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) {
            throw syntaxError(peek(), ": missing '" + symbol + "'");
        }
    }

    private void expectKeyword(String keyword) {
        if (!acceptKeyword(keyword)) {
            throw syntaxError(peek(), ": missing '" + keyword.toUpperCase(Locale.ROOT) + "'");
        }
    }

    private void expectString() {
        if (peek().kind() != Token.Kind.STRING) {
            throw syntaxError(peek(), "");
        }
        index++;
    }

    /** How Spark's messages show a token: its text as written, in quotes, or {@code end of input}. */
    private String describe(Token token) {
        return token.kind() == Token.Kind.END ? "end of input"
                : "'" + text.substring(token.position(), token.end()) + "'";
    }

    private ParseException syntaxError(Token token, String hint) {
        return syntaxError(text, describe(token), hint, token.position());
    }

    private static ParseException syntaxError(String text, String near, String hint, int position) {
        return new ParseException("[PARSE_SYNTAX_ERROR] Syntax error at or near " + near + hint + ". SQLSTATE: 42601"
                + where(text, position), position, text);
    }

    private ParseException unsupported(Token token, String what) {
        return new ParseException(UNSUPPORTED, "[" + UNSUPPORTED + "] The feature is not supported: " + what
                + " in Arus's SQL yet. SQLSTATE: 0A000" + where(token.position()), token.position(), text);
    }

    /** An error of a literal (or the tokenizer) of its own class, with its line and position added. */
    private static ParseException located(String text, ParseException error) {
        return new ParseException(error.errorClass(), error.getMessage() + where(text, error.position()),
                error.position(), text);
    }

    private String where(int position) {
        return where(text, position);
    }

    /** Spark's {@code (line 1, pos 7)}: the 1-based line, the 0-based character in it. */
    private static String where(String text, int position) {
        TextPosition at = TextPosition.of(text, position);
        return " (line " + at.line() + ", pos " + (at.column() - 1) + ")";
    }
}
