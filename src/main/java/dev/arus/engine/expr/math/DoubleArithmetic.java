package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.NullMasks;

/**
 * {@code + - * / %} on DOUBLE operands, or FLOAT ones: a float is held as a double, so float
 * arithmetic is the double result rounded to a float, which is exactly what float arithmetic
 * gives. Under Spark 4's ANSI default a zero divisor raises DIVIDE_BY_ZERO ({@code /}) or
 * REMAINDER_BY_ZERO ({@code %}) even for doubles, instead of giving infinity or NULL.
 */
final class DoubleArithmetic extends BoundNode {

    private final BinaryOperator operator;
    private final BoundExpression left;
    private final BoundExpression right;

    DoubleArithmetic(BinaryOperator operator, BoundExpression left, BoundExpression right, DataType type,
            String sql) {
        super(type, left.nullable() || right.nullable(), sql);
        this.operator = operator;
        this.left = left;
        this.right = right;
    }

    @Override
    public DoubleVector evaluate(ColumnarBatch input, EvaluationContext context) {
        DoubleVector leftValues = (DoubleVector) left.evaluate(input, context);
        DoubleVector rightValues = (DoubleVector) right.evaluate(input, context);
        int size = input.size();
        DoubleVector result = output(size);
        boolean nulls = NullMasks.propagate(result, leftValues, rightValues, size);
        double[] a = leftValues.values();
        double[] b = rightValues.values();
        double[] out = result.values();
        switch (operator) {
            case ADD -> {
                for (int i = 0; i < size; i++) {
                    out[i] = a[i] + b[i];
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < size; i++) {
                    out[i] = a[i] - b[i];
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < size; i++) {
                    out[i] = a[i] * b[i];
                }
            }
            case DIVIDE -> divide(a, b, out, result, nulls, size, false);
            case REMAINDER -> divide(a, b, out, result, nulls, size, true);
            default -> throw new IllegalStateException("not a DOUBLE operator: " + operator);
        }
        if (dataType() == AtomicType.FLOAT) {
            for (int i = 0; i < size; i++) {
                out[i] = (float) out[i];
            }
        }
        return result;
    }

    private static void divide(double[] a, double[] b, double[] out, DoubleVector result, boolean nulls, int size,
            boolean remainder) {
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                if (b[i] == 0) {
                    throw remainder ? EvaluationException.remainderByZero() : EvaluationException.divideByZero();
                }
                out[i] = remainder ? a[i] % b[i] : a[i] / b[i];
            }
        }
    }
}
