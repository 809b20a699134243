package dev.arus.engine.exec.join;

import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BoundExpression;
import java.util.List;

/**
 * A stream-stream join as one binding of it (per task slot, and per state partition, since
 * bound expressions keep buffers): the join type; each side's columns, key expressions and the
 * part of the condition on that side alone (null: none); the part over both sides, checked on
 * each pair (bound over the left columns then the right; null: none); each side's event-time
 * column (-1: none); how each side's state is evicted; and the output, each column taken from the
 * left side, the right side, or (a full outer USING key) the left side's value or else the right's.
 */
public record StreamJoinSpec(JoinType type, Side left, Side right, BoundExpression bothSides, Schema pairs,
                             int[] outputFromLeft, int[] outputFromRight, Schema output) {

    /** One side: its columns, key expressions, its own part of the condition, its event time and eviction. */
    public record Side(Schema schema, List<BoundExpression> keys, BoundExpression alone, int eventTimeColumn,
                       StateBound bound) {
    }

    /**
     * When a side's stored rows can no longer match and leave the state, as Spark's
     * {@code StreamingSymmetricHashJoinHelper} finds it: by a join key that carries the watermark
     * (a timestamp, or a window's end, at or before the watermark), by the side's own event time
     * at or before the watermark plus {@code offsetMicros} (from a time-range condition), or never.
     */
    public record StateBound(int keyIndex, boolean keyIsWindow, boolean byEventTime, long offsetMicros) {

        public static final StateBound NEVER = new StateBound(-1, false, false, 0);

        public static StateBound byKey(int keyIndex, boolean window) {
            return new StateBound(keyIndex, window, false, 0);
        }

        public static StateBound byEventTime(long offsetMicros) {
            return new StateBound(-1, false, true, offsetMicros);
        }

        public boolean evicts() {
            return keyIndex >= 0 || byEventTime;
        }
    }
}
