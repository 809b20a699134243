package dev.arus.engine.exec.join;

import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BoundExpression;
import java.util.List;

/**
 * A stream-static join as one task slot binds it: the join type, the stream side's key
 * expressions (bound over its rows, cast to the static keys' types), the part of the condition
 * that is not an equality of keys (bound over the stream's columns then the table's; null: none),
 * and the output: for each output column, its position among the stream's columns then the
 * table's.
 */
public record StaticJoinSpec(JoinType type, List<BoundExpression> streamKeys, BoundExpression residual,
                             Schema pairs, int streamWidth, int[] outputColumns, Schema output) {
}
