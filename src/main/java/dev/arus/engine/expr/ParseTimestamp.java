package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import java.time.DateTimeException;
import java.time.format.DateTimeFormatter;

/**
 * Strings parsed with a datetime pattern in the session zone: {@code to_timestamp(s, fmt)} gives
 * a TIMESTAMP, {@code unix_timestamp(s, fmt)} whole seconds (BIGINT, rounded down). Text that
 * does not match raises CANNOT_PARSE_TIMESTAMP, Spark 4's ANSI default.
 */
final class ParseTimestamp extends BoundNode {

    private final BoundExpression text;
    private final DateTimeFormatter formatter;
    private final boolean toSeconds;

    ParseTimestamp(BoundExpression text, String pattern, boolean toSeconds, String sql) {
        super(toSeconds ? AtomicType.LONG : AtomicType.TIMESTAMP, text.nullable(), sql);
        this.text = text;
        this.formatter = DateTimeFormats.formatter(pattern);
        this.toSeconds = toSeconds;
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        StringVector strings = (StringVector) text.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        NullMasks.propagate(result, strings, size);
        String[] in = strings.values();
        long[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (result.isNull(i)) {
                continue;
            }
            try {
                long micros = DateTimeFormats.parse(in[i], formatter, context.timeZone());
                out[i] = toSeconds ? Math.floorDiv(micros, 1_000_000L) : micros;
            } catch (DateTimeException | ArithmeticException e) {
                throw EvaluationException.cannotParseTimestamp(e.getMessage());
            }
        }
        return result;
    }
}
