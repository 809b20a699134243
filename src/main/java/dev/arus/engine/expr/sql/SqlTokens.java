package dev.arus.engine.expr.sql;

import dev.arus.engine.expr.Expression;
import dev.arus.engine.streaming.ParseException;
import dev.arus.engine.streaming.TextPosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cursor of {@link SqlParser} over one statement's tokens: what comes next, the names and
 * expressions it reads (expressions by {@link ExpressionParser}, on the same tokens), and
 * errors in Spark's words at a token, with its line and 0-based position in the line.
 */
final class SqlTokens {

    /**
     * Words that end an expression or a relation rather than alias it when written without
     * {@code AS}: Spark's reserved words and the clause words of its query grammar.
     */
    static final Set<String> NOT_ALIASES = Set.of("all", "and", "anti", "as", "between", "by", "case",
            "cast", "cluster", "create", "cross", "delay", "distinct", "distribute", "else", "end", "except", "from",
            "full", "group", "having", "in", "inner", "intersect", "is", "join", "lateral", "left", "like", "limit",
            "minus", "natural", "not", "null", "offset", "on", "or", "order", "over", "pivot", "qualify", "right",
            "select", "semi", "sort", "tablesample", "then", "union", "unpivot", "using", "watermark", "when",
            "where", "window", "with");

    /** Keywords that start a clause of a query, so never an expression (nor a column without back-quotes). */
    private static final Set<String> CLAUSES = Set.of("from", "where", "group", "having", "order", "limit", "union",
            "except", "intersect", "minus", "join", "on", "using", "lateral", "qualify", "watermark");

    /** The end of the expression parser's message when it expected one symbol or keyword. */
    private static final Pattern EXPECTED = Pattern.compile(": expected (?:'([^']+)'|([A-Z]+))$");

    private final String text;
    private final List<Token> tokens;
    private int index;

    /**
     * The tokens of {@code text}.
     *
     * @throws ParseException for text that is no tokens ({@code PARSE_SYNTAX_ERROR} at the
     *         character, {@code UNCLOSED_BRACKETED_COMMENT}), located
     */
    SqlTokens(String text) {
        this.text = text;
        try {
            this.tokens = Tokenizer.tokenize(text);
        } catch (ParseException lexical) {
            throw lexical.errorClass().equals(ParseException.PARSE_SYNTAX_ERROR)
                    ? syntaxError(text, "'" + text.charAt(Math.min(lexical.position(), text.length() - 1)) + "'", "",
                            lexical.position())
                    : located(text, lexical);
        }
    }

    Token peek() {
        return tokens.get(index);
    }

    /** The token {@code offset} after the current one, or the end. */
    Token ahead(int offset) {
        return tokens.get(Math.min(index + offset, tokens.size() - 1));
    }

    Token next() {
        Token token = tokens.get(index);
        if (token.kind() != Token.Kind.END) {
            index++;
        }
        return token;
    }

    /** Moves past the current token. */
    void skip() {
        next();
    }

    /** Whether the {@code (} at the current token opens a query: {@code (SELECT}, {@code (WITH}, {@code ((SELECT}. */
    boolean startsQueryAfterParenthesis() {
        int at = index;
        while (tokens.get(at).isSymbol("(")) {
            at++;
        }
        Token first = tokens.get(at);
        return first.isKeyword("select") || first.isKeyword("with") || first.isKeyword("from")
                || first.isKeyword("values") || first.isKeyword("table");
    }

    /** {@code a.b.*}: the qualifier's parts when a qualified star starts here (the cursor then after it), else null. */
    List<String> qualifiedStar() {
        int at = index;
        List<String> qualifier = new ArrayList<>();
        while (isIdentifier(tokens.get(at)) && tokens.get(at + 1).isSymbol(".")) {
            qualifier.add(tokens.get(at).text());
            at += 2;
            if (tokens.get(at).isSymbol("*")) {
                index = at + 1;
                return qualifier;
            }
        }
        return null;
    }

    List<String> identifierList() {
        expectSymbol("(");
        List<String> names = new ArrayList<>();
        do {
            names.add(identifier());
        } while (acceptSymbol(","));
        expectSymbol(")");
        return names;
    }

    List<String> multipartIdentifier() {
        List<String> parts = new ArrayList<>();
        parts.add(identifier());
        while (peek().isSymbol(".") && isIdentifier(tokens.get(index + 1))) {
            index++;
            parts.add(identifier());
        }
        return parts;
    }

    String identifier() {
        Token token = peek();
        if (!isIdentifier(token)) {
            throw syntaxError(token, "");
        }
        index++;
        return token.text();
    }

    static boolean isIdentifier(Token token) {
        return token.kind() == Token.Kind.IDENTIFIER || token.kind() == Token.Kind.QUOTED_IDENTIFIER;
    }

    /** A word that may alias a relation without {@code AS}. */
    static boolean isAliasWord(Token token) {
        return token.kind() == Token.Kind.IDENTIFIER && !NOT_ALIASES.contains(token.text().toLowerCase(Locale.ROOT));
    }

    /** An expression, read by {@link ExpressionParser} from this parser's tokens. */
    Expression expression() {
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

    Expression namedExpression(Set<String> notAliases) {
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
    void refuseClause() {
        Token next = peek();
        if (next.kind() == Token.Kind.IDENTIFIER && CLAUSES.contains(next.text().toLowerCase(Locale.ROOT))) {
            throw syntaxError(next, "");
        }
    }

    /** One operand, a literal or a call, with nothing after it. */
    Expression operand() {
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
    ParseException expressionError(ParseException invalid, int start) {
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
    static String missing(String message) {
        Matcher expected = EXPECTED.matcher(message);
        return expected.find() ? ": missing '" + (expected.group(1) != null ? expected.group(1) : expected.group(2))
                + "'" : "";
    }

    /** The index of the token that starts at or covers {@code position}. */
    int tokenAt(int position) {
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).end() > position || tokens.get(i).kind() == Token.Kind.END) {
                return i;
            }
        }
        return tokens.size() - 1;
    }

    boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            index++;
            return true;
        }
        return false;
    }

    boolean acceptKeyword(String keyword) {
        if (peek().isKeyword(keyword)) {
            index++;
            return true;
        }
        return false;
    }

    void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) {
            throw syntaxError(peek(), ": missing '" + symbol + "'");
        }
    }

    void expectKeyword(String keyword) {
        if (!acceptKeyword(keyword)) {
            throw syntaxError(peek(), ": missing '" + keyword.toUpperCase(Locale.ROOT) + "'");
        }
    }

    void expectString() {
        if (peek().kind() != Token.Kind.STRING) {
            throw syntaxError(peek(), "");
        }
        index++;
    }

    /** How Spark's messages show a token: its text as written, in quotes, or {@code end of input}. */
    String describe(Token token) {
        return token.kind() == Token.Kind.END ? "end of input"
                : "'" + text.substring(token.position(), token.end()) + "'";
    }

    ParseException syntaxError(Token token, String hint) {
        return syntaxError(text, describe(token), hint, token.position());
    }

    static ParseException syntaxError(String text, String near, String hint, int position) {
        return new ParseException("[PARSE_SYNTAX_ERROR] Syntax error at or near " + near + hint + ". SQLSTATE: 42601"
                + where(text, position), position, text);
    }

    ParseException unsupported(Token token, String what) {
        return new ParseException(SqlParser.UNSUPPORTED, "[" + SqlParser.UNSUPPORTED + "] The feature is not"
                + " supported: " + what + " in Arus's SQL yet. SQLSTATE: 0A000" + where(token.position()),
                token.position(), text);
    }

    /** An error of a literal (or the tokenizer) of its own class, with its line and position added. */
    static ParseException located(String text, ParseException error) {
        return new ParseException(error.errorClass(), error.getMessage() + where(text, error.position()),
                error.position(), text);
    }

    String where(int position) {
        return where(text, position);
    }

    /** Spark's {@code (line 1, pos 7)}: the 1-based line, the 0-based character in it. */
    static String where(String text, int position) {
        TextPosition at = TextPosition.of(text, position);
        return " (line " + at.line() + ", pos " + (at.column() - 1) + ")";
    }
}
