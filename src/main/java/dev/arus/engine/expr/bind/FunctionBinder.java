package dev.arus.engine.expr.bind;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.calendar.DateTimeFormats;
import dev.arus.engine.streaming.AnalysisException;
import java.util.List;
import java.util.Locale;

/** The argument checks that the bindings of functions share: their number, patterns, timestamps, names. */
public final class FunctionBinder {

    private FunctionBinder() {
    }

    /** A timestamp argument: a TIMESTAMP, or a STRING or NULL cast to one as Spark casts it. */
    public static BoundExpression timestampArgument(ExpressionBinder binder, FunctionCall call, BoundExpression value) {
        if (value.dataType() == AtomicType.TIMESTAMP) {
            return value;
        }
        if (value.dataType() == AtomicType.STRING || value.dataType() == AtomicType.NULL) {
            return TypeCoercion.implicitCast(value, AtomicType.TIMESTAMP);
        }
        throw binder.unexpectedType(call.sql(), call.position(), "first", "\"TIMESTAMP\"", value);
    }

    /** Arus compiles datetime patterns once, so they must be string literals. */
    public static String pattern(ExpressionBinder binder, FunctionCall call, int index) {
        Expression argument = call.arguments().get(index);
        if (argument instanceof Expression.Literal literal && literal.value() instanceof String text) {
            try {
                DateTimeFormats.formatter(text);
                return text;
            } catch (IllegalArgumentException e) {
                throw binder.error("INVALID_DATETIME_PATTERN", "Unrecognized datetime pattern: " + text + " ("
                        + e.getMessage() + ")", argument.position());
            }
        }
        throw binder.error("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT", "the datetime pattern of " + call.sql()
                + " must be a string literal, not " + argument.sql() + ".", argument.position());
    }

    /** Spark's WRONG_NUM_ARGS; {@code expected} is Spark's wording of the arity, such as {@code 2n (n > 0)}. */
    public static AnalysisException wrongNumberOfArguments(ExpressionBinder binder, FunctionCall call, String expected) {
        return binder.error("WRONG_NUM_ARGS.WITHOUT_SUGGESTION", "The `" + call.name().toLowerCase(Locale.ROOT)
                + "` requires " + expected + " parameters but the actual number is " + call.arguments().size() + ".",
                call.position());
    }

    public static void arity(ExpressionBinder binder, FunctionCall call, int minimum, int maximum) {
        int actual = call.arguments().size();
        if (actual < minimum || actual > maximum) {
            String expected = minimum == maximum ? Integer.toString(minimum)
                    : maximum == Integer.MAX_VALUE ? "at least " + minimum : "[" + minimum + ", " + maximum + "]";
            throw wrongNumberOfArguments(binder, call, expected);
        }
    }

    /** Spark's pretty SQL of a call: the name in lower case and the arguments' SQL. */
    public static String sql(String name, List<BoundExpression> arguments) {
        return SqlText.function(name, arguments.stream().map(BoundExpression::sql).toList());
    }
}
