package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.calendar.LocalDays;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;

/**
 * {@code make_timestamp(year, month, day, hour, min, sec[, timezone])}: the local time placed in
 * the given zone, or the session zone. Seconds are a {@code DECIMAL(16,6)} from 0 to 60, where 60
 * (with no fraction) is the next minute, as PostgreSQL has it. Under ANSI mode a field out of
 * range raises DATETIME_FIELD_OUT_OF_BOUNDS.WITH_SUGGESTION, 60 with a fraction INVALID_FRACTION_OF_SECOND.
 */
final class MakeTimestamp extends BoundNode {

    private static final DecimalType SECONDS = new DecimalType(16, 6);
    private static final long MICROS_PER_MINUTE = 60 * LocalDays.MICROS_PER_SECOND;

    private final List<BoundExpression> fields;
    private final BoundExpression seconds;
    private final BoundExpression zoneText;
    private final LongVector[] values = new LongVector[5];
    private final TimeZoneArgument zones = new TimeZoneArgument();
    private final LocalDays days = new LocalDays();

    private MakeTimestamp(List<BoundExpression> fields, BoundExpression seconds, BoundExpression zoneText,
            String sql) {
        super(AtomicType.TIMESTAMP, fields.stream().anyMatch(BoundExpression::nullable) || seconds.nullable()
                || zoneText != null && zoneText.nullable(), sql);
        this.fields = fields;
        this.seconds = seconds;
        this.zoneText = zoneText;
    }

    static BoundExpression bind(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        List<BoundExpression> fields = MakeDate.integers(call, arguments.subList(0, 5), binder);
        BoundExpression seconds = binder.require(call.sql(), call.position(), "sixth", arguments.get(5),
                InputType.of(SECONDS));
        BoundExpression zone = arguments.size() == 7 ? binder.require(call.sql(), call.position(), "seventh",
                arguments.get(6), InputType.STRING) : null;
        return new MakeTimestamp(fields, seconds, zone, FunctionBinder.sql("make_timestamp", arguments));
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = false;
        for (int f = 0; f < values.length; f++) {
            values[f] = (LongVector) fields.get(f).evaluate(input, context);
            nulls |= NullMasks.propagate(result, values[f], size);
        }
        LongVector secondMicros = (LongVector) seconds.evaluate(input, context);
        nulls |= NullMasks.propagate(result, secondMicros, size);
        String[] zoneNames = null;
        if (zoneText != null) {
            ColumnVector names = zoneText.evaluate(input, context);
            nulls |= NullMasks.propagate(result, names, size);
            zoneNames = ((StringVector) names).values();
        }
        long[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                ZoneId zone = zoneNames == null ? context.timeZone() : zones.zone(zoneNames[i]);
                out[i] = days.instantOf(localMicros(i, secondMicros.values()[i]), zone);
            }
        }
        return result;
    }

    /** Row {@code i}'s local date and time as microseconds since the local epoch. */
    private long localMicros(int i, long secondMicros) {
        long day = MakeDate.day(values[0].values()[i], values[1].values()[i], values[2].values()[i]);
        long hour = values[3].values()[i];
        long minute = values[4].values()[i];
        if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || secondMicros < 0
                || secondMicros >= MICROS_PER_MINUTE + LocalDays.MICROS_PER_SECOND) {
            throw outOfBounds(hour, minute, secondMicros);
        }
        if (secondMicros >= MICROS_PER_MINUTE && secondMicros != MICROS_PER_MINUTE) {
            throw EvaluationException.invalidFractionOfSecond(BigDecimal.valueOf(secondMicros, 6).toPlainString());
        }
        return day * LocalDays.MICROS_PER_DAY + (hour * 60 + minute) * MICROS_PER_MINUTE + secondMicros;
    }

    /** Java's wording of the first field out of range. */
    private static EvaluationException outOfBounds(long hour, long minute, long secondMicros) {
        try {
            LocalTime.of((int) hour, (int) minute, (int) Math.floorDiv(secondMicros, LocalDays.MICROS_PER_SECOND));
            throw new IllegalStateException("fields in range: " + hour + ":" + minute);
        } catch (DateTimeException e) {
            return EvaluationException.datetimeFieldOutOfBounds(e.getMessage());
        }
    }
}
