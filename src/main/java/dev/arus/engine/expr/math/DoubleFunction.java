package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.NullMasks;
import java.util.function.DoubleBinaryOperator;

/**
 * A math function of one or two DOUBLE arguments giving a DOUBLE, as Spark's
 * {@code UnaryMathExpression} and {@code BinaryMathExpression}: {@code sqrt}, {@code exp},
 * {@code pow}. A logarithm is NULL, not NaN or -Infinity, where an argument is zero or negative
 * (Spark follows Hive there). A unary function ignores the first operand of its operator.
 */
final class DoubleFunction extends BoundNode {

    private final DoubleBinaryOperator function;
    private final BoundExpression first;
    private final BoundExpression second;
    private final boolean logarithm;

    /** {@code first} is null for a function of one argument. */
    DoubleFunction(DoubleBinaryOperator function, boolean logarithm, BoundExpression first, BoundExpression second,
            String sql) {
        super(AtomicType.DOUBLE, logarithm || second.nullable() || first != null && first.nullable(), sql);
        this.function = function;
        this.first = first;
        this.second = second;
        this.logarithm = logarithm;
    }

    @Override
    public DoubleVector evaluate(ColumnarBatch input, EvaluationContext context) {
        DoubleVector right = (DoubleVector) second.evaluate(input, context);
        DoubleVector left = first == null ? right : (DoubleVector) first.evaluate(input, context);
        int size = input.size();
        DoubleVector result = output(size);
        NullMasks.propagate(result, left, right, size);
        double[] a = left.values();
        double[] b = right.values();
        double[] out = result.values();
        for (int i = 0; i < size; i++) {
            out[i] = function.applyAsDouble(a[i], b[i]);
        }
        if (logarithm) {
            for (int i = 0; i < size; i++) {
                if (a[i] <= 0 || b[i] <= 0) {
                    result.setNull(i);
                }
            }
        }
        return result;
    }
}
