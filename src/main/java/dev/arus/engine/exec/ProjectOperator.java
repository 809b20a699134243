package dev.arus.engine.exec;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BoundExpression;
import java.util.List;

/** Computes each output column with its expression, a whole chunk at a time. */
public final class ProjectOperator implements Operator {

    private final BoundExpression[] expressions;
    private final ColumnarBatch output;
    private final Operator downstream;

    public ProjectOperator(List<BoundExpression> expressions, Schema outputSchema, Operator downstream) {
        this.expressions = expressions.toArray(BoundExpression[]::new);
        this.output = new ColumnarBatch(outputSchema, new ColumnVector[this.expressions.length], 0);
        this.downstream = downstream;
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        for (int i = 0; i < expressions.length; i++) {
            output.setColumn(i, expressions[i].evaluate(chunk, context.evaluation()));
        }
        output.setSize(chunk.size());
        downstream.process(output, context);
    }

}
