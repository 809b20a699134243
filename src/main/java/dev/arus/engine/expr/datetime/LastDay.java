package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.calendar.CivilDays;
import java.time.ZoneId;
import java.util.List;

/** {@code last_day(date)}: the last day of the date's month. */
final class LastDay extends UnaryLongFunction {

    private LastDay(BoundExpression date, String sql) {
        super(date, AtomicType.DATE, sql);
    }

    static BoundExpression bind(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        BoundExpression date = binder.require(call.sql(), call.position(), "first", arguments.get(0), InputType.DATE);
        return new LastDay(date, FunctionBinder.sql("last_day", arguments));
    }

    @Override
    long apply(long day, ZoneId zone) {
        return CivilDays.lastDayOfMonth(day);
    }
}
