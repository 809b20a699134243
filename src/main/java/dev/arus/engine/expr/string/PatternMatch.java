package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code LIKE}, {@code ILIKE} and {@code RLIKE}: whether a string matches a SQL pattern
 * ({@code _} one character, {@code %} any run, the escape character, {@code \} unless ESCAPE
 * says otherwise, making the next one literal) or, for RLIKE, contains a match of a Java regular
 * expression. ILIKE matches both sides lower-cased. A literal pattern is compiled once when the
 * query is defined, so a bad one is refused then; a pattern from a column is compiled when it
 * changes from one row to the next. Spark names them {@code s LIKE a%}, {@code ilike(s, a%)} and
 * {@code RLIKE(s, ^a)}. Not thread-safe.
 */
final class PatternMatch extends BoundNode {

    enum Kind { LIKE, ILIKE, RLIKE }

    /** A pattern that is not one: refused when the query is defined if literal, when a row brings it if not. */
    private static final class InvalidPattern extends RuntimeException {
        private final String errorClass;

        InvalidPattern(String errorClass, String message) {
            super(message, null, false, false);
            this.errorClass = errorClass;
        }
    }

    private final Kind kind;
    private final BoundExpression value;
    private final BoundExpression pattern;
    private final char escape;
    private String compiledText;
    private Matcher matcher;

    private PatternMatch(Kind kind, BoundExpression value, BoundExpression pattern, char escape, String sql) {
        super(AtomicType.BOOLEAN, value.nullable() || pattern.nullable(), sql);
        this.kind = kind;
        this.value = value;
        this.pattern = pattern;
        this.escape = escape;
    }

    static BoundExpression bindLike(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        char escape = escapeCharacter(binder, call);
        String escapeSuffix = escape == '\\' ? "" : " ESCAPE '" + escape + "'";
        String sql = arguments.get(0).sql() + " LIKE " + arguments.get(1).sql() + escapeSuffix;
        return bind(Kind.LIKE, call, arguments, binder, escape, sql);
    }

    static BoundExpression bindILike(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind(Kind.ILIKE, call, arguments, binder, escapeCharacter(binder, call),
                FunctionBinder.sql("ilike", arguments.subList(0, 2)));
    }

    static BoundExpression bindRLike(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = "RLIKE(" + arguments.get(0).sql() + ", " + arguments.get(1).sql() + ")";
        return bind(Kind.RLIKE, call, arguments, binder, '\\', sql);
    }

    private static BoundExpression bind(Kind kind, Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder, char escape, String sql) {
        BoundExpression text = binder.require(sql, call.position(), "first", arguments.get(0), InputType.STRING);
        BoundExpression pattern = binder.require(sql, call.position(), "second", arguments.get(1),
                InputType.STRING);
        PatternMatch match = new PatternMatch(kind, text, pattern, escape, sql);
        if (pattern instanceof Constant constant && constant.value() instanceof String literal) {
            try {
                match.compile(literal);
            } catch (InvalidPattern e) {
                throw binder.error(e.errorClass, e.getMessage(), call.arguments().get(1).position());
            }
        }
        return match;
    }

    /** The third argument of like and ilike: a one-character string literal, {@code \} without one. */
    private static char escapeCharacter(ExpressionBinder binder, Expression.FunctionCall call) {
        if (call.arguments().size() < 3) {
            return '\\';
        }
        Expression argument = call.arguments().get(2);
        if (argument instanceof Expression.Literal literal && literal.value() instanceof String text
                && text.length() == 1) {
            return text.charAt(0);
        }
        throw binder.error("INVALID_ESC", "Found an invalid escape string: " + argument.sql()
                + ". The escape string must contain only one character.", argument.position());
    }

    @Override
    public BooleanVector evaluate(ColumnarBatch input, EvaluationContext context) {
        StringVector values = (StringVector) value.evaluate(input, context);
        StringVector patterns = (StringVector) pattern.evaluate(input, context);
        int size = input.size();
        BooleanVector result = output(size);
        NullMasks.propagate(result, values, patterns, size);
        String[] in = values.values();
        String[] texts = patterns.values();
        boolean[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (result.isNull(i)) {
                continue;
            }
            if (!texts[i].equals(compiledText)) {
                try {
                    compile(texts[i]);
                } catch (InvalidPattern e) {
                    throw EvaluationException.invalidLikePattern(e.errorClass, e.getMessage());
                }
            }
            matcher.reset(kind == Kind.ILIKE ? in[i].toLowerCase(Locale.ROOT) : in[i]);
            out[i] = kind == Kind.RLIKE ? matcher.find(0) : matcher.matches();
        }
        return result;
    }

    private void compile(String text) {
        String regex = kind == Kind.RLIKE ? text
                : likeRegex(kind == Kind.ILIKE ? text.toLowerCase(Locale.ROOT) : text, escape);
        try {
            matcher = Pattern.compile(regex).matcher("");
        } catch (PatternSyntaxException e) {
            throw new InvalidPattern("INVALID_PARAMETER_VALUE.PATTERN", "The value of parameter(s) `regexp` in"
                    + " `rlike` is invalid: '" + text + "'. SQLSTATE: 22023");
        }
        compiledText = text;
    }

    /** Spark's {@code StringUtils.escapeLikeRegex}. */
    private static String likeRegex(String pattern, char escape) {
        StringBuilder regex = new StringBuilder("(?s)");
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == escape) {
                if (i + 1 == pattern.length()) {
                    throw new InvalidPattern("INVALID_FORMAT.ESC_AT_THE_END", "The format is invalid: '" + pattern
                            + "'. The escape character is not allowed to end with. SQLSTATE: 42601");
                }
                char next = pattern.charAt(++i);
                if (next != '_' && next != '%' && next != escape) {
                    throw new InvalidPattern("INVALID_FORMAT.ESC_IN_THE_MIDDLE", "The format is invalid: '"
                            + pattern + "'. The escape character is not allowed to precede '" + next
                            + "'. SQLSTATE: 42601");
                }
                regex.append(Pattern.quote(Character.toString(next)));
            } else if (c == '_') {
                regex.append('.');
            } else if (c == '%') {
                regex.append(".*");
            } else {
                regex.append(Pattern.quote(Character.toString(c)));
            }
        }
        return regex.toString();
    }
}
