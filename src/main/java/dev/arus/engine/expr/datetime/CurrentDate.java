package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.calendar.LocalDays;
import java.util.Arrays;
import java.util.List;

/** {@code current_date()}: the day of the micro-batch's timestamp in the session zone, the same for every row. */
final class CurrentDate extends BoundNode {

    private final LocalDays days = new LocalDays();

    CurrentDate() {
        super(AtomicType.DATE, false, "current_date()");
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return new CurrentDate();
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        LongVector result = output(size);
        Arrays.fill(result.values(), 0, size, days.dayOf(context.batchTimestampMicros(), context.timeZone()));
        return result;
    }
}
