package dev.arus.engine.expr.bind;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;

/**
 * A lambda's parameter in its body: a column of the lambda's chunk, one row per element, that
 * Spark prints as {@code namedlambdavariable()} in the names of the expressions around it.
 */
final class LambdaVariable extends BoundNode {

    private final int ordinal;

    LambdaVariable(int ordinal, Field parameter) {
        super(parameter.type(), parameter.nullable(), "namedlambdavariable()");
        this.ordinal = ordinal;
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        return input.column(ordinal);
    }
}
