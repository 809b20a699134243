package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import java.util.List;

/**
 * {@code timestamp_seconds(n)}: seconds since the epoch as a TIMESTAMP. An integer that overflows
 * the microsecond range raises ARITHMETIC_OVERFLOW; a NaN or infinite double gives NULL, as in Spark.
 */
final class SecondsToTimestamp extends BoundNode {

    private final BoundExpression seconds;

    SecondsToTimestamp(BoundExpression seconds, String sql) {
        super(AtomicType.TIMESTAMP, seconds.nullable() || seconds.dataType() == AtomicType.DOUBLE, sql);
        this.seconds = seconds;
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        BoundExpression seconds = binder.requireNumeric(call, arguments.get(0));
        return new SecondsToTimestamp(seconds, FunctionBinder.sql("timestamp_seconds", arguments));
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector values = seconds.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = NullMasks.propagate(result, values, size);
        long[] out = result.values();
        if (values instanceof DoubleVector doubles) {
            double[] in = doubles.values();
            for (int i = 0; i < size; i++) {
                if (Double.isNaN(in[i]) || Double.isInfinite(in[i])) {
                    result.setNull(i);
                } else {
                    out[i] = (long) (in[i] * 1_000_000d);
                }
            }
            return result;
        }
        long[] in = ((LongVector) values).values();
        try {
            for (int i = 0; i < size; i++) {
                if (!(nulls && result.isNull(i))) {
                    out[i] = Math.multiplyExact(in[i], 1_000_000L);
                }
            }
        } catch (ArithmeticException e) {
            throw EvaluationException.overflow("long overflow", null);
        }
        return result;
    }
}
