package dev.arus.engine.expr.logic;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.NullMasks;

/** {@code NOT x}; NOT NULL is NULL. */
public final class Negation extends BoundNode {

    private final BoundExpression child;

    public Negation(BoundExpression child, String sql) {
        super(AtomicType.BOOLEAN, child.nullable(), sql);
        this.child = child;
    }

    BoundExpression child() {
        return child;
    }

    @Override
    public BooleanVector evaluate(ColumnarBatch input, EvaluationContext context) {
        BooleanVector values = (BooleanVector) child.evaluate(input, context);
        int size = input.size();
        BooleanVector result = output(size);
        NullMasks.propagate(result, values, size);
        boolean[] in = values.values();
        boolean[] out = result.values();
        for (int i = 0; i < size; i++) {
            out[i] = !in[i];
        }
        return result;
    }
}
