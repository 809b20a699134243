package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import java.time.format.DateTimeFormatter;

/** {@code date_format(ts, pattern)}: a timestamp as text in the session zone. */
final class DateFormat extends BoundNode {

    private final BoundExpression timestamp;
    private final DateTimeFormatter formatter;

    DateFormat(BoundExpression timestamp, String pattern, String sql) {
        super(AtomicType.STRING, timestamp.nullable(), sql);
        this.timestamp = timestamp;
        this.formatter = DateTimeFormats.formatter(pattern);
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
