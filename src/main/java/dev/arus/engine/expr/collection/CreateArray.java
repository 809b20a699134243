package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
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
 * Spark's {@code array(a, b, ...)}: an array of the values, of their wider common type (the
 * values cast to it), never NULL itself; an element may be. {@code array()} is an empty
 * {@code array<void>} as in Spark 4. Named {@code array(1, 2)}.
 */
final class CreateArray extends BoundNode {

    private final BoundExpression[] values;
    private final ColumnVector[] valueVectors;

    private CreateArray(ArrayType type, List<BoundExpression> values, String sql) {
        super(type, false, sql);
        this.values = values.toArray(BoundExpression[]::new);
        this.valueVectors = new ColumnVector[this.values.length];
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("array", arguments);
        DataType element = arguments.isEmpty() ? AtomicType.NULL
                : binder.commonType(arguments, "array", sql, call.position(), ExpressionBinder.TypeListing.ALTERNATIVES);
        boolean containsNull = arguments.stream().anyMatch(BoundExpression::nullable);
        return new CreateArray(new ArrayType(element, containsNull),
                arguments.stream().map(a -> TypeCoercion.implicitCast(a, element)).toList(), sql);
    }

    @Override
    public ArrayVector evaluate(ColumnarBatch input, EvaluationContext context) {
        for (int k = 0; k < values.length; k++) {
            valueVectors[k] = values[k].evaluate(input, context);
        }
        int size = input.size();
        ArrayVector result = output(size);
        for (int i = 0; i < size; i++) {
            int start = result.appendRow(i, values.length);
            for (int k = 0; k < values.length; k++) {
                valueVectors[k].copyRow(i, result.elements(), start + k);
            }
        }
        return result;
    }
}
