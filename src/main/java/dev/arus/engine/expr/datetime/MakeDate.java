package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
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
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.IntStream;

/**
 * {@code make_date(year, month, day)} from three INTs. Under ANSI mode a field out of range, or a
 * day the month lacks, raises DATETIME_FIELD_OUT_OF_BOUNDS.WITH_SUGGESTION with Java's wording, as Spark does.
 */
final class MakeDate extends BoundNode {

    /** The years {@code java.time.LocalDate} holds, which Spark's checks follow. */
    private static final long MAX_YEAR = 999_999_999L;

    private final BoundExpression year;
    private final BoundExpression month;
    private final BoundExpression day;

    private MakeDate(BoundExpression year, BoundExpression month, BoundExpression day, String sql) {
        super(AtomicType.DATE, year.nullable() || month.nullable() || day.nullable(), sql);
        this.year = year;
        this.month = month;
        this.day = day;
    }

    static BoundExpression bind(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        List<BoundExpression> fields = integers(call, arguments, binder);
        return new MakeDate(fields.get(0), fields.get(1), fields.get(2), FunctionBinder.sql("make_date", arguments));
    }

    /** The arguments as INTs, each cast as Spark's implicit casts would. */
    static List<BoundExpression> integers(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        InputType integer = InputType.of(AtomicType.INT);
        return IntStream.range(0, arguments.size()).mapToObj(i -> binder.require(call.sql(),
                call.position(), ExpressionBinder.ordinal(i), arguments.get(i), integer)).toList();
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector years = (LongVector) year.evaluate(input, context);
        LongVector months = (LongVector) month.evaluate(input, context);
        LongVector days = (LongVector) day.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = NullMasks.propagate(result, years, months, size) | NullMasks.propagate(result, days, size);
        long[] y = years.values();
        long[] m = months.values();
        long[] d = days.values();
        long[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                out[i] = day(y[i], m[i], d[i]);
            }
        }
        return result;
    }

    /** The day since the epoch of a civil date, or Spark's ANSI error naming the field out of range. */
    static long day(long year, long month, long day) {
        if (Math.abs(year) > MAX_YEAR || month < 1 || month > 12 || day < 1
                || day > CivilDays.lengthOfMonth(year, (int) month)) {
            try {
                LocalDate.of((int) year, (int) month, (int) day);
            } catch (DateTimeException e) {
                throw EvaluationException.datetimeFieldOutOfBounds(e.getMessage());
            }
        }
        return CivilDays.daysOf(year, (int) month, (int) day);
    }
}
