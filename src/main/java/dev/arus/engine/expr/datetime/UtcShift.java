package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.calendar.LocalDays;
import java.util.List;

/**
 * {@code from_utc_timestamp(ts, zone)} reads {@code ts}'s wall-clock time in {@code zone} and gives
 * the instant at which UTC's wall clock reads that; {@code to_utc_timestamp(ts, zone)} does the
 * reverse, giving the instant at which {@code zone}'s wall clock reads what UTC's reads at
 * {@code ts}. Spark's {@code DateTimeUtils.convertTz}; the session zone plays no part.
 */
final class UtcShift extends BoundNode {

    private final BoundExpression timestamp;
    private final BoundExpression zoneText;
    private final boolean fromUtc;
    private final TimeZoneArgument zones = new TimeZoneArgument();
    private final LocalDays days = new LocalDays();

    private UtcShift(BoundExpression timestamp, BoundExpression zoneText, boolean fromUtc, String sql) {
        super(AtomicType.TIMESTAMP, timestamp.nullable() || zoneText.nullable(), sql);
        this.timestamp = timestamp;
        this.zoneText = zoneText;
        this.fromUtc = fromUtc;
    }

    static BoundExpression bindFromUtc(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return bind(call, arguments, binder, true);
    }

    static BoundExpression bindToUtc(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return bind(call, arguments, binder, false);
    }

    private static BoundExpression bind(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder,
            boolean fromUtc) {
        BoundExpression timestamp = binder.require(call.sql(), call.position(), "first", arguments.get(0),
                InputType.TIMESTAMP);
        BoundExpression zone = binder.require(call.sql(), call.position(), "second", arguments.get(1),
                InputType.STRING);
        String name = fromUtc ? "from_utc_timestamp" : "to_utc_timestamp";
        return new UtcShift(timestamp, zone, fromUtc, FunctionBinder.sql(name, arguments));
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector times = (LongVector) timestamp.evaluate(input, context);
        StringVector names = (StringVector) zoneText.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = NullMasks.propagate(result, times, names, size);
        long[] in = times.values();
        String[] text = names.values();
        long[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                out[i] = fromUtc ? days.localMicros(in[i], zones.zone(text[i]))
                        : days.instantOf(in[i], zones.zone(text[i]));
            }
        }
        return result;
    }
}
