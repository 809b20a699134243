package dev.arus.engine.expr;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;

/**
 * The implicit widening of INT to BIGINT: both live in a LongVector with the same values, so the
 * child's vector is used as is and only the reported type changes.
 */
final class Retyped implements BoundExpression {

    private final BoundExpression child;
    private final DataType type;

    Retyped(BoundExpression child, DataType type) {
        this.child = child;
        this.type = type;
    }

    BoundExpression child() {
        return child;
    }

    @Override
    public DataType dataType() {
        return type;
    }

    @Override
    public boolean nullable() {
        return child.nullable();
    }

    @Override
    public String name() {
        return child.name();
    }

    @Override
    public String sql() {
        return child.sql();
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        return child.evaluate(input, context);
    }
}
