package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import java.util.List;

/**
 * Spark's {@code transform(array, x -> f)} and {@code transform(array, (x, i) -> f)}: the array
 * of {@code f} of each element (and its position, from 0), NULL for a NULL array. The lambda runs
 * once per chunk over every element of every row.
 */
final class ArrayTransform extends BoundNode {

    private final BoundExpression array;
    private final BoundLambda function;
    private final boolean indexed;
    private final CollectionElements elements;
    private final LongVector positions = new LongVector(AtomicType.INT, ColumnarBatch.INITIAL_CAPACITY);
    private final ColumnVector[] arguments;

    private ArrayTransform(BoundExpression array, BoundLambda function, boolean indexed, String sql) {
        super(new ArrayType(function.dataType(), function.nullable()), array.nullable(), sql);
        this.array = array;
        this.function = function;
        this.indexed = indexed;
        this.arguments = new ColumnVector[indexed ? 2 : 1];
        this.elements = new CollectionElements(((ArrayType) array.dataType()).elementType(), null);
    }

    static BoundExpression bind(ExpressionBinder binder, Expression.FunctionCall call) {
        BoundExpression array = HigherOrderFunctions.array(binder, call, 0);
        ArrayType type = (ArrayType) array.dataType();
        boolean indexed = call.arguments().get(1) instanceof Expression.Lambda lambda
                && lambda.parameters().size() == 2;
        BoundLambda function = BoundLambda.bind(binder, call.arguments().get(1), indexed
                ? BoundLambda.parameters(type.elementType(), type.containsNull(), AtomicType.INT, false)
                : BoundLambda.parameters(type.elementType(), type.containsNull()));
        return new ArrayTransform(array, function, indexed,
                SqlText.function("transform", List.of(array.sql(), function.sql())));
    }

    @Override
    public ArrayVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ArrayVector arrays = (ArrayVector) array.evaluate(input, context);
        int size = input.size();
        elements.load(arrays, size);
        int count = elements.count();
        ColumnVector values = null;
        if (count > 0) {
            function.repeat(input, elements.rows(), count);
            arguments[0] = elements.first();
            if (indexed) {
                arguments[1] = positions(count);
            }
            values = function.evaluate(arguments, count, context);
        }
        ArrayVector result = output(size);
        for (int row = 0; row < size; row++) {
            if (arrays.isNull(row)) {
                result.setNull(row);
            } else {
                result.appendRow(row, elements.length(row));
            }
        }
        if (values != null) {
            HigherOrderFunctions.copy(values, result.elements(), count);
        }
        return result;
    }

    private LongVector positions(int count) {
        positions.reserve(count);
        long[] out = positions.values();
        int[] in = elements.positions();
        for (int j = 0; j < count; j++) {
            out[j] = in[j];
        }
        return positions;
    }
}
