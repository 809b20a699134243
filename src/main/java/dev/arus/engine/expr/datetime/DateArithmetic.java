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
import dev.arus.engine.expr.bind.TypeCoercion;
import dev.arus.engine.expr.calendar.CivilDays;
import java.util.List;
import java.util.Set;

/**
 * Day and month arithmetic on dates: {@code date_add} and {@code date_sub} (days as INT, SMALLINT
 * or TINYINT, added as Spark adds ints, wrapping), {@code datediff(end, start)} in days, and
 * {@code add_months}, which keeps the day of the month unless the target month is shorter, then
 * gives its last day. A timestamp or string where a date is expected is cast to a DATE as Spark's
 * coercion casts it.
 */
public final class DateArithmetic extends BinaryLongFunction {

    /** Spark's DateAdd and DateSub expect these exactly, with no implicit cast. */
    private static final Set<DataType> DAY_COUNTS = Set.of(AtomicType.INT, AtomicType.SHORT, AtomicType.BYTE);

    enum Operation { DATE_ADD, DATE_SUB, DATEDIFF, ADD_MONTHS }

    private final Operation operation;

    private DateArithmetic(Operation operation, BoundExpression left, BoundExpression right, DataType type,
            String sql) {
        super(left, right, type, sql);
        this.operation = operation;
    }

    static BoundExpression bindDateAdd(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return days(Operation.DATE_ADD, "date_add", call, arguments, binder);
    }

    static BoundExpression bindDateSub(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return days(Operation.DATE_SUB, "date_sub", call, arguments, binder);
    }

    static BoundExpression bindDateDiff(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        BoundExpression end = date(call, arguments.get(0), "first", binder);
        BoundExpression start = date(call, arguments.get(1), "second", binder);
        return new DateArithmetic(Operation.DATEDIFF, end, start, AtomicType.INT,
                FunctionBinder.sql("datediff", arguments));
    }

    static BoundExpression bindAddMonths(FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        BoundExpression start = date(call, arguments.get(0), "first", binder);
        BoundExpression months = binder.require(call.sql(), call.position(), "second", arguments.get(1),
                InputType.of(AtomicType.INT));
        return new DateArithmetic(Operation.ADD_MONTHS, start, months, AtomicType.DATE,
                FunctionBinder.sql("add_months", arguments));
    }

    private static BoundExpression days(Operation operation, String name, FunctionCall call,
            List<BoundExpression> arguments, ExpressionBinder binder) {
        BoundExpression start = date(call, arguments.get(0), "first", binder);
        BoundExpression days = dayCount(name, call, arguments.get(1), binder);
        List<BoundExpression> named = List.of(arguments.get(0), days);
        return new DateArithmetic(operation, start, days, AtomicType.DATE, FunctionBinder.sql(name, named));
    }

    private static BoundExpression date(FunctionCall call, BoundExpression value, String ordinal,
            ExpressionBinder binder) {
        return binder.require(call.sql(), call.position(), ordinal, value, InputType.DATE);
    }

    /**
     * The days of date_add and date_sub: an INT, SMALLINT or TINYINT as it is, a NULL, or a string
     * literal read as an INT when the query is analysed (Spark's {@code StringLiteralCoercion}).
     */
    private static BoundExpression dayCount(String name, FunctionCall call, BoundExpression days,
            ExpressionBinder binder) {
        if (call.arguments().get(1) instanceof Expression.Literal literal && literal.value() instanceof String text) {
            try {
                int value = Integer.parseInt(text.trim());
                return new Constant(value, AtomicType.INT, Integer.toString(value));
            } catch (NumberFormatException e) {
                throw binder.error("SECOND_FUNCTION_ARGUMENT_NOT_INTEGER", "The second argument of `" + name
                        + "` function needs to be an integer.", literal.position());
            }
        }
        return dayCount(binder, call.sql(), call.position(), days);
    }

    /**
     * The days of Spark's {@code DateAdd} and {@code DateSub}, which expect their input types
     * without casting them: an INT, SMALLINT or TINYINT as it is, a NULL as an INT; anything else,
     * a BIGINT included ({@code date + bigint} too), is refused naming {@code sql}.
     */
    public static BoundExpression dayCount(ExpressionBinder binder, String sql, int position, BoundExpression days) {
        if (DAY_COUNTS.contains(days.dataType())) {
            return days;
        }
        if (days.dataType() == AtomicType.NULL) {
            return TypeCoercion.implicitCast(days, AtomicType.INT);
        }
        throw binder.unexpectedType(sql, position, "second", "(\"INT\" or \"SMALLINT\" or \"TINYINT\")", days);
    }

    @Override
    long apply(long left, long right) {
        return switch (operation) {
            case DATE_ADD -> (int) (left + right);
            case DATE_SUB -> (int) (left - right);
            case DATEDIFF -> left - right;
            case ADD_MONTHS -> addMonths(left, right);
        };
    }

    /** Java's {@code LocalDate.plusMonths}, as Spark's {@code dateAddMonths}, without making a date. */
    static long addMonths(long day, long months) {
        long monthIndex = CivilDays.year(day) * 12L + CivilDays.month(day) - 1 + months;
        long year = Math.floorDiv(monthIndex, 12);
        int month = (int) Math.floorMod(monthIndex, 12) + 1;
        int dayOfMonth = Math.min(CivilDays.dayOfMonth(day), CivilDays.lengthOfMonth(year, month));
        return CivilDays.daysOf(year, month, dayOfMonth);
    }
}
