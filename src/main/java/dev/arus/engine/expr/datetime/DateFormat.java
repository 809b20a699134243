package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.calendar.DateTimeFormats;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** {@code date_format(ts, pattern)}: a timestamp as text in the session zone. */
final class DateFormat extends BoundNode {

    private final BoundExpression timestamp;
    private final DateTimeFormatter formatter;

    DateFormat(BoundExpression timestamp, String pattern, String sql) {
        super(AtomicType.STRING, timestamp.nullable(), sql);
        this.timestamp = timestamp;
        this.formatter = DateTimeFormats.formatter(pattern);
    }

    /** {@code date_format(timestamp, 'pattern')}; the pattern must be a literal. */
    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        BoundExpression timestamp = FunctionBinder.timestampArgument(binder, call, arguments.get(0));
        String pattern = FunctionBinder.pattern(binder, call, 1);
        return new DateFormat(timestamp, pattern, FunctionBinder.sql("date_format", arguments));
    }

    /**
     * {@code from_unixtime(seconds[, 'pattern'])}: seconds since the epoch (a BIGINT, or what casts
     * to one) as text in the session zone; Spark names the one-argument form with its default
     * pattern shown.
     */
    static BoundExpression bindFromUnixTime(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        BoundExpression seconds = binder.require(call.sql(), call.position(), "first", arguments.get(0),
                InputType.of(AtomicType.LONG));
        String pattern = arguments.size() == 2 ? FunctionBinder.pattern(binder, call, 1)
                : DateTimeFormats.DEFAULT_PATTERN;
        String sql = SqlText.function("from_unixtime", List.of(arguments.get(0).sql(), pattern));
        return new DateFormat(new SecondsToTimestamp(seconds, seconds.sql()), pattern, sql);
    }

    @Override
    public StringVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector times = (LongVector) timestamp.evaluate(input, context);
        int size = input.size();
        StringVector result = output(size);
        NullMasks.propagate(result, times, size);
        long[] in = times.values();
        String[] out = result.values();
        for (int i = 0; i < size; i++) {
            out[i] = result.isNull(i) ? null : DateTimeFormats.format(in[i], formatter, context.timeZone());
        }
        return result;
    }
}
