package dev.arus.engine.expr.logic;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SelectiveEvaluation;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import java.util.Arrays;
import java.util.List;

/** {@code coalesce(a, b, ...)}: the first non-NULL argument; later arguments only where needed. */
final class Coalesce extends BoundNode {

    private final SelectiveEvaluation[] arguments;
    private boolean[] open = new boolean[0];

    Coalesce(List<BoundExpression> arguments, DataType type, String sql) {
        super(type, arguments.stream().allMatch(BoundExpression::nullable), sql);
        this.arguments = arguments.stream().map(SelectiveEvaluation::new).toArray(SelectiveEvaluation[]::new);
    }

    /** {@code coalesce(a, b, ...)}: the arguments brought to their common type. */
    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bindAs("coalesce", call, arguments, binder);
    }

    /** A coalesce named as the function that Spark rewrites to one ({@code nvl}, {@code ifnull}). */
    static BoundExpression bindAs(String name, Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql(name, arguments);
        DataType type = binder.commonType(arguments, "coalesce", sql, call.position(),
                ExpressionBinder.TypeListing.ALTERNATIVES);
        DataType resultType = type == AtomicType.NULL ? AtomicType.STRING : type;
        return new Coalesce(arguments.stream().map(a -> TypeCoercion.implicitCast(a, resultType)).toList(),
                resultType, sql);
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        if (open.length < size) {
            open = new boolean[size];
        }
        Arrays.fill(open, 0, size, true);
        ColumnVector result = output(size);
        int remaining = size;
        for (SelectiveEvaluation argument : arguments) {
            if (remaining == 0) {
                break;
            }
            ColumnVector values = argument.evaluate(input, open, context);
            for (int i = 0; i < size; i++) {
                if (open[i] && !values.isNull(i)) {
                    values.copyRow(i, result, i);
                    open[i] = false;
                    remaining--;
                }
            }
        }
        for (int i = 0; i < size && remaining > 0; i++) {
            if (open[i]) {
                result.setNull(i);
            }
        }
        return result;
    }
}
