package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.NullMasks;
import java.time.ZoneId;

/**
 * A strict function from one long-backed value (a date, a timestamp, an integer) to another, row
 * by row: the loop and null handling that the date and time functions share. A null argument
 * gives null and the function is not called for it.
 */
abstract class UnaryLongFunction extends BoundNode {

    private final BoundExpression argument;

    UnaryLongFunction(BoundExpression argument, DataType type, String sql) {
        super(type, argument.nullable(), sql);
        this.argument = argument;
    }

    /** The result for one non-null value; {@code zone} is the session time zone. */
    abstract long apply(long value, ZoneId zone);

    @Override
    public final LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector values = (LongVector) argument.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = NullMasks.propagate(result, values, size);
        long[] in = values.values();
        long[] out = result.values();
        ZoneId zone = context.timeZone();
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                out[i] = apply(in[i], zone);
            }
        }
        return result;
    }
}
