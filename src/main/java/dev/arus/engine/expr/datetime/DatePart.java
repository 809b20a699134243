package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType.IntervalField;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.ScalarFunction;
import dev.arus.engine.expr.calendar.CivilDays;
import dev.arus.engine.expr.calendar.LocalDays;
import dev.arus.engine.streaming.AnalysisException;
import java.util.Locale;

/**
 * {@code extract(field FROM source)}, Spark's {@code DatePart.parseExtractField}: a calendar or
 * clock field of a date or timestamp (in the session zone), or a field of a day-time interval.
 * Fields and their synonyms are Spark's: YEAR, YEAROFWEEK, QUARTER, MONTH, WEEK (ISO), DAY,
 * DAYOFWEEK or DOW (1 is Sunday), DAYOFWEEK_ISO or DOW_ISO (1 is Monday), DOY, HOUR, MINUTE, and
 * SECOND with its fraction as a {@code DECIMAL(8,6)}. A string source is read as a date for the
 * calendar fields and a timestamp for the clock ones, as Spark's implicit casts read it. Named
 * {@code extract(field FROM source)}, the field as written.
 */
public final class DatePart extends BoundNode {

    private static final DecimalType SECONDS = new DecimalType(8, 6);

    enum Part {
        YEAR, YEAROFWEEK, QUARTER, MONTH, WEEK, DAY, DAYOFWEEK, DAYOFWEEK_ISO, DOY,
        /** 0 for Monday to 6 for Sunday, the {@code weekday} function's; no extract field. */
        WEEKDAY,
        HOUR, MINUTE, SECOND,
        /** The whole seconds of the minute, the {@code second} function's INT; no extract field. */
        WHOLE_SECOND;

        boolean isClock() {
            return compareTo(HOUR) >= 0;
        }

        static Part of(String field) {
            return switch (field.toUpperCase(Locale.ROOT)) {
                case "YEAR", "Y", "YEARS", "YR", "YRS" -> YEAR;
                case "YEAROFWEEK" -> YEAROFWEEK;
                case "QUARTER", "QTR" -> QUARTER;
                case "MONTH", "MON", "MONS", "MONTHS" -> MONTH;
                case "WEEK", "W", "WEEKS" -> WEEK;
                case "DAY", "D", "DAYS" -> DAY;
                case "DAYOFWEEK", "DOW" -> DAYOFWEEK;
                case "DAYOFWEEK_ISO", "DOW_ISO" -> DAYOFWEEK_ISO;
                case "DOY" -> DOY;
                case "HOUR", "H", "HOURS", "HR", "HRS" -> HOUR;
                case "MINUTE", "M", "MIN", "MINS", "MINUTES" -> MINUTE;
                case "SECOND", "S", "SEC", "SECONDS", "SECS" -> SECOND;
                default -> null;
            };
        }
    }

    private final Part part;
    private final BoundExpression source;
    private final boolean interval;
    private final LocalDays days = new LocalDays();

    private DatePart(Part part, BoundExpression source, DataType type, String sql) {
        super(type, source.nullable(), sql);
        this.part = part;
        this.source = source;
        this.interval = source.dataType() instanceof DayTimeIntervalType;
    }

    public static BoundExpression bind(ExpressionBinder binder, Expression.Extract extract) {
        BoundExpression source = binder.bind(extract.source());
        String sql = SqlText.extract(extract.field(), source.sql());
        Part part = Part.of(extract.field());
        DataType type = source.dataType();
        if (type instanceof DayTimeIntervalType interval) {
            IntervalField field = part == null ? null : switch (part) {
                case DAY -> IntervalField.DAY;
                case HOUR -> IntervalField.HOUR;
                case MINUTE -> IntervalField.MINUTE;
                case SECOND -> IntervalField.SECOND;
                default -> null;
            };
            if (field == null || field.compareTo(interval.startField()) < 0
                    || field.compareTo(interval.endField()) > 0) {
                throw invalidField(binder, extract, source);
            }
            DataType result = part == Part.DAY ? AtomicType.INT : part == Part.SECOND ? SECONDS : AtomicType.BYTE;
            return new DatePart(part, source, result, sql);
        }
        if (part == null) {
            throw invalidField(binder, extract, source);
        }
        InputType wanted = part.isClock() ? InputType.TIMESTAMP : InputType.anyOf(InputType.DATE, InputType.TIMESTAMP);
        BoundExpression value = binder.require(sql, extract.position(), "first", source, wanted);
        return new DatePart(part, value, part == Part.SECOND ? SECONDS : AtomicType.INT, sql);
    }

    /**
     * The one-field functions, Spark's {@code GetDateField} and {@code GetTimeField}: an INT named
     * as called ({@code year(ts)}, {@code day(dt)}). Calendar fields take a DATE and clock fields a
     * TIMESTAMP, other types cast to it as Spark's implicit casts do.
     */
    static ScalarFunction.Binding function(String name, Part part) {
        InputType wanted = part.isClock() ? InputType.TIMESTAMP : InputType.DATE;
        return (call, arguments, binder) -> {
            BoundExpression value = binder.require(call.sql(), call.position(), "first", arguments.get(0), wanted);
            return new DatePart(part, value, AtomicType.INT, FunctionBinder.sql(name, arguments));
        };
    }

    private static AnalysisException invalidField(ExpressionBinder binder,
            Expression.Extract extract, BoundExpression source) {
        return binder.error("INVALID_EXTRACT_FIELD", "Cannot extract " + extract.field() + " from " + source.sql()
                + ".", extract.position());
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector values = (LongVector) source.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = NullMasks.propagate(result, values, size);
        long[] in = values.values();
        long[] out = result.values();
        boolean timestamps = source.dataType() == AtomicType.TIMESTAMP;
        for (int i = 0; i < size; i++) {
            if (nulls && result.isNull(i)) {
                continue;
            }
            if (interval) {
                out[i] = intervalPart(in[i]);
            } else if (part.isClock()) {
                long local = days.localMicros(in[i], context.timeZone());
                out[i] = clockPart(Math.floorMod(local, LocalDays.MICROS_PER_DAY));
            } else {
                out[i] = calendarPart(timestamps ? days.dayOf(in[i], context.timeZone()) : in[i]);
            }
        }
        return result;
    }

    private long calendarPart(long day) {
        return switch (part) {
            case YEAR -> CivilDays.year(day);
            case YEAROFWEEK -> CivilDays.isoWeekYear(day);
            case QUARTER -> (CivilDays.month(day) - 1) / 3 + 1;
            case MONTH -> CivilDays.month(day);
            case WEEK -> CivilDays.isoWeek(day);
            case DAY -> CivilDays.dayOfMonth(day);
            case DAYOFWEEK -> CivilDays.dayOfWeek(day);
            case DAYOFWEEK_ISO -> CivilDays.isoDayOfWeek(day);
            case WEEKDAY -> CivilDays.isoDayOfWeek(day) - 1;
            default -> CivilDays.dayOfYear(day);
        };
    }

    /** A clock field of the microseconds since local midnight; seconds as the unscaled DECIMAL(8,6). */
    private long clockPart(long microsOfDay) {
        return switch (part) {
            case HOUR -> microsOfDay / IntervalField.HOUR.micros();
            case MINUTE -> microsOfDay % IntervalField.HOUR.micros() / IntervalField.MINUTE.micros();
            case WHOLE_SECOND -> microsOfDay % IntervalField.MINUTE.micros() / LocalDays.MICROS_PER_SECOND;
            default -> microsOfDay % IntervalField.MINUTE.micros();
        };
    }

    /** Spark's {@code ExtractANSIInterval*}: the field's share of the interval, its sign kept. */
    private long intervalPart(long micros) {
        return switch (part) {
            case DAY -> micros / IntervalField.DAY.micros();
            case HOUR -> micros % IntervalField.DAY.micros() / IntervalField.HOUR.micros();
            case MINUTE -> micros % IntervalField.HOUR.micros() / IntervalField.MINUTE.micros();
            default -> micros % IntervalField.MINUTE.micros();
        };
    }
}
