package dev.arus.engine.expr.string;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Spark's functions of a Java regular expression: {@code split(s, regex[, limit])},
 * {@code regexp_extract(s, regex[, idx])} and {@code regexp_replace(s, regex, rep[, pos])}, named
 * with their defaults as Spark names them: {@code split(s, ,, -1)}, {@code regexp_extract(s, r, 1)},
 * {@code regexp_replace(s, r, x, 1)}. A literal expression is compiled when the query is defined,
 * so a bad one is refused then (INVALID_PARAMETER_VALUE.PATTERN); one from a column is compiled
 * when it changes from one row to the next. Not thread-safe.
 */
final class RegexFunction extends RowwiseFunction {

    enum Kind {
        SPLIT("split"), EXTRACT("regexp_extract"), REPLACE("regexp_replace");

        private final String sqlName;

        Kind(String sqlName) {
            this.sqlName = sqlName;
        }
    }

    private static final String INVALID_PATTERN = "INVALID_PARAMETER_VALUE.PATTERN";
    private static final InputType INT = InputType.of(AtomicType.INT);

    private final Kind kind;
    private final StringBuilder text = new StringBuilder();
    private String compiledText;
    private Matcher matcher;

    private RegexFunction(Kind kind, List<BoundExpression> arguments, String sql) {
        super(kind == Kind.SPLIT ? new ArrayType(AtomicType.STRING, false) : AtomicType.STRING, arguments, sql);
        this.kind = kind;
    }

    static ScalarFunction.Binding binding(Kind kind) {
        return (call, arguments, binder) -> {
            List<BoundExpression> all = switch (kind) {
                case SPLIT, EXTRACT -> arguments.size() == 3 ? arguments : List.of(arguments.get(0), arguments.get(1),
                        defaultInt(kind == Kind.SPLIT ? -1 : 1));
                case REPLACE -> arguments.size() == 4 ? arguments : List.of(arguments.get(0), arguments.get(1),
                        arguments.get(2), defaultInt(1));
            };
            String sql = FunctionBinder.sql(kind.sqlName, all);
            List<BoundExpression> coerced = kind == Kind.REPLACE
                    ? coerce(binder, call, sql, all, InputType.STRING, InputType.STRING, InputType.STRING, INT)
                    : coerce(binder, call, sql, all, InputType.STRING, InputType.STRING, INT);
            if (kind == Kind.REPLACE) {
                checkPosition(binder, call, sql, coerced.get(3));
            }
            RegexFunction function = new RegexFunction(kind, coerced, sql);
            if (coerced.get(1) instanceof Constant constant && constant.value() instanceof String literal
                    && !function.compile(literal)) {
                throw binder.error(INVALID_PATTERN, function.invalidPattern(literal),
                        call.arguments().get(1).position());
            }
            return function;
        };
    }

    /** Spark requires regexp_replace's position to be a constant above 0. */
    private static void checkPosition(ExpressionBinder binder, Expression.FunctionCall call, String sql,
            BoundExpression position) {
        if (!(position instanceof Constant) && Constant.longValueOf(position) == null) {
            throw binder.mismatch("NON_FOLDABLE_INPUT", sql, "the input `position` should be a foldable \"INT\""
                    + " expression; however, got \"" + position.sql() + "\".", call.position());
        }
        Long value = Constant.longValueOf(position);
        if (value != null && value <= 0) {
            throw binder.mismatch("VALUE_OUT_OF_RANGE", sql, "The `position` must be between (0, 2147483647]"
                    + " (current value = " + value + ").", call.position());
        }
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        String value = string(arguments[0], row);
        String pattern = string(arguments[1], row);
        if (!pattern.equals(compiledText) && !compile(pattern)) {
            throw EvaluationException.invalidLikePattern(INVALID_PATTERN, invalidPattern(pattern));
        }
        switch (kind) {
            case SPLIT -> split(value, pattern, (int) integer(arguments[2], row), (ArrayVector) result, row);
            case EXTRACT -> setString(result, row, extract(value, integer(arguments[2], row)));
            case REPLACE -> setString(result, row, replace(value, string(arguments[2], row),
                    (int) integer(arguments[3], row)));
        }
    }

    /** Compiles {@code pattern} for the rows to come; false when it is not a regular expression. */
    private boolean compile(String pattern) {
        try {
            matcher = Pattern.compile(pattern).matcher("");
        } catch (PatternSyntaxException e) {
            return false;
        }
        compiledText = pattern;
        return true;
    }

    private String invalidPattern(String pattern) {
        return "The value of parameter(s) `regexp` in `" + kind.sqlName + "` is invalid: '" + pattern
                + "'. SQLSTATE: 22023";
    }

    /**
     * Spark's {@code UTF8String.split}: Java's split, a limit of 0 or less keeping trailing empty
     * strings, except that an empty expression splits a non-empty string into its characters.
     */
    private void split(String value, String pattern, int limit, ArrayVector result, int row) {
        StringVector elements = (StringVector) result.elements();
        if (pattern.isEmpty() && !value.isEmpty()) {
            int characters = CodePoints.count(value);
            int parts = limit > characters || limit <= 0 ? characters : limit;
            int start = result.appendRow(row, parts);
            int offset = 0;
            for (int i = 0; i < parts - 1; i++) {
                int next = value.offsetByCodePoints(offset, 1);
                elements.values()[start + i] = value.substring(offset, next);
                offset = next;
            }
            elements.values()[start + parts - 1] = value.substring(offset);
            return;
        }
        String[] parts = matcher.pattern().split(value, limit == 0 ? -1 : limit);
        int start = result.appendRow(row, parts.length);
        System.arraycopy(parts, 0, elements.values(), start, parts.length);
    }

    /** The group of the first match, empty when nothing matches or the group took no part. */
    private String extract(String value, long group) {
        matcher.reset(value);
        if (!matcher.find()) {
            return "";
        }
        if (group < 0 || group > matcher.groupCount()) {
            throw EvaluationException.regexGroupIndex(kind.sqlName, matcher.groupCount(), group);
        }
        String text = matcher.group((int) group);
        return text == null ? "" : text;
    }

    /** Every match at or after the 1-based UTF-16 {@code position} replaced, as Spark's RegExpReplace. */
    private String replace(String value, String replacement, int position) {
        int from = position - 1;
        if (from != 0 && from >= value.length()) {
            return value;
        }
        matcher.reset(value);
        matcher.region(from, value.length());
        text.setLength(0);
        while (matcher.find()) {
            matcher.appendReplacement(text, replacement);
        }
        matcher.appendTail(text);
        return text.toString();
    }
}
