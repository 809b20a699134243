package dev.arus.engine.expr.window;

import dev.arus.engine.expr.BoundExpression;

/**
 * One key of a {@code groupBy}: a time window over a timestamp column, a session window over one,
 * or the value of an expression. {@code ExpressionAnalyzer.bindGroupingKey} makes them.
 */
public sealed interface GroupingKey {

    /** The output column name: {@code window} for a window, else the alias or Spark's auto name. */
    String name();

    /**
     * Spark's {@code window(timeColumn, size, slide, startTime)}: windows {@code [start, start +
     * size)} whose starts are {@code startMicros} plus multiples of {@code slideMicros} from the
     * epoch; tumbling when slide equals size. A row belongs to every window containing its time.
     */
    record WindowKey(BoundExpression timeColumn, long sizeMicros, long slideMicros, long startMicros, String name)
            implements GroupingKey {

        public boolean isTumbling() {
            return sizeMicros == slideMicros;
        }

        /**
         * The start of the latest window that contains {@code timestampMicros}; the others start
         * at earlier multiples of the slide, down to (exclusive) {@code timestampMicros - size}.
         * Rounds towards negative infinity, so times before the epoch align too (Spark 3.4+).
         */
        public long latestWindowStart(long timestampMicros) {
            return timestampMicros - Math.floorMod(timestampMicros - startMicros, slideMicros);
        }
    }

    /**
     * Spark's {@code session_window(timeColumn, gap)}: each row opens the session {@code [time,
     * time + gap)}, and sessions of one group that overlap or touch merge into one, whose end is
     * the latest of their ends. A row without a time or a positive gap belongs to no session.
     */
    record SessionKey(BoundExpression timeColumn, Gap gap, String name) implements GroupingKey {

        /** How long a row keeps its session open: the same for every row, or read from each row. */
        public sealed interface Gap {
        }

        /** A gap given as a constant interval, positive. */
        public record FixedGap(long micros) implements Gap {
        }

        /**
         * A gap given by an expression of interval strings, such as {@code CASE WHEN ... THEN
         * '1 minute' ... END}; a NULL, unparsable, zero or negative gap leaves the row out.
         */
        public record GapPerRow(BoundExpression intervals) implements Gap {
        }
    }

    /** A plain grouping expression, such as {@code value % 3}. */
    record ValueKey(BoundExpression expression, String name) implements GroupingKey {
    }
}
