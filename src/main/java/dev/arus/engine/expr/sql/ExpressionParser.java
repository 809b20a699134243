package dev.arus.engine.expr.sql;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.Expression.Binary;
import dev.arus.engine.expr.Expression.ColumnReference;
import dev.arus.engine.expr.Expression.Literal;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.LiteralValues;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.calendar.DateTimeFormats;
import dev.arus.engine.expr.logic.CaseWhen;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.ParseException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A recursive-descent parser with precedence climbing for Spark SQL expressions. Precedence, from
 * loosest to tightest, follows Spark's grammar: OR, AND, NOT, predicates (IS NULL, IN, BETWEEN,
 * LIKE, ILIKE, RLIKE), comparison, {@code + - ||}, {@code * / % div}, unary minus, then what
 * follows an operand: {@code .field}, {@code [index]}, {@code ::type}. A lambda, {@code x -> body}
 * or {@code (x, y) -> body} (Spark's grammar wants two or more names in parentheses), is an
 * operand whose body reaches as far as an expression can. Binary operators are
 * left-associative. Literals are typed as Spark types them (see {@link LiteralValues}), typed
 * literals ({@code DATE '...'}, {@code TIMESTAMP '...'}, {@code X'...'}, {@code INTERVAL ...})
 * included.
 *
 * <p>Text longer than {@link #MAX_LENGTH} characters and trees deeper than {@link #MAX_DEPTH}
 * levels are syntax errors, so that no text a client sends can make the parser, the analyser or
 * the evaluator (all recursive) overflow the stack: the parser counts its own recursion, and the
 * depth of the finished tree (a chain {@code a + b + c ...} is deep without recursing) is
 * measured without recursion.
 */
public final class ExpressionParser extends TokenParser {

    /** The longest expression text, in characters; Spark has no such limit, a service needs one. */
    public static final int MAX_LENGTH = 10_000;

    /** The deepest expression tree, in levels of nested operators, calls and parentheses. */
    public static final int MAX_DEPTH = 200;

    private static final int OR = 1;
    private static final int AND = 2;
    private static final int NOT = 3;
    private static final int PREDICATE = 4;
    private static final int COMPARISON = 5;
    private static final int ADDITIVE = 6;
    private static final int MULTIPLICATIVE = 7;
    private static final int UNARY = 8;

    /** Words that end an operand, so they cannot name a column unless back-quoted. */
    private static final Set<String> RESERVED = Set.of("and", "or", "not", "is", "in", "null", "true",
            "false", "case", "when", "then", "else", "end", "as", "cast", "interval", "between", "div", "like",
            "ilike", "rlike", "regexp");

    /** Operator keywords that also name functions: {@code between(x, 1, 2)}, {@code like(s, 'a%')}. */
    private static final Set<String> CALLABLE_KEYWORDS = Set.of("between", "like", "ilike", "rlike");

    /** The units an interval literal's values take, singular or plural. */
    private static final Set<String> INTERVAL_UNITS = Set.of("year", "years", "month", "months", "week", "weeks",
            "day", "days", "hour", "hours", "minute", "minutes", "second", "seconds", "millisecond", "milliseconds",
            "microsecond", "microseconds");

    private int depth;

    private ExpressionParser(String text) {
        super(text, tokenize(text, MAX_LENGTH, "The expression"), 0);
    }

    /**
     * A parser of the expressions inside a statement: it reads {@code tokens} (of {@code text})
     * from {@code index} on, for the statement's parser, which then goes on from {@link #index()}.
     */
    ExpressionParser(String text, List<Token> tokens, int index) {
        super(text, tokens, index);
    }

    /** The index of the first token after what this parser has read. */
    int index() {
        return index;
    }

    /** An expression from the current token on; the statement's parser checks what follows it. */
    Expression nextExpression() {
        return checkedDepth(expression(OR));
    }

    /** One operand with what follows it ({@code .field}, {@code [index]}), but no operator: a literal, a call. */
    Expression nextOperand() {
        return checkedDepth(postfix(prefix()));
    }

    /**
     * An expression with an optional alias, Spark's {@code namedExpression}, where a word of
     * {@code notAliases} (lower case) after the expression is the statement's next keyword, not an
     * alias written without {@code AS}.
     */
    Expression nextNamedExpression(Set<String> notAliases) {
        Expression expression = expression(OR);
        Token next = peek();
        if (next.kind() == Token.Kind.IDENTIFIER && !next.isKeyword("as")
                && notAliases.contains(next.text().toLowerCase(Locale.ROOT))) {
            return checkedDepth(expression);
        }
        return checkedDepth(optionalAlias(expression));
    }

    /** Parses one expression that must span the whole text. */
    public static Expression parse(String text) {
        ExpressionParser parser = new ExpressionParser(text);
        Expression expression = parser.expression(OR);
        parser.expectEnd();
        return parser.checkedDepth(expression);
    }

    /**
     * Parses an expression with an optional alias, as {@code selectExpr} and aggregations take
     * them: {@code x AS y}, {@code x y} or {@code count(*) AS count}; returns an
     * {@link Expression.Alias} when there is one.
     */
    public static Expression parseNamed(String text) {
        ExpressionParser parser = new ExpressionParser(text);
        Expression expression = parser.optionalAlias(parser.expression(OR));
        parser.expectEnd();
        return parser.checkedDepth(expression);
    }

    /** {@code expression [AS] name}, Spark's {@code namedExpression}. */
    private Expression optionalAlias(Expression expression) {
        Token next = peek();
        if (next.isKeyword("as")) {
            index++;
            return new Expression.Alias(expression, identifier("an alias name"), next.position());
        }
        if (next.kind() == Token.Kind.QUOTED_IDENTIFIER || isPlainIdentifier(next)) {
            return new Expression.Alias(expression, identifier("an alias name"), next.position());
        }
        return expression;
    }

    private Expression expression(int minimumPrecedence) {
        if (++depth > MAX_DEPTH) {
            throw tooDeep(peek().position());
        }
        try {
            Expression left = postfix(prefix());
            while (true) {
                Token token = peek();
                int precedence = infixPrecedence(token);
                if (precedence < minimumPrecedence || precedence == 0) {
                    return left;
                }
                index++;
                left = infix(left, token, precedence);
            }
        } finally {
            depth--;
        }
    }

    /** {@code expression} if its tree is at most {@link #MAX_DEPTH} deep, measured with a stack of its own. */
    private Expression checkedDepth(Expression expression) {
        Deque<Expression> nodes = new ArrayDeque<>();
        Deque<Integer> levels = new ArrayDeque<>();
        nodes.push(expression);
        levels.push(1);
        while (!nodes.isEmpty()) {
            Expression node = nodes.pop();
            int level = levels.pop();
            if (level > MAX_DEPTH) {
                throw tooDeep(Math.max(0, node.position()));
            }
            for (Expression child : node.children()) {
                nodes.push(child);
                levels.push(level + 1);
            }
        }
        return expression;
    }

    private ParseException tooDeep(int position) {
        return new ParseException("[PARSE_SYNTAX_ERROR] The expression is nested too deeply at position " + position
                + ": at most " + MAX_DEPTH + " levels of operators, calls and parentheses are allowed", position, text);
    }

    private static int infixPrecedence(Token token) {
        if (token.kind() == Token.Kind.SYMBOL) {
            return switch (token.text()) {
                case "=", "==", "!=", "<>", "<", "<=", ">", ">=", "<=>" -> COMPARISON;
                case "+", "-", "||" -> ADDITIVE;
                case "*", "/", "%" -> MULTIPLICATIVE;
                default -> 0;
            };
        }
        if (token.kind() != Token.Kind.IDENTIFIER) {
            return 0;
        }
        return switch (token.text().toLowerCase(Locale.ROOT)) {
            case "or" -> OR;
            case "and" -> AND;
            case "is", "in", "not", "between", "like", "ilike", "rlike", "regexp" -> PREDICATE;
            case "div" -> MULTIPLICATIVE;
            default -> 0;
        };
    }

    private Expression infix(Expression left, Token operator, int precedence) {
        int at = left.position() >= 0 ? left.position() : operator.position();
        if (operator.kind() == Token.Kind.IDENTIFIER) {
            String word = operator.text().toLowerCase(Locale.ROOT);
            return switch (word) {
                case "or" -> new Binary(BinaryOperator.OR, left, expression(precedence + 1), at);
                case "and" -> new Binary(BinaryOperator.AND, left, expression(precedence + 1), at);
                case "div" -> new Binary(BinaryOperator.INTEGRAL_DIVIDE, left, expression(precedence + 1), at);
                case "is" -> isNull(left, at);
                case "not" -> new Expression.Not(predicate(left, next(), at), at);
                default -> predicate(left, operator, at);
            };
        }
        Expression right = expression(precedence + 1);
        return switch (operator.text()) {
            case "=", "==" -> new Binary(BinaryOperator.EQUAL, left, right, at);
            case "!=", "<>" -> new Expression.Not(new Binary(BinaryOperator.EQUAL, left, right, at), at);
            case "<=>" -> new Binary(BinaryOperator.NULL_SAFE_EQUAL, left, right, at);
            case "<" -> new Binary(BinaryOperator.LESS_THAN, left, right, at);
            case "<=" -> new Binary(BinaryOperator.LESS_THAN_OR_EQUAL, left, right, at);
            case ">" -> new Binary(BinaryOperator.GREATER_THAN, left, right, at);
            case ">=" -> new Binary(BinaryOperator.GREATER_THAN_OR_EQUAL, left, right, at);
            case "+" -> new Binary(BinaryOperator.ADD, left, right, at);
            case "-" -> new Binary(BinaryOperator.SUBTRACT, left, right, at);
            // Spark's CONCAT_PIPE is concat(left, right)
            case "||" -> new Expression.FunctionCall("concat", List.of(left, right), false, at);
            case "*" -> new Binary(BinaryOperator.MULTIPLY, left, right, at);
            case "/" -> new Binary(BinaryOperator.DIVIDE, left, right, at);
            default -> new Binary(BinaryOperator.REMAINDER, left, right, at);
        };
    }

    private Expression isNull(Expression left, int at) {
        boolean negated = acceptKeyword("not");
        expectKeyword("null", "NULL");
        return new Expression.IsNull(left, negated, at);
    }

    /**
     * {@code IN}, {@code BETWEEN}, {@code LIKE}, {@code ILIKE}, {@code RLIKE} or {@code REGEXP}
     * after their left operand, as Spark's {@code withPredicate} builds them: {@code BETWEEN} is a
     * call of {@code between} (Spark 4), the pattern matchers calls of {@code like}, {@code ilike}
     * and {@code rlike}, so that SQL text and function calls name and bind alike.
     */
    private Expression predicate(Expression left, Token keyword, int at) {
        String word = keyword.kind() == Token.Kind.IDENTIFIER ? keyword.text().toLowerCase(Locale.ROOT) : "";
        switch (word) {
            case "in":
                return in(left, at);
            case "between": {
                Expression lower = expression(COMPARISON);
                expectKeyword("and", "AND");
                Expression upper = expression(COMPARISON);
                return new Expression.FunctionCall("between", List.of(left, lower, upper), false, at);
            }
            case "like", "ilike": {
                Expression pattern = expression(COMPARISON);
                List<Expression> arguments = new ArrayList<>(List.of(left, pattern));
                if (acceptKeyword("escape")) {
                    arguments.add(escapeCharacter());
                }
                return new Expression.FunctionCall(word, arguments, false, at);
            }
            case "rlike", "regexp":
                return new Expression.FunctionCall("rlike", List.of(left, expression(COMPARISON)), false, at);
            default:
                throw error(keyword, "expected IN, BETWEEN, LIKE, ILIKE, RLIKE or REGEXP after NOT");
        }
    }

    /** {@code ESCAPE '/'}: one character, as Spark's INVALID_ESC says. */
    private Expression escapeCharacter() {
        Token escape = next();
        if (escape.kind() != Token.Kind.STRING) {
            throw error(escape, "expected a string literal after ESCAPE");
        }
        if (escape.text().length() != 1) {
            throw new ParseException("INVALID_ESC", "[INVALID_ESC] Found an invalid escape string: " + escape.text()
                    + ". The escape string must contain only one character. SQLSTATE: 42604", escape.position(), text);
        }
        return new Literal(escape.text(), AtomicType.STRING, escape.text(), escape.position());
    }

    private Expression in(Expression left, int at) {
        expectSymbol("(");
        List<Expression> list = new ArrayList<>();
        do {
            list.add(expression(OR));
        } while (acceptSymbol(","));
        expectSymbol(")");
        return new Expression.In(left, list, at);
    }

    private Expression prefix() {
        Token token = next();
        int at = token.position();
        switch (token.kind()) {
            case NUMBER:
                return number(token.text(), at);
            case STRING:
                return stringLiteral(token);
            case QUOTED_IDENTIFIER:
                if (peek().isSymbol("->")) {
                    return lambda(List.of(token.text()), at);
                }
                return columnReference(token.text(), at);
            case SYMBOL:
                return prefixSymbol(token);
            case IDENTIFIER:
                return prefixWord(token);
            default:
                throw error(token, "expected an expression");
        }
    }

    /** Adjacent string literals are one, as in Spark: {@code 'a' 'b'} is {@code 'ab'}. */
    private Expression stringLiteral(Token first) {
        StringBuilder value = new StringBuilder(first.text());
        while (peek().kind() == Token.Kind.STRING) {
            value.append(next().text());
        }
        return new Literal(value.toString(), AtomicType.STRING, value.toString(), first.position());
    }

    /** What may follow an operand: {@code .field}, {@code [index]} and {@code ::type}, left to right. */
    private Expression postfix(Expression base) {
        Expression result = base;
        while (true) {
            if (acceptSymbol(".")) {
                result = new Expression.FieldAccess(result, fieldName(), base.position());
            } else if (acceptSymbol("[")) {
                Expression index = expression(OR);
                expectSymbol("]");
                result = new Expression.Subscript(result, index, base.position());
            } else if (acceptSymbol("::")) {
                result = new Expression.Cast(result, dataType(), base.position());
            } else {
                return result;
            }
        }
    }

    private Expression prefixSymbol(Token token) {
        int at = token.position();
        switch (token.text()) {
            case "(":
                List<String> parameters = lambdaParameters();
                if (parameters != null) {
                    return lambda(parameters, at);
                }
                Expression inner = expression(OR);
                expectSymbol(")");
                return inner;
            case "-":
                if (peek().kind() == Token.Kind.NUMBER) {
                    return number("-" + next().text(), at);
                }
                return new Expression.Negate(expression(UNARY), at);
            case "+":
                return expression(UNARY);
            case "!":
                return new Expression.Not(expression(NOT), at);
            default:
                throw error(token, "expected an expression");
        }
    }

    private Expression prefixWord(Token token) {
        int at = token.position();
        String word = token.text().toLowerCase(Locale.ROOT);
        switch (word) {
            case "not":
                return new Expression.Not(expression(NOT), at);
            case "null":
                return new Literal(null, AtomicType.NULL, "NULL", at);
            case "true", "false":
                return new Literal(Boolean.valueOf(word), AtomicType.BOOLEAN, word, at);
            case "case":
                return caseWhen(at);
            case "cast":
                return cast(at);
            case "interval":
                return interval(at);
            default:
                if (RESERVED.contains(word) && !(CALLABLE_KEYWORDS.contains(word) && peek().isSymbol("("))) {
                    throw error(token, "expected an expression");
                }
                if (peek().kind() == Token.Kind.STRING) {
                    return typedLiteral(token);
                }
                if (peek().isSymbol("(")) {
                    index++;
                    return special(word, at).orElseGet(() -> functionCall(token.text(), at));
                }
                if (peek().isSymbol("->")) {
                    return lambda(List.of(token.text()), at);
                }
                return columnReference(token.text(), at);
        }
    }

    /**
     * The calls with keywords inside their parentheses: {@code extract(f FROM x)},
     * {@code trim(BOTH c FROM s)}, {@code substring(s FROM p FOR l)}.
     */
    private Optional<Expression> special(String word, int at) {
        if (word.equals("extract")) {
            Token field = next();
            if (field.kind() != Token.Kind.IDENTIFIER && field.kind() != Token.Kind.STRING) {
                throw error(field, "expected a field such as YEAR");
            }
            expectKeyword("from", "FROM");
            Expression source = expression(OR);
            expectSymbol(")");
            return Optional.of(new Expression.Extract(field.text(), source, at));
        }
        if (word.equals("trim")) {
            return trim(at);
        }
        if (word.equals("substring") || word.equals("substr")) {
            return substring(at);
        }
        return Optional.empty();
    }

    /**
     * Spark's {@code substring(str FROM pos [FOR len])} (or {@code substr}), a call of
     * {@code substring} as Spark names it; without FROM an ordinary call.
     */
    private Optional<Expression> substring(int at) {
        int start = index;
        if (peek().isSymbol(")")) {
            return Optional.empty();
        }
        Expression source = expression(OR);
        if (!acceptKeyword("from")) {
            index = start;
            return Optional.empty();
        }
        Expression position = expression(OR);
        Expression length = acceptKeyword("for") ? expression(OR) : null;
        expectSymbol(")");
        return Optional.of(new Expression.FunctionCall("substring",
                length == null ? List.of(source, position) : List.of(source, position, length), false, at));
    }

    /**
     * Spark's {@code trim([BOTH | LEADING | TRAILING] [chars] FROM str)}, a call of {@code trim},
     * {@code ltrim} or {@code rtrim} with the characters first; without FROM an ordinary call.
     */
    private Optional<Expression> trim(int at) {
        int start = index;
        String function = acceptKeyword("leading") ? "ltrim" : acceptKeyword("trailing") ? "rtrim"
                : acceptKeyword("both") ? "trim" : null;
        Expression characters = peek().isKeyword("from") ? null : expression(OR);
        if (!acceptKeyword("from")) {
            if (function != null) {
                throw error(peek(), "expected FROM");
            }
            index = start;
            return Optional.empty();
        }
        Expression source = expression(OR);
        expectSymbol(")");
        String name = function == null ? "trim" : function;
        return Optional.of(new Expression.FunctionCall(name,
                characters == null ? List.of(source) : List.of(characters, source), false, at));
    }

    /** {@code DATE '2026-12-01'}, {@code TIMESTAMP '2026-12-01 10:00:00'}, {@code X'0A'}. */
    private Expression typedLiteral(Token type) {
        Token value = next();
        String name = type.text().toUpperCase(Locale.ROOT);
        int at = type.position();
        switch (name) {
            case "DATE": {
                Long days = DateTimeFormats.parseDate(value.text());
                if (days == null) {
                    throw invalidTypedLiteral(name, value.text(), at);
                }
                LocalDate date = LocalDate.ofEpochDay(days);
                return new Literal(date, AtomicType.DATE, SqlText.literal(date, AtomicType.DATE), at);
            }
            case "TIMESTAMP", "TIMESTAMP_LTZ": {
                Object timestamp = DateTimeFormats.parseTimestampLiteral(value.text());
                if (timestamp == null) {
                    throw invalidTypedLiteral(name, value.text(), at);
                }
                return new Literal(timestamp, AtomicType.TIMESTAMP, SqlText.literal(timestamp, AtomicType.TIMESTAMP),
                        at);
            }
            case "X": {
                String hex = value.text().length() % 2 == 1 ? "0" + value.text() : value.text();
                try {
                    byte[] bytes = HexFormat.of().parseHex(hex);
                    return new Literal(bytes, AtomicType.BINARY, SqlText.literal(bytes, AtomicType.BINARY), at);
                } catch (IllegalArgumentException e) {
                    throw invalidTypedLiteral(name, value.text(), at);
                }
            }
            default:
                throw new ParseException("UNSUPPORTED_TYPED_LITERAL", "[UNSUPPORTED_TYPED_LITERAL] Literals of the"
                        + " type \"" + name + "\" are not supported. Supported types are \"DATE\","
                        + " \"TIMESTAMP_LTZ\", \"TIMESTAMP\", \"INTERVAL\", \"X\". SQLSTATE: 0A000", at, text);
        }
    }

    private ParseException invalidTypedLiteral(String type, String value, int at) {
        return new ParseException("INVALID_TYPED_LITERAL", "[INVALID_TYPED_LITERAL] The value of the typed literal \""
                + type + "\" is invalid: '" + value + "'. SQLSTATE: 42604", at, text);
    }

    /**
     * The names of {@code (x, y, ...) ->} after its opening parenthesis, the arrow read; null, and
     * nothing read, when what follows is no lambda's head.
     */
    private List<String> lambdaParameters() {
        int start = index;
        List<String> names = new ArrayList<>();
        do {
            Token name = next();
            if (name.kind() != Token.Kind.QUOTED_IDENTIFIER && !isPlainIdentifier(name)) {
                index = start;
                return null;
            }
            names.add(name.text());
        } while (acceptSymbol(","));
        if (names.size() < 2 || !acceptSymbol(")") || !peek().isSymbol("->")) {
            index = start;
            return null;
        }
        return names;
    }

    /** A lambda's body, after its parameters: the arrow, then an expression. */
    private Expression lambda(List<String> parameters, int at) {
        expectSymbol("->");
        return new Expression.Lambda(parameters, expression(OR), at);
    }

    /** A column name, then any {@code .field} parts that follow it. */
    private Expression columnReference(String first, int at) {
        List<String> parts = new ArrayList<>(List.of(first));
        while (peek().isSymbol(".") && index + 1 < tokens.size() && isFieldName(tokens.get(index + 1))) {
            index++;
            parts.add(fieldName());
        }
        return new ColumnReference(parts, at);
    }

    private static boolean isFieldName(Token token) {
        return token.kind() == Token.Kind.IDENTIFIER || token.kind() == Token.Kind.QUOTED_IDENTIFIER;
    }

    /** After a dot any word names a field, even a keyword: {@code window.end}. */
    private String fieldName() {
        Token token = next();
        if (!isFieldName(token)) {
            throw error(token, "expected a field name after '.'");
        }
        return token.text();
    }

    private Expression functionCall(String name, int at) {
        if (acceptSymbol("*")) {
            expectSymbol(")");
            return new Expression.FunctionCall(name, List.of(), true, at);
        }
        List<Expression> arguments = new ArrayList<>();
        boolean distinct = false;
        if (!acceptSymbol(")")) {
            // Spark's grammar takes DISTINCT in any call; analysis refuses it where it does not apply
            distinct = acceptKeyword("distinct");
            // Spark's grammar gives struct(...) named arguments: struct(a AS x, b)
            boolean named = name.equalsIgnoreCase("struct");
            do {
                Expression argument = expression(OR);
                arguments.add(named ? optionalAlias(argument) : argument);
            } while (acceptSymbol(","));
            expectSymbol(")");
        }
        return new Expression.FunctionCall(name, arguments, false, distinct, at);
    }

    private Expression caseWhen(int at) {
        Expression subject = peek().isKeyword("when") ? null : expression(OR);
        List<Expression.WhenClause> branches = new ArrayList<>();
        while (acceptKeyword("when")) {
            Expression condition = expression(OR);
            if (subject != null) {
                condition = new Binary(BinaryOperator.EQUAL, subject, condition, condition.position());
            }
            expectKeyword("then", "THEN");
            branches.add(new Expression.WhenClause(condition, expression(OR)));
        }
        if (branches.isEmpty()) {
            throw error(peek(), "expected WHEN");
        }
        Expression elseValue = acceptKeyword("else") ? expression(OR) : null;
        expectKeyword("end", "END");
        return new Expression.CaseWhen(branches, elseValue, at);
    }

    private Expression cast(int at) {
        expectSymbol("(");
        Expression child = expression(OR);
        expectKeyword("as", "AS");
        DataType target = dataType();
        expectSymbol(")");
        return new Expression.Cast(child, target, at);
    }

    /** A type in Spark's DDL, read by the type parser from this parser's tokens. */
    private DataType dataType() {
        DataTypeParser.Parsed parsed = DataTypeParser.parseAt(text, tokens, index);
        index = parsed.next();
        return parsed.type();
    }

    /**
     * Spark's interval literals: {@code INTERVAL '4' SECOND}, {@code INTERVAL 4 SECONDS 2 MINUTES},
     * {@code INTERVAL '1 day 2 hours'}, {@code INTERVAL '1 02:00' DAY TO MINUTE}, with a minus
     * before a string value allowed. See {@link IntervalLiterals}.
     */
    private Expression interval(int at) {
        try {
            IntervalLiterals.Value value = intervalValue();
            Duration duration = Duration.ofSeconds(Math.floorDiv(value.micros(), 1_000_000L),
                    Math.floorMod(value.micros(), 1_000_000L) * 1000);
            return new Literal(duration, value.type(), SqlText.literal(duration, value.type()), at);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new ParseException("INVALID_INTERVAL_FORMAT", "[INVALID_INTERVAL_FORMAT] Error parsing the interval"
                    + " at position " + at + ": " + e.getMessage() + ". SQLSTATE: 22006", at, text);
        }
    }

    private IntervalLiterals.Value intervalValue() {
        List<IntervalLiterals.Part> parts = new ArrayList<>();
        while (true) {
            int start = index;
            boolean negated = acceptSymbol("-");
            Token value = peek();
            if (value.kind() != Token.Kind.NUMBER && value.kind() != Token.Kind.STRING) {
                if (parts.isEmpty()) {
                    throw error(value, "expected an interval such as INTERVAL '4' SECOND");
                }
                index = start;
                return IntervalLiterals.ofParts(parts);
            }
            index++;
            Token unit = peek();
            if (value.kind() == Token.Kind.STRING && parts.isEmpty() && !isIntervalUnit(unit)) {
                if (negated) {
                    throw error(unit, "expected an interval unit after -'...'");
                }
                return IntervalLiterals.ofText(value.text());
            }
            index++;
            if (!isIntervalUnit(unit)) {
                throw error(unit, "expected an interval unit such as SECONDS");
            }
            if (value.kind() == Token.Kind.STRING && peek().isKeyword("to")) {
                index++;
                return IntervalLiterals.ofFields(value.text(), negated, field(unit), field(next()));
            }
            if (value.kind() == Token.Kind.STRING && value.text().chars().anyMatch(Character::isLetter)) {
                throw new IllegalArgumentException("'" + value.text() + "' cannot have a unit inside it");
            }
            parts.add(new IntervalLiterals.Part((negated ? "-" : "") + value.text(), unit.text()));
        }
    }

    private static boolean isIntervalUnit(Token token) {
        return token.kind() == Token.Kind.IDENTIFIER && INTERVAL_UNITS.contains(token.text().toLowerCase(Locale.ROOT));
    }

    private DayTimeIntervalType.IntervalField field(Token token) {
        String name = token.text().toUpperCase(Locale.ROOT);
        for (DayTimeIntervalType.IntervalField field : DayTimeIntervalType.IntervalField.values()) {
            if (field.name().equals(name)) {
                return field;
            }
        }
        throw new IllegalArgumentException("'" + token.text() + "' is not a day-time interval field (DAY, HOUR,"
                + " MINUTE or SECOND)");
    }

    /** Spark's number literals; see {@link LiteralValues#number}. */
    private Expression number(String digits, int at) {
        try {
            return LiteralValues.number(digits, at);
        } catch (ArusException e) {
            throw new ParseException(e.errorClass(), e.getMessage() + " (at position " + at + ")", at, text);
        }
    }

    private String identifier(String what) {
        Token token = next();
        if (token.kind() == Token.Kind.QUOTED_IDENTIFIER || isPlainIdentifier(token)) {
            return token.text();
        }
        throw error(token, "expected " + what);
    }

    private static boolean isPlainIdentifier(Token token) {
        return token.kind() == Token.Kind.IDENTIFIER && !RESERVED.contains(token.text().toLowerCase(Locale.ROOT));
    }

    private boolean acceptKeyword(String keyword) {
        if (peek().isKeyword(keyword)) {
            index++;
            return true;
        }
        return false;
    }

    private void expectKeyword(String keyword, String description) {
        if (!acceptKeyword(keyword)) {
            throw error(peek(), "expected " + description);
        }
    }

    private void expectEnd() {
        if (peek().kind() != Token.Kind.END) {
            throw error(peek(), "expected end of input");
        }
    }
}
