package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.NullMasks;

/**
 * A strict function of two long-backed values (dates, integers) to a long-backed result, row by
 * row: the loop and null handling that the date arithmetic shares. A row where either argument is
 * null gives null and the function is not called for it.
 */
abstract class BinaryLongFunction extends BoundNode {

    private final BoundExpression left;
    private final BoundExpression right;

    BinaryLongFunction(BoundExpression left, BoundExpression right, DataType type, String sql) {
        super(type, left.nullable() || right.nullable(), sql);
        this.left = left;
        this.right = right;
    }

    /** The result for one row of non-null values. */
    abstract long apply(long left, long right);

    @Override
    public final LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector lefts = (LongVector) left.evaluate(input, context);
        LongVector rights = (LongVector) right.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = NullMasks.propagate(result, lefts, rights, size);
        long[] a = lefts.values();
        long[] b = rights.values();
        long[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                out[i] = apply(a[i], b[i]);
            }
        }
        return result;
    }
}
