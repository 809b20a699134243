package dev.arus.engine.runtime;

import dev.arus.engine.plan.LogicalPlan;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.time.WatermarkTracker;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A query as the user's API describes it, ready to launch: the plan, its sink (format and
 * options; {@code foreachBatch} is the user function of that format, else null), output mode,
 * trigger and name (may be null). {@code observer} sees every batch after the sink (may be null),
 * and looks at {@code observerRows} of its rows;
 * {@code requestedId} is the lasting id the caller wants (null: the checkpoint's, or a new one);
 * {@code checkpointLocation} may be null; {@code shufflePartitions} null means the session's;
 * {@code watermarkPolicy} null means Spark's default, {@code min}; {@code partitionColumns} are
 * the sink's {@code partitionBy} (empty: none).
 */
public record QueryDefinition(LogicalPlan plan, String sinkFormat, Map<String, String> sinkOptions,
                              OutputMode outputMode, Trigger trigger, String name, BatchFunction foreachBatch,
                              BatchFunction observer, long observerRows, UUID requestedId, Path checkpointLocation,
                              Integer shufflePartitions, WatermarkTracker.Policy watermarkPolicy,
                              List<String> partitionColumns) {

    public QueryDefinition {
        sinkOptions = Map.copyOf(sinkOptions);
        partitionColumns = List.copyOf(partitionColumns);
    }
}
