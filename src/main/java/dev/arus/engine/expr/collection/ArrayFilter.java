package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
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
 * Spark's {@code filter(array, x -> p)} and {@code filter(array, (x, i) -> p)}: the elements for
 * which {@code p} is true (not false, not NULL), in order; NULL for a NULL array.
 */
final class ArrayFilter extends BoundNode {

    private final BoundExpression array;
    private final BoundLambda predicate;
    private final CollectionElements elements;
    private final LongVector positions = new LongVector(AtomicType.INT, ColumnarBatch.INITIAL_CAPACITY);
    private final ColumnVector[] arguments;
    private int[] picked = new int[ColumnarBatch.INITIAL_CAPACITY];

    private ArrayFilter(BoundExpression array, BoundLambda predicate, boolean indexed, String sql) {
        super(array.dataType(), array.nullable(), sql);
        this.array = array;
        this.predicate = predicate;
        this.elements = new CollectionElements(((ArrayType) array.dataType()).elementType(), null);
        this.arguments = new ColumnVector[indexed ? 2 : 1];
    }

    static BoundExpression bind(ExpressionBinder binder, Expression.FunctionCall call) {
        BoundExpression array = HigherOrderFunctions.array(binder, call, 0);
        ArrayType type = (ArrayType) array.dataType();
        boolean indexed = call.arguments().get(1) instanceof Expression.Lambda lambda
                && lambda.parameters().size() == 2;
        BoundLambda predicate = BoundLambda.bind(binder, call.arguments().get(1), indexed
                ? BoundLambda.parameters(type.elementType(), type.containsNull(), AtomicType.INT, false)
                : BoundLambda.parameters(type.elementType(), type.containsNull()));
        String sql = SqlText.function("filter", List.of(array.sql(), predicate.sql()));
        if (predicate.dataType() != AtomicType.BOOLEAN) {
            throw predicate.wrongType(binder, sql, "second", "\"BOOLEAN\"", call.position());
        }
        return new ArrayFilter(array, predicate, indexed, sql);
    }

    @Override
    public ArrayVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ArrayVector arrays = (ArrayVector) array.evaluate(input, context);
        int size = input.size();
        elements.load(arrays, size);
        int count = elements.count();
        BooleanVector kept = null;
        if (count > 0) {
            predicate.repeat(input, elements.rows(), count);
            arguments[0] = elements.first();
            if (arguments.length == 2) {
                arguments[1] = positions(count);
            }
            kept = (BooleanVector) predicate.evaluate(arguments, count, context);
        }
        ArrayVector result = output(size);
        if (picked.length < count) {
            picked = new int[ColumnarBatch.capacityFor(count)];
        }
        int total = 0;
        for (int row = 0; row < size; row++) {
            if (arrays.isNull(row)) {
                result.setNull(row);
                continue;
            }
            int from = elements.offset(row);
            int to = from + elements.length(row);
            int first = total;
            for (int j = from; j < to; j++) {
                picked[total] = j;
                total += keeps(kept, j) ? 1 : 0;
            }
            result.appendRow(row, total - first);
        }
        // The rows' kept elements lie end to end from 0 in the fresh result, in the order picked
        result.elements().gather(elements.first(), picked, total, 0);
        return result;
    }

    private static boolean keeps(BooleanVector kept, int element) {
        return !kept.isNull(element) && kept.values()[element];
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
