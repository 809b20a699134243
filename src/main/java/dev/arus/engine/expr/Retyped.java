package dev.arus.engine.expr;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;

/**
 * A cast that keeps every value as it is held, such as INT to BIGINT or FLOAT to DOUBLE (see
 * {@code Casts.keepsRepresentation}), or a struct, array or map to the same shape with looser
 * nullability: the child's vector is used as is and only the reported type changes.
 */
public final class Retyped implements BoundExpression {

    private final BoundExpression child;
    private final DataType type;
    private final String sql;

    public Retyped(BoundExpression child, DataType type, String sql) {
        this.child = child;
        this.type = type;
        this.sql = sql;
    }

    BoundExpression child() {
        return child;
    }

    @Override
    public boolean foldable() {
        return child.foldable();
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
        return sql;
    }

    @Override
    public String sql() {
        return sql;
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        return child.evaluate(input, context);
    }
}
