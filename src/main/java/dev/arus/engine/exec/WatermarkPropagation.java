package dev.arus.engine.exec;

import java.util.Arrays;

/**
 * The watermark each stateful operator takes as its input, as Spark's
 * {@code PropagateWatermarkSimulator} gives it (Spark's default, with
 * {@code spark.sql.streaming.statefulOperator.allowMultiple}): the query's watermark leaves each
 * watermark operator, passes stateless operators as it is, and leaves a stateful operator as that
 * operator's {@link StatefulOperator#outputWatermarkShiftMicros output watermark} (a stream-stream
 * join's is lower); an operator fed by several takes the least of theirs, and one with no
 * watermark upstream takes none. As in Spark, an operator's input watermark is 0 while the query's
 * is 0, and never below 0. Each operator's is the query's watermark plus a fixed shift (0 or
 * less), so this keeps the shifts, by operator id. Immutable.
 */
public final class WatermarkPropagation {

    /** Every operator takes the query's watermark as it is. */
    public static final WatermarkPropagation UNSHIFTED = new WatermarkPropagation(null);

    /** The shift of an operator with no watermark upstream. */
    private static final long NONE = Long.MIN_VALUE;

    private final long[] shifts;

    private WatermarkPropagation(long[] shifts) {
        this.shifts = shifts;
    }

    /** The input watermark of operator {@code operatorId} when the query's is {@code queryWatermarkMicros}. */
    public long inputMicros(int operatorId, long queryWatermarkMicros) {
        if (shifts == null) {
            return queryWatermarkMicros;
        }
        long shift = shifts[operatorId];
        if (shift == NONE || queryWatermarkMicros == 0) {
            return 0;
        }
        return Math.max(0, queryWatermarkMicros + shift);
    }

    /**
     * Finds the shifts while a plan's chains are walked from their sources on: a chain starts
     * with no watermark ({@link #startChain}), a watermark operator sets it ({@link #watermark}),
     * a stateful operator takes it and passes on its own output ({@link #operator}), and a join
     * meets its two chains' ({@link #meet}). Used by one thread.
     */
    public static final class Builder {

        private final long[] shifts;
        private long current = NONE;

        public Builder(int operators) {
            this.shifts = new long[operators];
            Arrays.fill(shifts, NONE);
        }

        /** A chain from a source: no watermark yet. */
        public void startChain() {
            current = NONE;
        }

        /** A watermark operator: the query's watermark, unshifted. */
        public void watermark() {
            current = 0;
        }

        /** Operator {@code operator} takes the watermark so far; its output is what follows. */
        public void operator(StatefulOperator operator) {
            shifts[operator.operatorId()] = current;
            if (current != NONE) {
                current += operator.outputWatermarkShiftMicros();
            }
        }

        /** The watermark where the chain being walked stands: to {@link #meet} another chain's. */
        public long current() {
            return current;
        }

        /** A join of two chains that ended at {@code left} and {@code right}: the lesser of those with a watermark. */
        public void meet(long left, long right) {
            current = left == NONE ? right : right == NONE ? left : Math.min(left, right);
        }

        public WatermarkPropagation build() {
            return new WatermarkPropagation(shifts.clone());
        }
    }
}
