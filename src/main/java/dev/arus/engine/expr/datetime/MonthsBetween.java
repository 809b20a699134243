package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.calendar.CivilDays;
import dev.arus.engine.expr.calendar.LocalDays;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code months_between(t1, t2[, roundOff])}, Spark's {@code DateTimeUtils.monthsBetween}: the
 * whole months between the two local dates in the session zone, plus, unless both fall on the
 * same day of the month or both on the last day of their months, the difference of days and
 * seconds counted in months of 31 days. Rounded to 8 decimal places unless {@code roundOff} is
 * false. Spark names the two-argument form with {@code true} as its third argument.
 */
final class MonthsBetween extends BoundNode {

    private static final long SECONDS_PER_DAY = 86_400L;
    private static final double SECONDS_PER_31_DAYS = 31 * SECONDS_PER_DAY;

    private final BoundExpression first;
    private final BoundExpression second;
    private final BoundExpression roundOff;
    private final LocalDays days = new LocalDays();

    private MonthsBetween(BoundExpression first, BoundExpression second, BoundExpression roundOff, String sql) {
        super(AtomicType.DOUBLE, first.nullable() || second.nullable() || roundOff.nullable(), sql);
        this.first = first;
        this.second = second;
        this.roundOff = roundOff;
    }

    static BoundExpression bind(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        List<BoundExpression> named = new ArrayList<>(arguments);
        if (named.size() == 2) {
            named.add(new Constant(true, AtomicType.BOOLEAN, "true"));
        }
        BoundExpression first = binder.require(call.sql(), call.position(), "first", named.get(0),
                InputType.TIMESTAMP);
        BoundExpression second = binder.require(call.sql(), call.position(), "second", named.get(1),
                InputType.TIMESTAMP);
        BoundExpression roundOff = binder.require(call.sql(), call.position(), "third", named.get(2),
                InputType.BOOLEAN);
        return new MonthsBetween(first, second, roundOff, FunctionBinder.sql("months_between", named));
    }

    @Override
    public DoubleVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector a = (LongVector) first.evaluate(input, context);
        LongVector b = (LongVector) second.evaluate(input, context);
        BooleanVector round = (BooleanVector) roundOff.evaluate(input, context);
        int size = input.size();
        DoubleVector result = output(size);
        boolean nulls = NullMasks.propagate(result, a, b, size) | NullMasks.propagate(result, round, size);
        long[] left = a.values();
        long[] right = b.values();
        boolean[] rounded = round.values();
        double[] out = result.values();
        ZoneId zone = context.timeZone();
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                double months = monthsBetween(left[i], right[i], zone);
                out[i] = rounded[i] ? Math.round(months * 1e8) / 1e8 : months;
            }
        }
        return result;
    }

    private double monthsBetween(long micros1, long micros2, ZoneId zone) {
        long day1 = days.dayOf(micros1, zone);
        long day2 = days.dayOf(micros2, zone);
        int dayOfMonth1 = CivilDays.dayOfMonth(day1);
        int dayOfMonth2 = CivilDays.dayOfMonth(day2);
        double monthDiff = (CivilDays.year(day1) * 12L + CivilDays.month(day1))
                - (CivilDays.year(day2) * 12L + CivilDays.month(day2));
        if (dayOfMonth1 == dayOfMonth2
                || day1 == CivilDays.lastDayOfMonth(day1) && day2 == CivilDays.lastDayOfMonth(day2)) {
            return monthDiff;
        }
        // seconds, not microseconds, as Spark (after Hive) counts them
        long secondsInDay1 = (micros1 - days.startOf(day1, zone)) / LocalDays.MICROS_PER_SECOND;
        long secondsInDay2 = (micros2 - days.startOf(day2, zone)) / LocalDays.MICROS_PER_SECOND;
        long secondsDiff = (dayOfMonth1 - dayOfMonth2) * SECONDS_PER_DAY + secondsInDay1 - secondsInDay2;
        return monthDiff + secondsDiff / SECONDS_PER_31_DAYS;
    }
}
