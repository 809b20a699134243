package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.ArrayList;
import java.util.Formatter;
import java.util.List;
import java.util.Locale;

/**
 * Spark's {@code format_string(fmt, args...)} ({@code printf}): the arguments written by Java's
 * {@link Formatter} in the US locale. NULL only when the format is; a NULL argument is written as
 * {@code null}. As in Spark, dates and timestamps reach the formatter as their internal numbers
 * (days and microseconds since the epoch), and a format Java rejects fails the query with Java's
 * own exception. Named {@code format_string(%d, i)}.
 */
final class FormatString extends RowwiseFunction {

    private final Object[] values;
    private final StringBuilder text = new StringBuilder();
    private final Formatter formatter = new Formatter(text, Locale.US);

    private FormatString(List<BoundExpression> arguments, String sql) {
        super(AtomicType.STRING, arguments.get(0).nullable(), arguments, sql);
        this.values = new Object[arguments.size() - 1];
    }

    static ScalarFunction.Binding binding(String name) {
        return (call, arguments, binder) -> {
            if (arguments.isEmpty()) {
                throw FunctionBinder.wrongNumberOfArguments(binder, call, "> 0");
            }
            String sql = FunctionBinder.sql(name, arguments);
            BoundExpression format = binder.require(sql, call.position(), "first", arguments.get(0),
                    InputType.STRING);
            List<BoundExpression> all = new ArrayList<>(arguments);
            all.set(0, format);
            return new FormatString(all, sql);
        };
    }

    @Override
    protected boolean propagatesNull(int index) {
        return index == 0;
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        for (int k = 1; k < arguments.length; k++) {
            values[k - 1] = value(arguments[k], row);
        }
        text.setLength(0);
        formatter.format(string(arguments[0], row), values);
        setString(result, row, text.toString());
    }

    private static Object value(ColumnVector vector, int row) {
        DataType type = vector.type();
        if (vector.isNull(row)) {
            return null;
        }
        if (type == AtomicType.DATE) {
            return (int) ((LongVector) vector).values()[row];
        }
        if (type == AtomicType.TIMESTAMP) {
            return ((LongVector) vector).values()[row];
        }
        return vector.getObject(row);
    }
}
