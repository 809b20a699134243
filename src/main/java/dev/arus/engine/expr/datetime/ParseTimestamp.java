package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.Renamed;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.TypeCoercion;
import dev.arus.engine.expr.calendar.DateTimeFormats;
import dev.arus.engine.expr.cast.Casts;
import dev.arus.engine.expr.cast.DateTimeCast;
import dev.arus.engine.expr.cast.FromStringCast;
import dev.arus.engine.expr.cast.NumericCast;
import dev.arus.engine.expr.cast.SecondsCast;
import java.time.DateTimeException;
import java.time.format.DateTimeFormatter;
import java.util.List;

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

    /**
     * Without a pattern, Spark's to_timestamp is a cast (a number as seconds since the epoch, a
     * date as the start of its day); with one, a pattern parse of a string, which a date or a
     * timestamp ignores.
     */
    static BoundExpression bindToTimestamp(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("to_timestamp", arguments);
        BoundExpression value = arguments.get(0);
        if (value.dataType() == AtomicType.TIMESTAMP || value.dataType() == AtomicType.NULL) {
            return new Renamed(TypeCoercion.implicitCast(value, AtomicType.TIMESTAMP), sql);
        }
        if (value.dataType() == AtomicType.DATE) {
            return new DateTimeCast(value, AtomicType.TIMESTAMP, sql);
        }
        if (value.dataType().isNumeric() && arguments.size() == 1) {
            return new SecondsCast(value, sql);
        }
        if (value.dataType() != AtomicType.STRING) {
            throw binder.unexpectedType(call.sql(), call.position(), "first", "(\"STRING\" or \"DATE\" or"
                    + " \"TIMESTAMP\" or \"TIMESTAMP_NTZ\" or \"NUMERIC\")", value);
        }
        if (arguments.size() == 1) {
            return new FromStringCast(value, AtomicType.TIMESTAMP, sql);
        }
        return new ParseTimestamp(value, FunctionBinder.pattern(binder, call, 1), false, sql);
    }

    /**
     * {@code to_date(value[, 'pattern'])}: without a pattern Spark's cast to DATE; with one, text
     * parsed as {@code to_timestamp} parses it and then its day in the session zone. A date or
     * timestamp ignores the pattern.
     */
    static BoundExpression bindToDate(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("to_date", arguments);
        BoundExpression value = binder.require(call.sql(), call.position(), "first", arguments.get(0),
                InputType.anyOf(InputType.STRING, InputType.DATE, InputType.TIMESTAMP));
        if (arguments.size() == 1 || value.dataType() != AtomicType.STRING) {
            if (arguments.size() == 2) {
                FunctionBinder.pattern(binder, call, 1);
            }
            return value.dataType() == AtomicType.DATE ? new Renamed(value, sql)
                    : Casts.cast(value, AtomicType.DATE, sql);
        }
        ParseTimestamp timestamp = new ParseTimestamp(value, FunctionBinder.pattern(binder, call, 1), false, sql);
        return new DateTimeCast(timestamp, AtomicType.DATE, sql);
    }

    /** {@code unix_timestamp([value[, pattern]])}; Spark names it with the default pattern shown. */
    static BoundExpression bindUnixTimestamp(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        BoundExpression value = arguments.isEmpty() ? new CurrentTimestamp() : arguments.get(0);
        String pattern = arguments.size() == 2 ? FunctionBinder.pattern(binder, call, 1)
                : DateTimeFormats.DEFAULT_PATTERN;
        String sql = SqlText.function("unix_timestamp", List.of(value.sql(), pattern));
        if (value.dataType() == AtomicType.STRING) {
            return new ParseTimestamp(value, pattern, true, sql);
        }
        BoundExpression timestamp = FunctionBinder.timestampArgument(binder, call, value);
        return new NumericCast(timestamp, AtomicType.LONG, sql);
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
