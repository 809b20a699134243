package dev.arus.engine.expr.logic;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.EvaluationContext;

/**
 * A filter's condition that compares a long-backed operand (an integer, date or timestamp column
 * or expression) with a non-null constant, {@code = <=> < <= > >=} or the NOT of one of them but
 * {@code <=>} (so {@code <>}), evaluated straight into the kept rows' positions: one pass over the
 * operand, no boolean vector between. The constant is any foldable expression that cannot be
 * NULL (a literal, a TIMESTAMP literal the session zone places, a date or interval of literals),
 * on either side ({@code 2 < n} is {@code n > 2}); it is read once per chunk, so the session zone
 * of each evaluation places it. As in SQL, a row whose operand is NULL is never kept (the NOT of
 * NULL being NULL). The operands are the ones the binder already coerced.
 */
public final class ConstantComparisonSelection {

    private enum Test {
        EQUAL, NOT_EQUAL, LESS, LESS_OR_EQUAL, GREATER, GREATER_OR_EQUAL;

        /** The test with its operands swapped: {@code c < a} is {@code a > c}. */
        Test mirrored() {
            return switch (this) {
                case LESS -> GREATER;
                case LESS_OR_EQUAL -> GREATER_OR_EQUAL;
                case GREATER -> LESS;
                case GREATER_OR_EQUAL -> LESS_OR_EQUAL;
                default -> this;
            };
        }
    }

    private final BoundExpression operand;
    private final BoundExpression constant;
    private final Test test;
    /** No columns and one row: what a foldable expression is evaluated over to read its value. */
    private final ColumnarBatch oneRow = new ColumnarBatch(Schema.of(), new ColumnVector[0], 1);

    private ConstantComparisonSelection(BoundExpression operand, BoundExpression constant, Test test) {
        this.operand = operand;
        this.constant = constant;
        this.test = test;
    }

    /** The selection {@code condition} is, or null when it is not such a comparison. */
    public static ConstantComparisonSelection of(BoundExpression condition) {
        boolean negated = condition instanceof Negation;
        if (!((negated ? ((Negation) condition).child() : condition) instanceof Comparison comparison)
                || !comparison.left().dataType().isLongBacked()
                || !comparison.right().dataType().isLongBacked()
                || negated && comparison.operator() == BinaryOperator.NULL_SAFE_EQUAL) {
            return null;
        }
        boolean mirrored = !isConstant(comparison.right());
        BoundExpression constant = mirrored ? comparison.left() : comparison.right();
        if (!isConstant(constant)) {
            return null;
        }
        Test test = switch (comparison.operator()) {
            // against a non-null constant, <=> is =: a NULL operand is not equal
            case EQUAL, NULL_SAFE_EQUAL -> negated ? Test.NOT_EQUAL : Test.EQUAL;
            case LESS_THAN -> negated ? Test.GREATER_OR_EQUAL : Test.LESS;
            case LESS_THAN_OR_EQUAL -> negated ? Test.GREATER : Test.LESS_OR_EQUAL;
            case GREATER_THAN -> negated ? Test.LESS_OR_EQUAL : Test.GREATER;
            default -> negated ? Test.LESS : Test.GREATER_OR_EQUAL;
        };
        return mirrored
                ? new ConstantComparisonSelection(comparison.right(), constant, test.mirrored())
                : new ConstantComparisonSelection(comparison.left(), constant, test);
    }

    private static boolean isConstant(BoundExpression expression) {
        return expression.foldable() && !expression.nullable();
    }

    /**
     * Writes the positions of {@code input}'s rows to keep into {@code kept} (at least as long as
     * the rows) and returns how many.
     */
    public int select(ColumnarBatch input, EvaluationContext context, int[] kept) {
        int size = input.size();
        if (size == 0) {
            // nothing to evaluate the constant for, as the general way would not
            return 0;
        }
        LongVector operandValues = (LongVector) operand.evaluate(input, context);
        long[] a = operandValues.values();
        long c = ((LongVector) constant.evaluate(oneRow, context)).values()[0];
        int count = 0;
        // branch-free: every row's position is written, only a kept one advances
        switch (test) {
            case EQUAL -> {
                for (int i = 0; i < size; i++) {
                    kept[count] = i;
                    count += a[i] == c ? 1 : 0;
                }
            }
            case NOT_EQUAL -> {
                for (int i = 0; i < size; i++) {
                    kept[count] = i;
                    count += a[i] != c ? 1 : 0;
                }
            }
            case LESS -> {
                for (int i = 0; i < size; i++) {
                    kept[count] = i;
                    count += a[i] < c ? 1 : 0;
                }
            }
            case LESS_OR_EQUAL -> {
                for (int i = 0; i < size; i++) {
                    kept[count] = i;
                    count += a[i] <= c ? 1 : 0;
                }
            }
            case GREATER -> {
                for (int i = 0; i < size; i++) {
                    kept[count] = i;
                    count += a[i] > c ? 1 : 0;
                }
            }
            default -> {
                for (int i = 0; i < size; i++) {
                    kept[count] = i;
                    count += a[i] >= c ? 1 : 0;
                }
            }
        }
        return operandValues.hasNulls() ? withoutNulls(operandValues, kept, count) : count;
    }

    /** Drops the NULL rows from the first {@code count} positions; returns how many are left. */
    private static int withoutNulls(LongVector values, int[] kept, int count) {
        int left = 0;
        for (int j = 0; j < count; j++) {
            int row = kept[j];
            kept[left] = row;
            left += values.isNull(row) ? 0 : 1;
        }
        return left;
    }
}
