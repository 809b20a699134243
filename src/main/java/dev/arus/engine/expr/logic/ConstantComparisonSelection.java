package dev.arus.engine.expr.logic;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.EvaluationContext;

/**
 * A filter's condition that compares a long-backed operand (an integer, date or timestamp column
 * or expression) with a non-null constant, {@code = <=> < <= > >=} or the NOT of one of them but
 * {@code <=>} (so {@code <>}), evaluated straight into the kept rows' positions: one pass over the
 * operand, no boolean vector between. As in SQL, a row whose operand is NULL is never kept (the
 * NOT of NULL being NULL). The operands are the ones the binder already coerced.
 */
public final class ConstantComparisonSelection {

    private enum Test { EQUAL, NOT_EQUAL, LESS, LESS_OR_EQUAL, GREATER, GREATER_OR_EQUAL }

    private final BoundExpression operand;
    private final long constant;
    private final Test test;

    private ConstantComparisonSelection(BoundExpression operand, long constant, Test test) {
        this.operand = operand;
        this.constant = constant;
        this.test = test;
    }

    /** The selection {@code condition} is, or null when it is not such a comparison. */
    public static ConstantComparisonSelection of(BoundExpression condition) {
        boolean negated = condition instanceof Negation;
        if (!((negated ? ((Negation) condition).child() : condition) instanceof Comparison comparison)
                || !comparison.left().dataType().isLongBacked()
                || negated && comparison.operator() == BinaryOperator.NULL_SAFE_EQUAL) {
            return null;
        }
        Long constant = Constant.heldLongOf(comparison.right());
        if (constant == null) {
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
        return new ConstantComparisonSelection(comparison.left(), constant, test);
    }

    /**
     * Writes the positions of {@code input}'s rows to keep into {@code kept} (at least as long as
     * the rows) and returns how many.
     */
    public int select(ColumnarBatch input, EvaluationContext context, int[] kept) {
        LongVector operandValues = (LongVector) operand.evaluate(input, context);
        long[] a = operandValues.values();
        long c = constant;
        int size = input.size();
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
