package dev.arus.engine.expr.logic;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import java.util.Arrays;

/** {@code x IS NULL} or {@code x IS NOT NULL}; never NULL itself. */
public final class NullTest extends BoundNode {

    private final BoundExpression child;
    private final boolean negated;

    public NullTest(BoundExpression child, boolean negated, String sql) {
        super(AtomicType.BOOLEAN, false, sql);
        this.child = child;
        this.negated = negated;
    }

    @Override
    public BooleanVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector values = child.evaluate(input, context);
        int size = input.size();
        BooleanVector result = output(size);
        boolean[] out = result.values();
        if (!values.hasNulls()) {
            Arrays.fill(out, 0, size, negated);
            return result;
        }
        for (int i = 0; i < size; i++) {
            out[i] = values.isNull(i) != negated;
        }
        return result;
    }
}
