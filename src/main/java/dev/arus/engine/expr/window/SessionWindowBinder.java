package dev.arus.engine.expr.window;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
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
 * Binds {@code session_window(timeColumn, gapDuration)} as Spark's {@code SessionWindow}: a
 * TIMESTAMP time column (or a window, whose {@code window_time} it takes), and a gap that is an
 * interval (a literal or an interval string) or an expression of interval strings, one per row.
 * A constant gap must be a positive interval: Spark would silently leave every row out.
 */
public final class SessionWindowBinder {

    /** Arus's class for a constant gap that is no positive interval, which Spark accepts and matches no row with. */
    private static final String INVALID_SESSION_GAP = "INVALID_SESSION_GAP";

    private SessionWindowBinder() {
    }

    public static GroupingKey.SessionKey bind(ExpressionBinder binder, FunctionCall call, String name) {
        List<Expression> arguments = call.arguments();
        if (arguments.size() != 2) {
            throw binder.error("WRONG_NUM_ARGS.WITHOUT_SUGGESTION", "The `session_window` requires 2 parameters but"
                    + " the actual number is " + arguments.size() + ".", call.position());
        }
        BoundExpression time = binder.bind(arguments.get(0));
        if (time.dataType().equals(StructType.WINDOW)) {
            // Spark's SessionWindowing: a session of windows is a session of their window_time.
            time = new WindowTime(time, SqlText.function("window_time", List.of(time.sql())));
        }
        if (time.dataType() != AtomicType.TIMESTAMP) {
            throw binder.unexpectedType(call.sql(), call.position(), "first", "(\"TIMESTAMP\" or \"TIMESTAMP_NTZ\")",
                    time);
        }
        return new GroupingKey.SessionKey(time, gap(binder, arguments.get(1)), name);
    }

    private static GroupingKey.SessionKey.Gap gap(ExpressionBinder binder, Expression argument) {
        if (argument instanceof Expression.Literal literal && literal.intervalMicros().isPresent()) {
            return fixed(binder, argument, literal.intervalMicros().getAsLong(), literal.text());
        }
        if (argument instanceof Expression.Literal literal && literal.value() instanceof String text) {
            try {
                return fixed(binder, argument, IntervalParser.parseMicros(text), "'" + text + "'");
            } catch (ArusException e) {
                throw invalid(binder, argument, "'" + text + "' is not an interval: " + e.getMessage());
            }
        }
        BoundExpression gap = binder.bind(argument);
        if (gap.dataType() == AtomicType.STRING) {
            return new GroupingKey.SessionKey.GapPerRow(gap);
        }
        if (gap.dataType() == AtomicType.NULL) {
            throw invalid(binder, argument, "it is NULL.");
        }
        // Spark's sessionWindowGapDurationDataTypeError names the type as its DataType prints.
        throw new AnalysisException("_LEGACY_ERROR_TEMP_1040", "Gap duration expression used in session window must"
                + " be CalendarIntervalType, but got " + sparkTypeName(gap.dataType()) + ".", argument.position(),
                binder.rootSql());
    }

    private static GroupingKey.SessionKey.Gap fixed(ExpressionBinder binder, Expression argument, long micros,
            String text) {
        if (micros <= 0) {
            throw invalid(binder, argument, text + " is not positive.");
        }
        return new GroupingKey.SessionKey.FixedGap(micros);
    }

    private static AnalysisException invalid(ExpressionBinder binder, Expression argument, String why) {
        return binder.error(INVALID_SESSION_GAP, "The gap duration of session_window must be a positive interval,"
                + " such as '5 minutes', or an expression of interval strings; " + why, argument.position());
    }

    private static String sparkTypeName(DataType type) {
        if (!(type instanceof AtomicType atomic)) {
            return type.sql();
        }
        return switch (atomic) {
            case BOOLEAN -> "BooleanType";
            case INT -> "IntegerType";
            case LONG -> "LongType";
            case DOUBLE -> "DoubleType";
            case BINARY -> "BinaryType";
            case TIMESTAMP -> "TimestampType";
            default -> atomic.sql();
        };
    }
}
