package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.NullMasks;

/** {@code timestamp ± INTERVAL ...}: shifts microseconds by a constant; overflow raises as in ANSI mode. */
final class TimestampAddInterval extends BoundNode {

    private final BoundExpression timestamp;
    private final long deltaMicros;

    TimestampAddInterval(BoundExpression timestamp, long deltaMicros, String sql) {
        super(AtomicType.TIMESTAMP, timestamp.nullable(), sql);
        this.timestamp = timestamp;
        this.deltaMicros = deltaMicros;
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector times = (LongVector) timestamp.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = NullMasks.propagate(result, times, size);
        long[] in = times.values();
        long[] out = result.values();
        try {
            for (int i = 0; i < size; i++) {
                if (!(nulls && result.isNull(i))) {
                    out[i] = Math.addExact(in[i], deltaMicros);
                }
            }
        } catch (ArithmeticException e) {
            throw EvaluationException.overflow("long overflow", null);
        }
        return result;
    }
}
