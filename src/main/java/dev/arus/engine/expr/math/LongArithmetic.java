package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.numeric.IntegralTypes;

/**
 * {@code + - * % div} on values held in longs, of the result's type: integers of one width (the
 * analyzer widens them), and the sums and differences of timestamps, dates and intervals.
 * Follows Spark 4's ANSI default: a result out of its type raises an error, ARITHMETIC_OVERFLOW
 * ({@code integer overflow} for INT and dates, {@code long overflow} for the 64-bit types) or,
 * for TINYINT and SMALLINT, BINARY_ARITHMETIC_OVERFLOW naming the operands; {@code % 0} raises
 * REMAINDER_BY_ZERO and {@code div 0} DIVIDE_BY_ZERO. {@code %} takes the sign of the dividend, as Java's and
 * Spark's do; {@code div} truncates towards zero.
 */
final class LongArithmetic extends BoundNode {

    private final BinaryOperator operator;
    private final BoundExpression left;
    private final BoundExpression right;
    /** The range results must stay in when it is narrower than a long, else 0 and 0. */
    private final long min;
    private final long max;
    private final ConstantDivisor constantDivisor;

    LongArithmetic(BinaryOperator operator, BoundExpression left, BoundExpression right, DataType type, String sql) {
        super(type, left.nullable() || right.nullable(), sql);
        this.operator = operator;
        this.left = left;
        this.right = right;
        boolean narrow = type.isIntegral() && type != AtomicType.LONG || type == AtomicType.DATE;
        DataType rangeType = type == AtomicType.DATE ? AtomicType.INT : type;
        this.min = narrow ? IntegralTypes.min(rangeType) : 0;
        this.max = narrow ? IntegralTypes.max(rangeType) : 0;
        Long divisor = operator == BinaryOperator.REMAINDER || operator == BinaryOperator.INTEGRAL_DIVIDE
                ? Constant.longValueOf(right) : null;
        this.constantDivisor = divisor != null && ConstantDivisor.supports(divisor) ? ConstantDivisor.of(divisor) : null;
    }

    @Override
    public boolean foldable() {
        return left.foldable() && right.foldable();
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
        switch (operator) {
            case ADD, SUBTRACT, MULTIPLY -> {
                if (min < max) {
                    narrow(a, b, out, result, nulls, size);
                } else {
                    wide(a, b, out, result, nulls, size);
                }
            }
            case REMAINDER -> {
                if (constantDivisor != null) {
                    constantDivisor.remainders(a, out, size);
                } else {
                    remainder(a, b, out, result, nulls, size);
                }
            }
            case INTEGRAL_DIVIDE -> {
                // a divisor of at least 2 in magnitude neither is zero nor overflows
                if (constantDivisor != null) {
                    constantDivisor.quotients(a, out, size);
                } else {
                    divide(a, b, out, result, nulls, size);
                }
            }
            default -> throw new IllegalStateException("not an integer operator: " + operator);
        }
        return result;
    }

    /** Operands within 32 bits: the exact result fits a long and is checked against the type's range. */
    private void narrow(long[] a, long[] b, long[] out, LongVector result, boolean nulls, int size) {
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
            default -> {
                for (int i = 0; i < size; i++) {
                    out[i] = a[i] * b[i];
                }
            }
        }
        for (int i = 0; i < size; i++) {
            if ((out[i] < min || out[i] > max) && !(nulls && result.isNull(i))) {
                throw overflow(a[i], b[i]);
            }
        }
    }

    private void wide(long[] a, long[] b, long[] out, LongVector result, boolean nulls, int size) {
        try {
            switch (operator) {
                case ADD -> {
                    for (int i = 0; i < size; i++) {
                        if (!(nulls && result.isNull(i))) {
                            out[i] = Math.addExact(a[i], b[i]);
                        }
                    }
                }
                case SUBTRACT -> {
                    for (int i = 0; i < size; i++) {
                        if (!(nulls && result.isNull(i))) {
                            out[i] = Math.subtractExact(a[i], b[i]);
                        }
                    }
                }
                default -> {
                    for (int i = 0; i < size; i++) {
                        if (!(nulls && result.isNull(i))) {
                            out[i] = Math.multiplyExact(a[i], b[i]);
                        }
                    }
                }
            }
        } catch (ArithmeticException e) {
            throw EvaluationException.overflow("long overflow", tryFunction());
        }
    }

    private EvaluationException overflow(long a, long b) {
        if (dataType() == AtomicType.INT || dataType() == AtomicType.DATE) {
            return EvaluationException.overflow("integer overflow", tryFunction());
        }
        return EvaluationException.binaryArithmeticOverflow(IntegralTypes.sqlValue(a, dataType()),
                operator.symbol(), IntegralTypes.sqlValue(b, dataType()), "`" + tryFunction() + "`");
    }

    private String tryFunction() {
        return switch (operator) {
            case ADD -> "try_add";
            case SUBTRACT -> "try_subtract";
            default -> "try_multiply";
        };
    }

    private static void remainder(long[] a, long[] b, long[] out, LongVector result, boolean nulls, int size) {
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                if (b[i] == 0) {
                    throw EvaluationException.remainderByZero();
                }
                out[i] = a[i] % b[i];
            }
        }
    }

    private static void divide(long[] a, long[] b, long[] out, LongVector result, boolean nulls, int size) {
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                if (b[i] == 0) {
                    throw EvaluationException.divideByZero();
                }
                if (a[i] == Long.MIN_VALUE && b[i] == -1) {
                    throw EvaluationException.overflow("Overflow in integral divide", "try_divide");
                }
                out[i] = a[i] / b[i];
            }
        }
    }
}
