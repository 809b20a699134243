package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.expr.Expression.Binary;
import dev.arus.engine.expr.Expression.ColumnReference;
import dev.arus.engine.expr.Expression.Literal;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.IntervalParser;
import dev.arus.engine.streaming.ParseException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A recursive-descent parser with precedence climbing for Spark SQL expressions. Precedence, from
 * loosest to tightest, follows Spark's grammar: OR, AND, NOT, predicates (IS NULL, IN), comparison,
 * {@code + -}, {@code * / %}, unary minus, field access. Binary operators are left-associative.
 *
 * <p>Text longer than {@link #MAX_LENGTH} characters and trees deeper than {@link #MAX_DEPTH}
 * levels are syntax errors, so that no text a client sends can make the parser, the analyser or
 * the evaluator (all recursive) overflow the stack: the parser counts its own recursion, and the
 * depth of the finished tree (a chain {@code a + b + c ...} is deep without recursing) is
 * measured without recursion.
 */
public final class ExpressionParser {

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
            "false", "case", "when", "then", "else", "end", "as", "cast", "interval", "between", "div");

    private final String text;
    private final List<Token> tokens;
    private int index;
    private int depth;

    private ExpressionParser(String text) {
        if (text.length() > MAX_LENGTH) {
            throw new ParseException("[PARSE_SYNTAX_ERROR] The expression is " + text.length()
                    + " characters long; at most " + MAX_LENGTH + " are allowed", MAX_LENGTH, text);
        }
        this.text = text;
        this.tokens = Tokenizer.tokenize(text);
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
            Expression left = prefix();
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
            for (Expression child : children(node)) {
                if (child != null) {
                    nodes.push(child);
                    levels.push(level + 1);
                }
            }
        }
        return expression;
    }

    private static List<Expression> children(Expression node) {
        if (node instanceof Binary binary) {
            return List.of(binary.left(), binary.right());
        }
        if (node instanceof Expression.Negate negate) {
            return List.of(negate.child());
        }
        if (node instanceof Expression.Not not) {
            return List.of(not.child());
        }
        if (node instanceof Expression.IsNull isNull) {
            return List.of(isNull.child());
        }
        if (node instanceof Expression.Cast cast) {
            return List.of(cast.child());
        }
        if (node instanceof Expression.FieldAccess access) {
            return List.of(access.child());
        }
        if (node instanceof Expression.Alias alias) {
            return List.of(alias.child());
        }
        if (node instanceof Expression.FunctionCall call) {
            return call.arguments();
        }
        if (node instanceof Expression.In in) {
            List<Expression> all = new ArrayList<>(in.list());
            all.add(in.value());
            return all;
        }
        if (node instanceof Expression.CaseWhen caseWhen) {
            List<Expression> all = new ArrayList<>();
            caseWhen.branches().forEach(branch -> {
                all.add(branch.condition());
                all.add(branch.value());
            });
            all.add(caseWhen.elseValue());
            return all;
        }
        return List.of();
    }

    private ParseException tooDeep(int position) {
        return new ParseException("[PARSE_SYNTAX_ERROR] The expression is nested too deeply at position " + position
                + ": at most " + MAX_DEPTH + " levels of operators, calls and parentheses are allowed", position, text);
    }

    private static int infixPrecedence(Token token) {
        if (token.kind() == Token.Kind.SYMBOL) {
            return switch (token.text()) {
                case "=", "==", "!=", "<>", "<", "<=", ">", ">=", "<=>" -> COMPARISON;
                case "+", "-" -> ADDITIVE;
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
            case "is", "in", "not" -> PREDICATE;
            default -> 0;
        };
    }

    private Expression infix(Expression left, Token operator, int precedence) {
        int at = left.position() >= 0 ? left.position() : operator.position();
        if (operator.kind() == Token.Kind.IDENTIFIER) {
            return switch (operator.text().toLowerCase(Locale.ROOT)) {
                case "or" -> new Binary(BinaryOperator.OR, left, expression(precedence + 1), at);
                case "and" -> new Binary(BinaryOperator.AND, left, expression(precedence + 1), at);
                case "is" -> isNull(left, at);
                case "in" -> in(left, at);
                default -> notIn(left, at);
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

    private Expression notIn(Expression left, int at) {
        expectKeyword("in", "IN after NOT");
        return new Expression.Not(in(left, at), at);
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
                return new Literal(token.text(), AtomicType.STRING, token.text(), at);
            case QUOTED_IDENTIFIER:
                return columnReference(token.text(), at);
            case SYMBOL:
                return prefixSymbol(token);
            case IDENTIFIER:
                return prefixWord(token);
            default:
                throw error(token, "expected an expression");
        }
    }

    private Expression prefixSymbol(Token token) {
        int at = token.position();
        switch (token.text()) {
            case "(":
                Expression inner = expression(OR);
                expectSymbol(")");
                return fieldAccesses(inner);
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
                if (RESERVED.contains(word)) {
                    throw error(token, "expected an expression");
                }
                if (peek().isSymbol("(")) {
                    index++;
                    return fieldAccesses(functionCall(token.text(), at));
                }
                return columnReference(token.text(), at);
        }
    }

    /** A column name, then any {@code .field} parts that follow it. */
    private Expression columnReference(String first, int at) {
        List<String> parts = new ArrayList<>(List.of(first));
        while (acceptSymbol(".")) {
            parts.add(fieldName());
        }
        return new ColumnReference(parts, at);
    }

    private Expression fieldAccesses(Expression base) {
        Expression result = base;
        while (acceptSymbol(".")) {
            result = new Expression.FieldAccess(result, fieldName(), base.position());
        }
        return result;
    }

    /** After a dot any word names a field, even a keyword: {@code window.end}. */
    private String fieldName() {
        Token token = next();
        if (token.kind() != Token.Kind.IDENTIFIER && token.kind() != Token.Kind.QUOTED_IDENTIFIER) {
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
        if (!acceptSymbol(")")) {
            if (peek().isKeyword("distinct")) {
                throw error(peek(), "DISTINCT aggregates are not supported");
            }
            // Spark's grammar gives struct(...) named arguments: struct(a AS x, b)
            boolean named = name.equalsIgnoreCase("struct");
            do {
                Expression argument = expression(OR);
                arguments.add(named ? optionalAlias(argument) : argument);
            } while (acceptSymbol(","));
            expectSymbol(")");
        }
        return new Expression.FunctionCall(name, arguments, false, at);
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
        Token typeToken = next();
        AtomicType target = typeToken.kind() == Token.Kind.IDENTIFIER ? TypeNames.parse(typeToken.text()) : null;
        if (target == null) {
            String name = typeToken.text().toUpperCase(Locale.ROOT);
            if (typeToken.kind() == Token.Kind.IDENTIFIER && (DataTypeParser.isNotYetSupported(name)
                    || name.equals("ARRAY") || name.equals("MAP") || name.equals("STRUCT"))) {
                throw new ParseException("UNSUPPORTED_DATATYPE", "[UNSUPPORTED_DATATYPE] Unsupported data type \""
                        + name + "\" at position " + typeToken.position() + ": Arus does not support casts to it yet."
                        + " SQLSTATE: 0A000", typeToken.position(), text);
            }
            throw error(typeToken, "expected a type name (" + TypeNames.SUPPORTED + ")");
        }
        expectSymbol(")");
        return new Expression.Cast(child, target, at);
    }

    /** {@code INTERVAL '4' SECOND}, {@code INTERVAL '4 seconds'} or {@code INTERVAL 4 SECONDS 2 MINUTES}. */
    private Expression interval(int at) {
        StringBuilder source = new StringBuilder();
        if (peek().kind() == Token.Kind.STRING) {
            source.append(next().text());
            if (peek().kind() == Token.Kind.IDENTIFIER && !RESERVED.contains(peek().text().toLowerCase(Locale.ROOT))) {
                source.append(' ').append(next().text());
            }
        } else {
            while (peek().kind() == Token.Kind.NUMBER || peek().isSymbol("-")) {
                Token number = next();
                String value = number.isSymbol("-") ? "-" + expectNumber().text() : number.text();
                Token unit = next();
                if (unit.kind() != Token.Kind.IDENTIFIER) {
                    throw error(unit, "expected an interval unit such as SECONDS");
                }
                source.append(source.length() == 0 ? "" : " ").append(value).append(' ').append(unit.text());
            }
        }
        if (source.length() == 0) {
            throw error(peek(), "expected an interval such as INTERVAL '4' SECOND");
        }
        try {
            long micros = IntervalParser.parseMicros(source.toString());
            return new Expression.IntervalLiteral(micros, intervalText(source.toString()), at);
        } catch (ArusException e) {
            throw new ParseException(e.errorClass(), e.getMessage(), at, text);
        }
    }

    /** Spark prints a one-unit interval as {@code INTERVAL '4' SECOND}. */
    private static String intervalText(String source) {
        String[] words = source.trim().split("\\s+");
        if (words.length == 2) {
            String unit = words[1].toUpperCase(Locale.ROOT);
            unit = unit.endsWith("S") ? unit.substring(0, unit.length() - 1) : unit;
            return "INTERVAL '" + words[0] + "' " + unit;
        }
        return "INTERVAL '" + source + "'";
    }

    private Token expectNumber() {
        Token token = next();
        if (token.kind() != Token.Kind.NUMBER) {
            throw error(token, "expected a number");
        }
        return token;
    }

    /**
     * Spark's literal typing: an integer is INT when it fits, else BIGINT; {@code L} forces
     * BIGINT; an exponent or {@code D} makes a DOUBLE. A plain decimal such as {@code 1.5} is a
     * DECIMAL in Spark; Arus has no decimal type and approximates it as DOUBLE, keeping the text
     * as written for the column name.
     */
    private Expression number(String digits, int at) {
        char last = Character.toUpperCase(digits.charAt(digits.length() - 1));
        String body = last == 'L' || last == 'D' ? digits.substring(0, digits.length() - 1) : digits;
        try {
            if (last == 'D' || body.contains("e") || body.contains("E")) {
                double value = Double.parseDouble(body);
                return new Literal(value, AtomicType.DOUBLE, Double.toString(value), at);
            }
            if (body.contains(".")) {
                return new Literal(Double.parseDouble(body), AtomicType.DOUBLE, body, at);
            }
            long value = Long.parseLong(body);
            if (last != 'L' && value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE) {
                return new Literal((int) value, AtomicType.INT, Long.toString(value), at);
            }
            return new Literal(value, AtomicType.LONG, Long.toString(value), at);
        } catch (NumberFormatException e) {
            throw new ParseException("[PARSE_SYNTAX_ERROR] Syntax error at or near '" + digits + "' at position "
                    + at + ": the number is out of range for BIGINT", at, text);
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
            throw error(peek(), "expected '" + symbol + "'");
        }
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

    private ParseException error(Token token, String expected) {
        return new ParseException("[PARSE_SYNTAX_ERROR] Syntax error at or near " + token.describe()
                + " at position " + token.position() + ": " + expected, token.position(), text);
    }
}
