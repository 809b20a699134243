package dev.arus.engine.expr.cast;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.calendar.LocalDays;

/**
 * DATE to TIMESTAMP (the instant the day starts in the session zone) and TIMESTAMP to DATE (the
 * day the instant falls on there), as Spark's {@code Cast} does.
 */
public final class DateTimeCast extends BoundNode {

    private final BoundExpression child;
    private final boolean toDate;
    private final LocalDays days = new LocalDays();

    public DateTimeCast(BoundExpression child, DataType target, String sql) {
        super(target, child.nullable(), sql);
        this.child = child;
        this.toDate = target == AtomicType.DATE;
    }

    @Override
    public boolean foldable() {
        return child.foldable();
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector values = (LongVector) child.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = NullMasks.propagate(result, values, size);
        long[] in = values.values();
        long[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                out[i] = toDate ? days.dayOf(in[i], context.timeZone()) : days.startOf(in[i], context.timeZone());
            }
        }
        return result;
    }
}
