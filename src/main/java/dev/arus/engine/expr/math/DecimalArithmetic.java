package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Decimals;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.numeric.DecimalMath;
import dev.arus.engine.expr.numeric.DecimalPrecision;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * {@code + - * / % div} on decimals, exactly as Spark's {@code Decimal} computes them: the exact
 * sum or difference; the product and the remainder to 38 significant digits; the quotient to 38
 * fraction digits; each rounded half up to the result type {@link DecimalPrecision} gives, or
 * NUMERIC_VALUE_OUT_OF_RANGE when it needs more digits (ANSI mode). A zero divisor raises
 * DIVIDE_BY_ZERO, or REMAINDER_BY_ZERO for {@code %}; {@code div} gives the truncated quotient as a BIGINT. When both operands and
 * the result are compact the arithmetic stays in longs; otherwise each row goes through
 * {@code BigDecimal}, as Spark's does beyond 18 digits.
 */
final class DecimalArithmetic extends BoundNode {

    private static final MathContext SPARK_CONTEXT = new MathContext(DecimalType.MAX_PRECISION, RoundingMode.HALF_UP);

    private final BinaryOperator operator;
    private final BoundExpression left;
    private final BoundExpression right;
    private final DecimalType leftType;
    private final DecimalType rightType;
    /** The decimal result, or for {@code div} the decimal quotient before it becomes a BIGINT. */
    private final DecimalType resultType;
    private final boolean compact;

    DecimalArithmetic(BinaryOperator operator, BoundExpression left, BoundExpression right, String sql) {
        this(operator, left, right, resultType(operator, (DecimalType) left.dataType(),
                (DecimalType) right.dataType()), sql);
    }

    private DecimalArithmetic(BinaryOperator operator, BoundExpression left, BoundExpression right,
            DecimalType resultType, String sql) {
        super(operator == BinaryOperator.INTEGRAL_DIVIDE ? AtomicType.LONG : resultType,
                left.nullable() || right.nullable(), sql);
        this.operator = operator;
        this.left = left;
        this.right = right;
        this.leftType = (DecimalType) left.dataType();
        this.rightType = (DecimalType) right.dataType();
        this.resultType = resultType;
        this.compact = leftType.isCompact() && rightType.isCompact()
                && (resultType.isCompact() || operator == BinaryOperator.INTEGRAL_DIVIDE);
    }

    /** Spark's result type of {@code left operator right} on decimals ({@code div}: its decimal quotient). */
    static DecimalType resultType(BinaryOperator operator, DecimalType left, DecimalType right) {
        return switch (operator) {
            case ADD, SUBTRACT -> DecimalPrecision.add(left, right);
            case MULTIPLY -> DecimalPrecision.multiply(left, right);
            case DIVIDE -> DecimalPrecision.divide(left, right);
            case REMAINDER -> DecimalPrecision.remainder(left, right);
            case INTEGRAL_DIVIDE -> DecimalPrecision.integralDivide(left, right);
            default -> throw new IllegalArgumentException("not an arithmetic operator: " + operator);
        };
    }

    static DataType dataType(BinaryOperator operator, DecimalType left, DecimalType right) {
        return operator == BinaryOperator.INTEGRAL_DIVIDE ? AtomicType.LONG : resultType(operator, left, right);
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector leftValues = left.evaluate(input, context);
        ColumnVector rightValues = right.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        NullMasks.propagate(result, leftValues, rightValues, size);
        for (int i = 0; i < size; i++) {
            if (result.isNull(i)) {
                continue;
            }
            if (!compact || !compactRow(((LongVector) leftValues).values()[i], ((LongVector) rightValues).values()[i],
                    (LongVector) result, i)) {
                wideRow(DecimalMath.read(leftValues, i, leftType), DecimalMath.read(rightValues, i, rightType), result,
                        i);
            }
        }
        return result;
    }

    /** One row in longs; false when an intermediate value leaves a long, for the exact path to take over. */
    private boolean compactRow(long a, long b, LongVector result, int row) {
        int s1 = leftType.scale();
        int s2 = rightType.scale();
        if (b == 0 && isDivision()) {
            throw divideByZero();
        }
        long value;
        int scale;
        try {
            switch (operator) {
                case ADD, SUBTRACT -> {
                    scale = Math.max(s1, s2);
                    long x = DecimalMath.rescale(a, s1, scale);
                    long y = DecimalMath.rescale(b, s2, scale);
                    value = operator == BinaryOperator.ADD ? Math.addExact(x, y) : Math.subtractExact(x, y);
                }
                case MULTIPLY -> {
                    scale = s1 + s2;
                    value = Math.multiplyExact(a, b);
                }
                case DIVIDE -> {
                    scale = resultType.scale();
                    int grow = scale - s1 + s2;
                    if (grow > 18) {
                        return false;
                    }
                    value = DecimalMath.roundedQuotient(Math.multiplyExact(a, Decimals.pow10(grow)), b);
                }
                default -> {
                    scale = Math.max(s1, s2);
                    long x = DecimalMath.rescale(a, s1, scale);
                    long y = DecimalMath.rescale(b, s2, scale);
                    value = operator == BinaryOperator.REMAINDER ? x % y : x / y;
                    if (operator == BinaryOperator.INTEGRAL_DIVIDE) {
                        result.values()[row] = value;
                        return true;
                    }
                }
            }
            value = DecimalMath.rescale(value, scale, resultType.scale());
        } catch (ArithmeticException e) {
            return false;
        }
        if (!Decimals.fits(value, resultType.precision())) {
            throw DecimalMath.outOfRange(value, resultType.scale(), resultType);
        }
        result.values()[row] = value;
        return true;
    }

    private void wideRow(BigDecimal a, BigDecimal b, ColumnVector result, int row) {
        if (b.signum() == 0 && isDivision()) {
            throw divideByZero();
        }
        BigDecimal value = switch (operator) {
            case ADD -> a.add(b);
            case SUBTRACT -> a.subtract(b);
            case MULTIPLY -> a.multiply(b, SPARK_CONTEXT);
            case DIVIDE -> a.divide(b, DecimalType.MAX_PRECISION, RoundingMode.HALF_UP);
            case REMAINDER -> a.remainder(b, SPARK_CONTEXT);
            default -> a.divideToIntegralValue(b, SPARK_CONTEXT);
        };
        if (operator == BinaryOperator.INTEGRAL_DIVIDE) {
            // Spark checks the quotient against its decimal type, then takes its long value as it is
            ((LongVector) result).values()[row] = DecimalMath.toPrecision(value, resultType).longValue();
        } else {
            DecimalMath.write(result, row, value);
        }
    }

    private boolean isDivision() {
        return operator == BinaryOperator.DIVIDE || operator == BinaryOperator.REMAINDER
                || operator == BinaryOperator.INTEGRAL_DIVIDE;
    }

    private EvaluationException divideByZero() {
        return operator == BinaryOperator.REMAINDER ? EvaluationException.remainderByZero()
                : EvaluationException.divideByZero();
    }
}
