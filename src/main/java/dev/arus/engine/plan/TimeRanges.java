package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.streaming.AnalysisException;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Spark's {@code StreamingJoinHelper.getStateValueWatermark}: from a join condition's time-range
 * conjuncts ({@code leftTime >= rightTime - INTERVAL 10 SECONDS}, and the like with {@code <},
 * {@code <=}, {@code >}, intervals added or subtracted), how far below the other side's watermark
 * a side's event time can be and still find a match: that side's rows at or before the watermark
 * plus that (negative) offset can match no future row. Each conjunct that bounds the side from
 * below gives one; the least wins. Non-strict comparisons give one millisecond less, as Spark's.
 */
final class TimeRanges {

    private static final long MILLISECOND = 1_000L;

    private TimeRanges() {
    }

    /** A sum of the two event times, each with a coefficient, and a constant, in microseconds. */
    private record Linear(long left, long right, long constant) {
        Linear plus(Linear other, long sign) {
            return new Linear(left + sign * other.left, right + sign * other.right, constant + sign * other.constant);
        }
    }

    /**
     * The offset from the watermark at or before which side {@code left ? left : right}'s rows
     * leave the state, or empty when no conjunct bounds that side from below.
     *
     * @param pairs            the left side's columns, then the right's
     * @param leftTime         the left side's event-time column in {@code pairs}
     * @param rightTime        the right side's event-time column in {@code pairs}
     */
    static OptionalLong stateOffset(List<Expression> conjuncts, Schema pairs, int leftTime, int rightTime,
                                    boolean left) {
        OptionalLong least = OptionalLong.empty();
        for (Expression conjunct : conjuncts) {
            if (!(conjunct instanceof Expression.Binary binary)) {
                continue;
            }
            BinaryOperator operator = binary.operator();
            boolean greater = operator == BinaryOperator.GREATER_THAN || operator == BinaryOperator.GREATER_THAN_OR_EQUAL;
            boolean less = operator == BinaryOperator.LESS_THAN || operator == BinaryOperator.LESS_THAN_OR_EQUAL;
            if (!greater && !less) {
                continue;
            }
            Linear a = linear(binary.left(), pairs, leftTime, rightTime);
            Linear b = linear(binary.right(), pairs, leftTime, rightTime);
            if (a == null || b == null) {
                continue;
            }
            // As "difference >= 0" (or "> 0").
            Linear difference = greater ? a.plus(b, -1) : b.plus(a, -1);
            long mine = left ? difference.left() : difference.right();
            long theirs = left ? difference.right() : difference.left();
            if (mine != 1 || theirs != -1) {
                continue;
            }
            // mine >= theirs - constant: rows at or before watermark - constant cannot match.
            boolean strict = operator == BinaryOperator.GREATER_THAN || operator == BinaryOperator.LESS_THAN;
            long offset = -difference.constant() - (strict ? 0 : MILLISECOND);
            least = least.isEmpty() || offset < least.getAsLong() ? OptionalLong.of(offset) : least;
        }
        return least;
    }

    /** The expression as a linear form of the two event times, or null when it is not one. */
    private static Linear linear(Expression expression, Schema pairs, int leftTime, int rightTime) {
        if (expression instanceof Expression.Literal literal && literal.intervalMicros().isPresent()) {
            return new Linear(0, 0, literal.intervalMicros().getAsLong());
        }
        if (expression instanceof Expression.ColumnReference) {
            OptionalInt column = column(expression, pairs);
            if (column.isPresent() && column.getAsInt() == leftTime) {
                return new Linear(1, 0, 0);
            }
            if (column.isPresent() && column.getAsInt() == rightTime) {
                return new Linear(0, 1, 0);
            }
            return null;
        }
        if (expression instanceof Expression.Binary binary
                && (binary.operator() == BinaryOperator.ADD || binary.operator() == BinaryOperator.SUBTRACT)) {
            Linear a = linear(binary.left(), pairs, leftTime, rightTime);
            Linear b = linear(binary.right(), pairs, leftTime, rightTime);
            return a == null || b == null ? null : a.plus(b, binary.operator() == BinaryOperator.ADD ? 1 : -1);
        }
        return null;
    }

    private static OptionalInt column(Expression reference, Schema pairs) {
        try {
            BoundExpression bound = ExpressionAnalyzer.bind(reference, pairs);
            return bound.inputOrdinal();
        } catch (AnalysisException unresolved) {
            return OptionalInt.empty();
        }
    }
}
