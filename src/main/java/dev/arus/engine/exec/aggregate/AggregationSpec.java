package dev.arus.engine.exec.aggregate;

import dev.arus.engine.expr.aggregate.AggregateCall;
import dev.arus.engine.expr.window.GroupingKey;
import java.util.List;

/**
 * One task slot's bound {@code groupBy(keys).agg(aggregates)}: each slot evaluates expressions
 * of its own, since bound expressions reuse their output vectors. {@code watermarkKeyPosition}
 * is the key that carries the event-time watermark, or -1.
 */
public record AggregationSpec(List<GroupingKey> keys, List<AggregateCall> aggregates, int watermarkKeyPosition) {

    public AggregationSpec {
        keys = List.copyOf(keys);
        aggregates = List.copyOf(aggregates);
    }

    /** The position of the session window among the keys, or -1 when the aggregation has none. */
    public int sessionPosition() {
        for (int k = 0; k < keys.size(); k++) {
            if (keys.get(k) instanceof GroupingKey.SessionKey) {
                return k;
            }
        }
        return -1;
    }
}
