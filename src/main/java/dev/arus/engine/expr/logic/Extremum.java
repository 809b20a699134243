package dev.arus.engine.expr.logic;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import java.util.List;

/**
 * {@code greatest(a, b, ...)} and {@code least(a, b, ...)}: the largest or smallest non-NULL
 * argument of each row, NULL only when every argument is. Values are ordered as comparisons
 * order them ({@link Comparison#compareRow}): NaN above every other double.
 */
final class Extremum extends BoundNode {

    private final BoundExpression[] arguments;
    private final boolean greatest;

    private Extremum(List<BoundExpression> arguments, boolean greatest, DataType type, String sql) {
        super(type, arguments.stream().allMatch(BoundExpression::nullable), sql);
        this.arguments = arguments.toArray(BoundExpression[]::new);
        this.greatest = greatest;
    }

    static BoundExpression bindGreatest(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind("greatest", true, call, arguments, binder);
    }

    static BoundExpression bindLeast(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind("least", false, call, arguments, binder);
    }

    /** Spark checks the count itself, as DATATYPE_MISMATCH.WRONG_NUM_ARGS, then the arguments' wider type. */
    private static BoundExpression bind(String name, boolean greatest, Expression.FunctionCall call,
            List<BoundExpression> arguments, ExpressionBinder binder) {
        String sql = FunctionBinder.sql(name, arguments);
        if (arguments.size() < 2) {
            throw binder.mismatch("WRONG_NUM_ARGS", sql, "The `" + name + "` requires > 1 parameters but the actual"
                    + " number is " + arguments.size() + ".", call.position());
        }
        DataType type = binder.commonType(arguments, name, sql, call.position(),
                ExpressionBinder.TypeListing.ALTERNATIVES);
        if (type.isComplex()) {
            throw binder.mismatch("INVALID_ORDERING_TYPE", sql, "The `" + name + "` does not support ordering on"
                    + " type \"" + type.sql() + "\".", call.position());
        }
        DataType resultType = type == AtomicType.NULL ? AtomicType.STRING : type;
        return new Extremum(arguments.stream().map(a -> TypeCoercion.implicitCast(a, resultType)).toList(), greatest,
                resultType, sql);
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        ColumnVector result = output(size);
        ColumnVector first = arguments[0].evaluate(input, context);
        for (int i = 0; i < size; i++) {
            first.copyRow(i, result, i);
        }
        for (int k = 1; k < arguments.length; k++) {
            ColumnVector values = arguments[k].evaluate(input, context);
            for (int i = 0; i < size; i++) {
                if (!values.isNull(i) && (result.isNull(i) || beats(Comparison.compareRow(values, result, i)))) {
                    values.copyRow(i, result, i);
                }
            }
        }
        return result;
    }

    private boolean beats(int comparison) {
        return greatest ? comparison > 0 : comparison < 0;
    }
}
