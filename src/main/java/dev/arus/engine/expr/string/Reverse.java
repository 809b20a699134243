package dev.arus.engine.expr.string;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import java.util.List;

/**
 * Spark's {@code reverse}: a string's characters (code points, so surrogate pairs stay whole) or
 * an array's elements in reverse order. Other types are read as strings.
 */
final class Reverse extends RowwiseFunction {

    private final StringBuilder text = new StringBuilder();

    private Reverse(List<BoundExpression> arguments, String sql) {
        super(arguments.get(0).dataType(), arguments, sql);
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("reverse", arguments);
        if (arguments.get(0).dataType() instanceof ArrayType) {
            return new Reverse(arguments, sql);
        }
        if (arguments.get(0).dataType().isComplex()) {
            throw binder.unexpectedType(sql, call.position(), "first", "(\"STRING\" or \"ARRAY\")",
                    arguments.get(0));
        }
        return new Reverse(coerce(binder, call, sql, arguments, InputType.STRING), sql);
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        if (arguments[0] instanceof ArrayVector arrays) {
            ArrayVector reversed = (ArrayVector) result;
            int length = arrays.length(row);
            int last = arrays.start(row) + length - 1;
            int start = reversed.appendRow(row, length);
            for (int i = 0; i < length; i++) {
                arrays.elements().copyRow(last - i, reversed.elements(), start + i);
            }
        } else {
            text.setLength(0);
            setString(result, row, text.append(string(arguments[0], row)).reverse().toString());
        }
    }
}
