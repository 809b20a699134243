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
 * Spark's {@code replace(s, search[, replacement])}, every occurrence of {@code search} replaced
 * (removed without a replacement, which the name shows as an empty third argument:
 * {@code replace(abc, b, )}); an empty {@code search} leaves the string as it is.
 */
final class StringReplace extends RowwiseFunction {

    private StringReplace(List<BoundExpression> arguments, String sql) {
        super(AtomicType.STRING, arguments, sql);
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        List<BoundExpression> all = arguments.size() == 3 ? arguments
                : List.of(arguments.get(0), arguments.get(1), defaultString(""));
        String sql = FunctionBinder.sql("replace", all);
        return new StringReplace(coerce(binder, call, sql, all, InputType.STRING, InputType.STRING,
                InputType.STRING), sql);
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        String value = string(arguments[0], row);
        String search = string(arguments[1], row);
        setString(result, row, search.isEmpty() ? value : value.replace(search, string(arguments[2], row)));
    }
}
