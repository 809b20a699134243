package dev.arus.engine.expr;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import java.util.OptionalInt;

/** An expression under another output name: an alias, or Spark's naming of a top-level cast. */
public final class Renamed implements BoundExpression {

    private final BoundExpression child;
    private final String name;

    public Renamed(BoundExpression child, String name) {
        this.child = child;
        this.name = name;
    }

    @Override
    public DataType dataType() {
        return child.dataType();
    }

    @Override
    public boolean nullable() {
        return child.nullable();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String sql() {
        return child.sql();
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        return child.evaluate(input, context);
    }

    @Override
    public OptionalInt inputOrdinal() {
        return child.inputOrdinal();
    }

    @Override
    public String toString() {
        return child.sql() + " AS " + name;
    }
}
