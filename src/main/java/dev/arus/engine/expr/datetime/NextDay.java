package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
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
import dev.arus.engine.expr.calendar.CivilDays;
import java.util.List;
import java.util.Locale;

/**
 * {@code next_day(date, dayOfWeek)}: the first date after {@code date} that falls on the named
 * day, which is Spark's two-letter, three-letter or full English name in any case ({@code MO},
 * {@code Mon}, {@code monday}). Under ANSI mode another name raises ILLEGAL_DAY_OF_WEEK.
 */
final class NextDay extends BoundNode {

    private final BoundExpression date;
    private final BoundExpression dayName;
    /** The last name read and its ISO day of the week, so that a repeated name is read once. */
    private String lastName;
    private int lastIsoDay;

    private NextDay(BoundExpression date, BoundExpression dayName, String sql) {
        super(AtomicType.DATE, date.nullable() || dayName.nullable(), sql);
        this.date = date;
        this.dayName = dayName;
    }

    static BoundExpression bind(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        BoundExpression date = binder.require(call.sql(), call.position(), "first", arguments.get(0), InputType.DATE);
        BoundExpression name = binder.require(call.sql(), call.position(), "second", arguments.get(1),
                InputType.STRING);
        return new NextDay(date, name, FunctionBinder.sql("next_day", arguments));
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector days = (LongVector) date.evaluate(input, context);
        StringVector names = (StringVector) dayName.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = NullMasks.propagate(result, days, names, size);
        long[] in = days.values();
        String[] text = names.values();
        long[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                int current = CivilDays.isoDayOfWeek(in[i]);
                out[i] = in[i] + Math.floorMod(isoDay(text[i]) - current - 1, 7) + 1;
            }
        }
        return result;
    }

    private int isoDay(String name) {
        if (!name.equals(lastName)) {
            lastIsoDay = switch (name.toUpperCase(Locale.ROOT)) {
                case "MO", "MON", "MONDAY" -> 1;
                case "TU", "TUE", "TUESDAY" -> 2;
                case "WE", "WED", "WEDNESDAY" -> 3;
                case "TH", "THU", "THURSDAY" -> 4;
                case "FR", "FRI", "FRIDAY" -> 5;
                case "SA", "SAT", "SATURDAY" -> 6;
                case "SU", "SUN", "SUNDAY" -> 7;
                default -> throw EvaluationException.illegalDayOfWeek(name);
            };
            lastName = name;
        }
        return lastIsoDay;
    }
}
