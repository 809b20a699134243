package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.calendar.CivilDays;
import dev.arus.engine.expr.calendar.LocalDays;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;

/**
 * {@code date_trunc(unit, timestamp)} and {@code trunc(date, unit)}, Spark's
 * {@code DateTimeUtils.truncTimestamp} and {@code truncDate}: the start of the unit the value
 * falls in, in the session zone. Units are Spark's: MICROSECOND, MILLISECOND, SECOND, MINUTE,
 * HOUR, DAY or DD, WEEK (starting Monday), MON, MONTH or MM, QUARTER, YEAR, YYYY or YY, in any
 * case; {@code trunc} takes WEEK and longer. Another unit gives NULL, as in Spark. Arus compiles
 * the unit once, so it must be a string literal.
 */
final class DateTruncation extends UnaryLongFunction {

    enum Level {
        MICROSECOND, MILLISECOND, SECOND, MINUTE, HOUR, DAY, WEEK, MONTH, QUARTER, YEAR;

        static Level of(String unit) {
            return switch (unit.toUpperCase(Locale.ROOT)) {
                case "MICROSECOND" -> MICROSECOND;
                case "MILLISECOND" -> MILLISECOND;
                case "SECOND" -> SECOND;
                case "MINUTE" -> MINUTE;
                case "HOUR" -> HOUR;
                case "DAY", "DD" -> DAY;
                case "WEEK" -> WEEK;
                case "MON", "MONTH", "MM" -> MONTH;
                case "QUARTER" -> QUARTER;
                case "YEAR", "YYYY", "YY" -> YEAR;
                default -> null;
            };
        }

        boolean isCalendar() {
            return compareTo(WEEK) >= 0;
        }

        long micros() {
            return switch (this) {
                case MILLISECOND -> 1_000L;
                case SECOND -> LocalDays.MICROS_PER_SECOND;
                case MINUTE -> 60 * LocalDays.MICROS_PER_SECOND;
                case HOUR -> 3_600 * LocalDays.MICROS_PER_SECOND;
                case DAY -> LocalDays.MICROS_PER_DAY;
                default -> 1L;
            };
        }
    }

    private final Level level;
    private final boolean dates;
    private final LocalDays days = new LocalDays();

    private DateTruncation(BoundExpression value, Level level, DataType type, String sql) {
        super(value, type, sql);
        this.level = level;
        this.dates = type == AtomicType.DATE;
    }

    static BoundExpression bindDateTrunc(FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        binder.require(call.sql(), call.position(), "first", arguments.get(0), InputType.STRING);
        BoundExpression timestamp = binder.require(call.sql(), call.position(), "second", arguments.get(1),
                InputType.TIMESTAMP);
        Level level = level(binder, call, 0);
        String sql = FunctionBinder.sql("date_trunc", arguments);
        return level == null ? new Constant(null, AtomicType.TIMESTAMP, sql)
                : new DateTruncation(timestamp, level, AtomicType.TIMESTAMP, sql);
    }

    static BoundExpression bindTrunc(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        BoundExpression date = binder.require(call.sql(), call.position(), "first", arguments.get(0), InputType.DATE);
        binder.require(call.sql(), call.position(), "second", arguments.get(1), InputType.STRING);
        Level level = level(binder, call, 1);
        String sql = FunctionBinder.sql("trunc", arguments);
        return level == null || !level.isCalendar() ? new Constant(null, AtomicType.DATE, sql)
                : new DateTruncation(date, level, AtomicType.DATE, sql);
    }

    /** The unit of a string literal, or null for NULL or a unit Spark does not know. */
    private static Level level(ExpressionBinder binder, FunctionCall call, int index) {
        Expression unit = call.arguments().get(index);
        if (unit instanceof Expression.Literal literal && (literal.value() == null || literal.value() instanceof String)) {
            return literal.value() == null ? null : Level.of((String) literal.value());
        }
        throw binder.error("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT", "the unit of " + call.sql()
                + " must be a string literal, not " + unit.sql() + ".", unit.position());
    }

    @Override
    long apply(long value, ZoneId zone) {
        if (dates) {
            return truncateDay(value);
        }
        if (level.isCalendar()) {
            return days.startOf(truncateDay(days.dayOf(value, zone)), zone);
        }
        if (level.compareTo(Level.SECOND) <= 0) {
            // zone offsets are whole seconds, so these need no zone
            return value - Math.floorMod(value, level.micros());
        }
        long local = days.localMicros(value, zone);
        long intoUnit = Math.floorMod(local, level.micros());
        // keep the value's own offset when the truncated time has it too, as ZonedDateTime.truncatedTo does
        long sameOffset = value - intoUnit;
        return days.localMicros(sameOffset, zone) == local - intoUnit ? sameOffset
                : days.instantOf(local - intoUnit, zone);
    }

    private long truncateDay(long day) {
        return switch (level) {
            case WEEK -> day - CivilDays.isoDayOfWeek(day) + 1;
            case MONTH -> day - CivilDays.dayOfMonth(day) + 1;
            case QUARTER -> CivilDays.daysOf(CivilDays.year(day), (CivilDays.month(day) - 1) / 3 * 3 + 1, 1);
            default -> CivilDays.firstOfJanuary(CivilDays.year(day));
        };
    }
}
