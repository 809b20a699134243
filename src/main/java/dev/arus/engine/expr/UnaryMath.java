package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import java.util.List;

/**
 * Unary minus and {@code abs} on INT, BIGINT or DOUBLE. As in Spark 4's ANSI mode, negating the
 * smallest INT or BIGINT overflows and raises an error instead of wrapping.
 */
final class UnaryMath extends BoundNode {

    enum Operation { NEGATE, ABS }

    private final Operation operation;
    private final BoundExpression child;

    UnaryMath(Operation operation, BoundExpression child, String sql) {
        super(child.dataType(), child.nullable(), sql);
        this.operation = operation;
        this.child = child;
    }

    /** {@code abs(x)} of a number. */
    static BoundExpression bindAbs(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        BoundExpression child = binder.requireNumeric(call, arguments.get(0));
        return new UnaryMath(Operation.ABS, child, FunctionBinder.sql("abs", arguments));
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector values = child.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        NullMasks.propagate(result, values, size);
        if (values instanceof DoubleVector doubles) {
            double[] in = doubles.values();
            double[] out = ((DoubleVector) result).values();
            for (int i = 0; i < size; i++) {
                out[i] = operation == Operation.NEGATE ? -in[i] : Math.abs(in[i]);
            }
            return result;
        }
        long[] in = ((LongVector) values).values();
        long[] out = ((LongVector) result).values();
        long smallest = dataType() == AtomicType.INT ? Integer.MIN_VALUE : Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            long value = in[i];
            if (value == smallest && !result.isNull(i)) {
                throw EvaluationException.overflow(
                        dataType() == AtomicType.INT ? "integer overflow" : "long overflow", null);
            }
            out[i] = operation == Operation.NEGATE || value < 0 ? -value : value;
        }
        return result;
    }
}
