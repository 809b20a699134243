package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import java.util.List;

/**
 * Spark's {@code substring(s, pos[, len])} (also {@code substr}, and
 * {@code substring(s FROM pos FOR len)}), {@code left(s, n)} and {@code right(s, n)}. Positions
 * count characters from 1; a negative one counts from the end, and 0 means the start. A missing
 * length is the largest INT, which the name shows as Spark's does:
 * {@code substring(s, 2, 2147483647)}. {@code left} and {@code right} of a length of 0 or less
 * are empty.
 */
final class Substring extends RowwiseFunction {

    enum Kind { SUBSTRING, LEFT, RIGHT }

    private final Kind kind;

    private Substring(Kind kind, List<BoundExpression> arguments, String sql) {
        super(AtomicType.STRING, arguments, sql);
        this.kind = kind;
    }

    static BoundExpression bindSubstring(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bindSubstring("substring", call, arguments, binder);
    }

    static BoundExpression bindSubstr(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bindSubstring("substr", call, arguments, binder);
    }

    static BoundExpression bindLeft(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind(Kind.LEFT, "left", call, arguments, binder);
    }

    static BoundExpression bindRight(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind(Kind.RIGHT, "right", call, arguments, binder);
    }

    private static BoundExpression bindSubstring(String name, Expression.FunctionCall call,
            List<BoundExpression> arguments, ExpressionBinder binder) {
        List<BoundExpression> all = arguments.size() == 3 ? arguments
                : List.of(arguments.get(0), arguments.get(1), defaultInt(Integer.MAX_VALUE));
        return bind(Kind.SUBSTRING, name, call, all, binder);
    }

    private static BoundExpression bind(Kind kind, String name, Expression.FunctionCall call,
            List<BoundExpression> arguments, ExpressionBinder binder) {
        String sql = FunctionBinder.sql(name, arguments);
        InputType integer = InputType.of(AtomicType.INT);
        return new Substring(kind, coerce(binder, call, sql, arguments, InputType.STRING, integer, integer), sql);
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        String text = string(arguments[0], row);
        int n = (int) integer(arguments[1], row);
        String value = switch (kind) {
            case SUBSTRING -> of(text, n, (int) integer(arguments[2], row));
            case LEFT -> n <= 0 ? "" : of(text, 1, n);
            case RIGHT -> n <= 0 ? "" : of(text, -n, Integer.MAX_VALUE);
        };
        setString(result, row, value);
    }

    /** Spark's {@code UTF8String.substringSQL}: {@code length} characters from the 1-based {@code position}. */
    static String of(String text, int position, int length) {
        int start = position > 0 ? position - 1 : position < 0 ? CodePoints.count(text) + position : 0;
        long end = (long) start + length;
        int clampedEnd = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, end));
        start = Math.max(start, 0);
        return start >= clampedEnd ? "" : CodePoints.slice(text, start, clampedEnd);
    }
}
