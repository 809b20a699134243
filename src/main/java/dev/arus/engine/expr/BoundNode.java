package dev.arus.engine.expr;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;

/** The common state of bound nodes: type, nullability, pretty SQL and the reused output vector. */
public abstract class BoundNode implements BoundExpression {

    private final DataType type;
    private final boolean nullable;
    private final String sql;
    private ColumnVector output;

    protected BoundNode(DataType type, boolean nullable, String sql) {
        this.type = type;
        this.nullable = nullable;
        this.sql = sql;
    }

    @Override
    public DataType dataType() {
        return type;
    }

    @Override
    public boolean nullable() {
        return nullable;
    }

    @Override
    public String name() {
        return sql;
    }

    @Override
    public String sql() {
        return sql;
    }

    /** The output vector, able to hold {@code size} rows and with no nulls yet. */
    @SuppressWarnings("unchecked")
    protected final <V extends ColumnVector> V output(int size) {
        if (output == null) {
            output = ColumnVector.allocate(type, ColumnarBatch.capacityFor(size));
        }
        output.reserve(size);
        output.resetNulls();
        return (V) output;
    }

    @Override
    public String toString() {
        return sql;
    }
}
