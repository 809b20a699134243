package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;

/**
 * Spark's {@code lpad(s, len[, pad])} and {@code rpad}: a string brought to {@code len}
 * characters, cut when longer, else filled on the left or the right with {@code pad} repeated (a
 * space by default, shown in the name as Spark shows it: {@code lpad(s, 5,  )}). An empty pad
 * only cuts; a length of 0 or less gives the empty string.
 */
final class StringPad extends RowwiseFunction {

    private final boolean left;
    private final StringBuilder text = new StringBuilder();

    private StringPad(boolean left, List<BoundExpression> arguments, String sql) {
        super(AtomicType.STRING, arguments, sql);
        this.left = left;
    }

    static ScalarFunction.Binding binding(boolean left) {
        return (call, arguments, binder) -> {
            List<BoundExpression> all = arguments.size() == 3 ? arguments
                    : List.of(arguments.get(0), arguments.get(1), defaultString(" "));
            String sql = FunctionBinder.sql(left ? "lpad" : "rpad", all);
            return new StringPad(left, coerce(binder, call, sql, all, InputType.STRING,
                    InputType.of(AtomicType.INT), InputType.STRING), sql);
        };
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        String value = string(arguments[0], row);
        int length = (int) integer(arguments[1], row);
        String pad = string(arguments[2], row);
        int missing = length - CodePoints.count(value);
        if (missing <= 0 || pad.isEmpty()) {
            setString(result, row, CodePoints.slice(value, 0, length));
            return;
        }
        text.setLength(0);
        if (!left) {
            text.append(value);
        }
        int padLength = CodePoints.count(pad);
        for (int whole = missing / padLength; whole > 0; whole--) {
            text.append(pad);
        }
        text.append(CodePoints.slice(pad, 0, missing % padLength));
        if (left) {
            text.append(value);
        }
        setString(result, row, text.toString());
    }
}
