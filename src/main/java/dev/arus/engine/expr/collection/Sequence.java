package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import dev.arus.engine.expr.calendar.LocalDays;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Spark's {@code sequence(start, stop[, step])}: the values from {@code start} to {@code stop}
 * (both included when the steps reach it) by {@code step}: integers of one type (the step 1 or -1
 * when left out), dates by whole days, or timestamps (by a day in the session zone when left out;
 * an interval's days move the wall clock by days, as Spark's calendar arithmetic does across
 * daylight saving, its rest by microseconds). A step that leads away from {@code stop} fails as
 * Spark's {@code require} does ("Illegal sequence boundaries"), an array longer than Spark's
 * limit with COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER.
 */
final class Sequence extends BoundNode {

    /** Spark's {@code ByteArrayMethods.MAX_ROUNDED_ARRAY_LENGTH}. */
    static final int MAX_LENGTH = Integer.MAX_VALUE - 15;

    private static final long MICROS_PER_DAY = LocalDays.MICROS_PER_DAY;

    private final BoundExpression start;
    private final BoundExpression stop;
    private final BoundExpression step;
    private final DataType elementType;

    private Sequence(BoundExpression start, BoundExpression stop, BoundExpression step, String sql) {
        super(new ArrayType(start.dataType(), false), start.nullable() || stop.nullable()
                || step != null && step.nullable(), sql);
        this.start = start;
        this.stop = stop;
        this.step = step;
        this.elementType = start.dataType();
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("sequence", arguments);
        List<BoundExpression> coerced = coerce(arguments);
        BoundExpression start = coerced.get(0);
        BoundExpression stop = coerced.get(1);
        BoundExpression step = coerced.size() == 3 ? coerced.get(2) : null;
        DataType type = start.dataType();
        boolean typesCorrect = type.equals(stop.dataType()) && (type.isIntegral()
                ? step == null || step.dataType().equals(type)
                : (type == AtomicType.DATE || type == AtomicType.TIMESTAMP)
                        && (step == null || step.dataType() instanceof DayTimeIntervalType));
        if (!typesCorrect) {
            throw binder.mismatch("SEQUENCE_WRONG_INPUT_TYPES", sql, "`sequence` uses the wrong parameter type. The"
                    + " parameter type must conform to:\n1. The start and stop expressions must resolve to the same"
                    + " type.\n2. If start and stop expressions resolve to the (\"TIMESTAMP\" or \"TIMESTAMP_NTZ\" or"
                    + " \"DATE\") type, then the step expression must resolve to the (\"INTERVAL\" or \"INTERVAL YEAR"
                    + " TO MONTH\" or \"INTERVAL DAY TO SECOND\") type.\n3. Otherwise, if start and stop expressions"
                    + " resolve to the \"INTEGRAL\" type, then the step expression must resolve to the same type.",
                    call.position());
        }
        return new Sequence(start, stop, step, sql);
    }

    /** Spark's coercion of a sequence: its typed arguments cast to their wider type when they differ. */
    private static List<BoundExpression> coerce(List<BoundExpression> arguments) {
        List<DataType> types = arguments.stream().map(BoundExpression::dataType)
                .filter(type -> type != AtomicType.NULL).toList();
        if (types.stream().distinct().count() <= 1) {
            return arguments;
        }
        DataType wider = TypeCoercion.widerCommonType(types);
        if (wider == null) {
            return arguments;
        }
        List<BoundExpression> cast = new ArrayList<>();
        for (BoundExpression argument : arguments) {
            cast.add(argument.dataType() == AtomicType.NULL ? argument : TypeCoercion.implicitCast(argument, wider));
        }
        return cast;
    }

    @Override
    public ArrayVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector starts = (LongVector) start.evaluate(input, context);
        LongVector stops = (LongVector) stop.evaluate(input, context);
        LongVector steps = step == null ? null : (LongVector) step.evaluate(input, context);
        int size = input.size();
        ArrayVector result = output(size);
        for (int i = 0; i < size; i++) {
            if (starts.isNull(i) || stops.isNull(i) || steps != null && steps.isNull(i)) {
                result.setNull(i);
                continue;
            }
            long from = starts.values()[i];
            long to = stops.values()[i];
            if (elementType.isIntegral()) {
                integers(result, i, from, to, steps == null ? (from <= to ? 1 : -1) : steps.values()[i],
                        steps == null ? null : Long.toString(steps.values()[i]));
            } else if (elementType == AtomicType.DATE) {
                dates(result, i, from, to, steps == null ? null : steps.values()[i]);
            } else {
                timestamps(result, i, from, to, steps == null ? null : steps.values()[i], context.timeZone());
            }
        }
        return result;
    }

    /** Spark's {@code IntegralSequenceImpl}: {@code start + step * k}, every one within the element type. */
    private void integers(ArrayVector result, int row, long from, long to, long by, String shownStep) {
        int length = length(from, to, by, shownStep == null ? Long.toString(by) : shownStep);
        int at = result.appendRow(row, length);
        long[] values = ((LongVector) result.elements()).values();
        for (int k = 0; k < length; k++) {
            values[at + k] = from + by * k;
        }
    }

    /** Dates step by whole days; an interval with a part of a day is refused, as Spark refuses it. */
    private void dates(ArrayVector result, int row, long from, long to, Long intervalMicros) {
        if (intervalMicros == null) {
            integers(result, row, from, to, from <= to ? 1 : -1, null);
            return;
        }
        if (intervalMicros % MICROS_PER_DAY != 0) {
            throw EvaluationException.unclassified("ILLEGAL_SEQUENCE_STEP", "sequence step must be an interval day to"
                    + " second of day granularity if start and end values are dates");
        }
        integers(result, row, from, to, intervalMicros / MICROS_PER_DAY, null);
    }

    /**
     * Spark's {@code TemporalSequenceImpl} and {@code DurationSequenceImpl} for timestamps: a step
     * of microseconds only counts in microseconds; one with days (the default is one day) adds
     * them to the wall clock of the session zone, element {@code k} being {@code start} plus
     * {@code k} times the step.
     */
    private void timestamps(ArrayVector result, int row, long from, long to, Long intervalMicros, ZoneId zone) {
        long stepMicros = intervalMicros == null ? MICROS_PER_DAY : intervalMicros;
        long days = stepMicros / MICROS_PER_DAY;
        long micros = stepMicros - days * MICROS_PER_DAY;
        if (intervalMicros != null && days == 0) {
            integers(result, row, from, to, micros, null);
            return;
        }
        if (intervalMicros == null && from > to) {
            days = -1;
        }
        long estimatedStep = micros + days * MICROS_PER_DAY;
        String shownStep = intervalMicros == null ? days + " days" : Long.toString(intervalMicros);
        int maximum = length(from, to, estimatedStep, shownStep);
        int sign = estimatedStep > 0 ? 1 : -1;
        long exclusive = to + sign;
        long[] values = new long[maximum];
        int count = 0;
        long t = from;
        while (count < maximum && (t < exclusive ^ sign < 0)) {
            values[count++] = t;
            t = addDays(from, count * days, count * micros, zone);
        }
        int at = result.appendRow(row, count);
        System.arraycopy(values, 0, ((LongVector) result.elements()).values(), at, count);
    }

    /** Spark's {@code timestampAddInterval} without months: days on the wall clock, then microseconds. */
    private static long addDays(long micros, long days, long extra, ZoneId zone) {
        if (zone.getRules().isFixedOffset()) {
            return micros + days * MICROS_PER_DAY + extra;
        }
        ZonedDateTime time = ZonedDateTime.ofInstant(Instant.EPOCH.plus(micros, ChronoUnit.MICROS), zone)
                .plusDays(days);
        Instant shifted = time.toInstant();
        return Math.addExact(shifted.getEpochSecond() * 1_000_000L, shifted.getNano() / 1000) + extra;
    }

    /** Spark's {@code getSequenceLength}: the number of steps, checked for direction and for size. */
    private static int length(long from, long to, long by, String shownStep) {
        if (!(by > 0 && from <= to || by < 0 && from >= to || by == 0 && from == to)) {
            throw EvaluationException.unclassified("ILLEGAL_SEQUENCE_BOUNDARIES", "requirement failed: Illegal"
                    + " sequence boundaries: " + from + " to " + to + " by " + shownStep);
        }
        long length = from == to ? 1 : 1 + (to - from) / by;
        if (length > MAX_LENGTH) {
            throw EvaluationException.collectionSizeLimit(length, MAX_LENGTH, "count", "sequence");
        }
        return (int) length;
    }
}
