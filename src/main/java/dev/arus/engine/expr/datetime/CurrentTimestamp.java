package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import java.util.Arrays;
import java.util.List;

/** {@code current_timestamp()}: the micro-batch's timestamp, the same for every row of the batch. */
final class CurrentTimestamp extends BoundNode {

    CurrentTimestamp() {
        super(AtomicType.TIMESTAMP, false, "current_timestamp()");
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return new CurrentTimestamp();
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        LongVector result = output(size);
        Arrays.fill(result.values(), 0, size, context.batchTimestampMicros());
        return result;
    }
}
