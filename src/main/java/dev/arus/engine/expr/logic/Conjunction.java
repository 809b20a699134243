package dev.arus.engine.expr.logic;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.SelectiveEvaluation;

/**
 * {@code AND} and {@code OR} with SQL's three-valued logic: {@code false AND null} is false,
 * {@code true OR null} is true, otherwise a NULL operand gives NULL. The right side is evaluated
 * only where the left does not decide the result (see {@link SelectiveEvaluation}).
 */
public final class Conjunction extends BoundNode {

    private final boolean isAnd;
    private final BoundExpression left;
    private final SelectiveEvaluation right;
    private boolean[] needed = new boolean[0];

    public Conjunction(boolean isAnd, BoundExpression left, BoundExpression right, String sql) {
        super(AtomicType.BOOLEAN, left.nullable() || right.nullable(), sql);
        this.isAnd = isAnd;
        this.left = left;
        this.right = new SelectiveEvaluation(right);
    }

    @Override
    public BooleanVector evaluate(ColumnarBatch input, EvaluationContext context) {
        BooleanVector leftValues = (BooleanVector) left.evaluate(input, context);
        int size = input.size();
        if (needed.length < size) {
            needed = new boolean[ColumnarBatch.capacityFor(size)];
        }
        boolean[] a = leftValues.values();
        boolean decisive = !isAnd;
        int undecided = 0;
        for (int i = 0; i < size; i++) {
            needed[i] = leftValues.isNull(i) || a[i] != decisive;
            undecided += needed[i] ? 1 : 0;
        }
        BooleanVector result = output(size);
        boolean[] out = result.values();
        if (undecided == 0) {
            System.arraycopy(a, 0, out, 0, size);
            return result;
        }
        BooleanVector rightValues = (BooleanVector) right.evaluate(input, needed, context);
        boolean[] b = rightValues.values();
        if (!leftValues.hasNulls() && !rightValues.hasNulls()) {
            for (int i = 0; i < size; i++) {
                out[i] = isAnd ? a[i] && b[i] : a[i] || b[i];
            }
            return result;
        }
        for (int i = 0; i < size; i++) {
            boolean leftNull = leftValues.isNull(i);
            boolean rightNull = !needed[i] || rightValues.isNull(i);
            if (!leftNull && a[i] == decisive || needed[i] && !rightNull && b[i] == decisive) {
                out[i] = decisive;
            } else if (leftNull || rightNull) {
                result.setNull(i);
            } else {
                out[i] = !decisive;
            }
        }
        return result;
    }
}
