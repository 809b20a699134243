package dev.arus.engine.expr.window;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.datetime.WindowTime;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.IntervalParser;
import java.util.List;

/**
 * Binds {@code window(timeColumn, windowDuration[, slideDuration[, startTime]])} with Spark's
 * {@code TimeWindow} checks: a TIMESTAMP time column, positive durations, a slide no longer than
 * the window and a start time shorter than the slide. Durations are interval strings or literals.
 */
public final class WindowBinder {

    private WindowBinder() {
    }

    public static GroupingKey.WindowKey bind(ExpressionBinder binder, FunctionCall call, String name) {
        List<Expression> arguments = call.arguments();
        if (arguments.size() < 2 || arguments.size() > 4) {
            throw binder.error("WRONG_NUM_ARGS.WITHOUT_SUGGESTION", "The `window` requires [2, 4] parameters but the"
                    + " actual number is " + arguments.size() + ".", call.position());
        }
        BoundExpression time = binder.bind(arguments.get(0));
        if (time.dataType().equals(StructType.WINDOW)) {
            // Spark's TimeWindowing: a window of windows is a window of their window_time.
            time = new WindowTime(time, SqlText.function("window_time", List.of(time.sql())));
        }
        if (time.dataType() != AtomicType.TIMESTAMP) {
            throw binder.unexpectedType(call.sql(), call.position(), "first", "(\"TIMESTAMP\" or \"TIMESTAMP_NTZ\")",
                    time);
        }
        long size = duration(binder, arguments.get(1), "window duration");
        long slide = arguments.size() > 2 ? duration(binder, arguments.get(2), "slide duration") : size;
        long start = arguments.size() > 3 ? duration(binder, arguments.get(3), "start time") : 0;
        if (size <= 0) {
            throw invalid(binder, call, "The window duration (" + size + ") must be greater than 0.");
        }
        if (slide <= 0) {
            throw invalid(binder, call, "The slide duration (" + slide + ") must be greater than 0.");
        }
        if (slide > size) {
            throw invalid(binder, call, "The slide duration (" + slide + ") must be less than or equal to the"
                    + " windowDuration (" + size + ").");
        }
        if (Math.abs(start) >= slide) {
            throw invalid(binder, call, "The absolute value of start time (" + start + ") must be less than the"
                    + " slideDuration (" + slide + ").");
        }
        return new GroupingKey.WindowKey(time, size, slide, start, name);
    }

    private static long duration(ExpressionBinder binder, Expression argument, String what) {
        if (argument instanceof Expression.Literal literal && literal.intervalMicros().isPresent()) {
            return literal.intervalMicros().getAsLong();
        }
        if (argument instanceof Expression.Literal literal && literal.value() instanceof String text) {
            try {
                return IntervalParser.parseMicros(text);
            } catch (ArusException e) {
                throw binder.error("DATATYPE_MISMATCH.INVALID_WINDOW_DURATION", "The " + what + " '" + text
                        + "' is not a valid interval: " + e.getMessage(), argument.position());
            }
        }
        throw binder.error("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT", "The " + what + " of window(...) must be an"
                + " interval string such as '10 seconds', not " + argument.sql() + ".", argument.position());
    }

    private static dev.arus.engine.streaming.AnalysisException invalid(ExpressionBinder binder, FunctionCall call,
            String detail) {
        return binder.mismatch("INVALID_WINDOW", call.sql(), detail, call.position());
    }
}
