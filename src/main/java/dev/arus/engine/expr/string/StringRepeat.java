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

/** Spark's {@code repeat(s, n)}: the string {@code n} times over, empty when {@code n} is 0 or less. */
final class StringRepeat extends RowwiseFunction {

    private StringRepeat(List<BoundExpression> arguments, String sql) {
        super(AtomicType.STRING, arguments, sql);
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("repeat", arguments);
        return new StringRepeat(coerce(binder, call, sql, arguments, InputType.STRING,
                InputType.of(AtomicType.INT)), sql);
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        long times = integer(arguments[1], row);
        setString(result, row, times <= 0 ? "" : string(arguments[0], row).repeat((int) times));
    }
}
