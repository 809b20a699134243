package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;

/**
 * {@code + - * %} on INT or BIGINT operands of the same type (the analyzer widens them). Follows
 * Spark 4's ANSI default: overflow raises ARITHMETIC_OVERFLOW ({@code integer overflow} when the
 * type is INT, whose values must stay within 32 bits) and {@code % 0} raises DIVIDE_BY_ZERO.
 * {@code %} takes the sign of the dividend, as Java's and Spark's do.
 */
final class LongArithmetic extends BoundNode {

    private final BinaryOperator operator;
    private final BoundExpression left;
    private final BoundExpression right;
    private final boolean isInt;
    private final ConstantDivisor constantDivisor;

    LongArithmetic(BinaryOperator operator, BoundExpression left, BoundExpression right, AtomicType type, String sql) {
        super(type, left.nullable() || right.nullable(), sql);
        this.operator = operator;
        this.left = left;
        this.right = right;
        this.isInt = type == AtomicType.INT;
        Long divisor = operator == BinaryOperator.REMAINDER ? Constant.longValueOf(right) : null;
        this.constantDivisor = divisor != null && ConstantDivisor.supports(divisor) ? ConstantDivisor.of(divisor) : null;
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector leftValues = (LongVector) left.evaluate(input, context);
        LongVector rightValues = (LongVector) right.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = NullMasks.propagate(result, leftValues, rightValues, size);
        long[] a = leftValues.values();
        long[] b = rightValues.values();
        long[] out = result.values();
        try {
            switch (operator) {
                case ADD -> add(a, b, out, result, nulls, size);
                case SUBTRACT -> subtract(a, b, out, result, nulls, size);
                case MULTIPLY -> multiply(a, b, out, result, nulls, size);
                case REMAINDER -> {
                    if (constantDivisor != null) {
                        constantDivisor.remainders(a, out, size);
                    } else {
                        remainder(a, b, out, result, nulls, size);
                    }
                }
                default -> throw new IllegalStateException("not a BIGINT operator: " + operator);
            }
        } catch (ArithmeticException e) {
            throw EvaluationException.overflow(isInt ? "integer overflow" : "long overflow",
                    "try_" + (operator == BinaryOperator.ADD ? "add"
                            : operator == BinaryOperator.SUBTRACT ? "subtract" : "multiply"));
        }
        return result;
    }

    private void add(long[] a, long[] b, long[] out, LongVector result, boolean nulls, int size) {
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                out[i] = isInt ? checkInt(a[i] + b[i]) : Math.addExact(a[i], b[i]);
            }
        }
    }

    private void subtract(long[] a, long[] b, long[] out, LongVector result, boolean nulls, int size) {
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                out[i] = isInt ? checkInt(a[i] - b[i]) : Math.subtractExact(a[i], b[i]);
            }
        }
    }

    private void multiply(long[] a, long[] b, long[] out, LongVector result, boolean nulls, int size) {
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                out[i] = isInt ? checkInt(a[i] * b[i]) : Math.multiplyExact(a[i], b[i]);
            }
        }
    }

    private static void remainder(long[] a, long[] b, long[] out, LongVector result, boolean nulls, int size) {
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                if (b[i] == 0) {
                    throw EvaluationException.divideByZero("try_mod");
                }
                out[i] = a[i] % b[i];
            }
        }
    }

    /** INT operands are within 32 bits, so their exact result fits a long and is checked here. */
    private static long checkInt(long value) {
        if (value != (int) value) {
            throw new ArithmeticException("integer overflow");
        }
        return value;
    }
}
