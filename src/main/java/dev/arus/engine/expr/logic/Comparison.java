package dev.arus.engine.expr.logic;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import java.math.BigDecimal;
import java.util.Arrays;

/**
 * {@code = <=> < <= > >=} between operands the analyzer has brought to one type. NULL on either
 * side gives NULL, except for {@code <=>}, which treats two NULLs as equal. Doubles compare as
 * Spark orders them: NaN equals NaN and is larger than any other value, and {@code -0.0 = 0.0};
 * binary values byte by byte, unsigned.
 */
public final class Comparison extends BoundNode {

    private final BinaryOperator operator;
    private final BoundExpression left;
    private final BoundExpression right;

    Comparison(BinaryOperator operator, BoundExpression left, BoundExpression right, String sql) {
        super(AtomicType.BOOLEAN,
                operator != BinaryOperator.NULL_SAFE_EQUAL && (left.nullable() || right.nullable()), sql);
        this.operator = operator;
        this.left = left;
        this.right = right;
    }

    BinaryOperator operator() {
        return operator;
    }

    BoundExpression left() {
        return left;
    }

    BoundExpression right() {
        return right;
    }

    @Override
    public BooleanVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector leftValues = left.evaluate(input, context);
        ColumnVector rightValues = right.evaluate(input, context);
        int size = input.size();
        BooleanVector result = output(size);
        boolean[] out = result.values();
        if (leftValues instanceof LongVector longs) {
            compareLongs(longs.values(), ((LongVector) rightValues).values(), out, size);
        } else {
            for (int i = 0; i < size; i++) {
                out[i] = test(compareRow(leftValues, rightValues, i));
            }
        }
        if (leftValues.hasNulls() || rightValues.hasNulls()) {
            applyNulls(leftValues, rightValues, result, size);
        }
        return result;
    }

    private void compareLongs(long[] a, long[] b, boolean[] out, int size) {
        switch (operator) {
            case EQUAL, NULL_SAFE_EQUAL -> {
                for (int i = 0; i < size; i++) {
                    out[i] = a[i] == b[i];
                }
            }
            case LESS_THAN -> {
                for (int i = 0; i < size; i++) {
                    out[i] = a[i] < b[i];
                }
            }
            case LESS_THAN_OR_EQUAL -> {
                for (int i = 0; i < size; i++) {
                    out[i] = a[i] <= b[i];
                }
            }
            case GREATER_THAN -> {
                for (int i = 0; i < size; i++) {
                    out[i] = a[i] > b[i];
                }
            }
            default -> {
                for (int i = 0; i < size; i++) {
                    out[i] = a[i] >= b[i];
                }
            }
        }
    }

    private void applyNulls(ColumnVector leftValues, ColumnVector rightValues, BooleanVector result, int size) {
        boolean[] out = result.values();
        for (int i = 0; i < size; i++) {
            boolean leftNull = leftValues.isNull(i);
            boolean rightNull = rightValues.isNull(i);
            if (operator == BinaryOperator.NULL_SAFE_EQUAL) {
                if (leftNull || rightNull) {
                    out[i] = leftNull && rightNull;
                }
            } else if (leftNull || rightNull) {
                result.setNull(i);
            }
        }
    }

    private boolean test(int comparison) {
        return switch (operator) {
            case EQUAL, NULL_SAFE_EQUAL -> comparison == 0;
            case LESS_THAN -> comparison < 0;
            case LESS_THAN_OR_EQUAL -> comparison <= 0;
            case GREATER_THAN -> comparison > 0;
            default -> comparison >= 0;
        };
    }

    /** Compares one row of two vectors of the same kind; null rows give any answer. */
    static int compareRow(ColumnVector left, ColumnVector right, int row) {
        return compareRows(left, row, right, row);
    }

    /** Compares row {@code leftRow} of {@code left} with row {@code rightRow} of a vector of the same kind. */
    public static int compareRows(ColumnVector left, int leftRow, ColumnVector right, int rightRow) {
        if (left instanceof DoubleVector doubles) {
            return compareDoubles(doubles.values()[leftRow], ((DoubleVector) right).values()[rightRow]);
        }
        if (left instanceof LongVector longs) {
            return Long.compare(longs.values()[leftRow], ((LongVector) right).values()[rightRow]);
        }
        if (left instanceof StringVector strings) {
            String a = strings.values()[leftRow];
            String b = ((StringVector) right).values()[rightRow];
            return a == null || b == null ? 0 : a.compareTo(b);
        }
        if (left instanceof BooleanVector booleans) {
            return Boolean.compare(booleans.values()[leftRow], ((BooleanVector) right).values()[rightRow]);
        }
        if (left instanceof BigDecimalVector decimals) {
            BigDecimal a = decimals.values()[leftRow];
            BigDecimal b = ((BigDecimalVector) right).values()[rightRow];
            return a == null || b == null ? 0 : a.compareTo(b);
        }
        byte[] a = ((BinaryVector) left).values()[leftRow];
        byte[] b = ((BinaryVector) right).values()[rightRow];
        // Spark orders binary values byte by byte, unsigned (ByteArray.compareBinary)
        return a == null || b == null ? 0 : Arrays.compareUnsigned(a, b);
    }

    /** Spark's {@code SQLOrderingUtil.compareDoubles}. */
    static int compareDoubles(double a, double b) {
        if (a < b) {
            return -1;
        }
        if (a > b) {
            return 1;
        }
        if (a == b) {
            return 0;
        }
        return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
    }
}
