package dev.arus.engine.plan;

import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.exec.EventTimeWatermarkOperator;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.OutputCollector;
import dev.arus.engine.exec.aggregate.StreamingAggregateOperator;
import dev.arus.engine.source.Source;
import dev.arus.engine.time.WatermarkTracker;

/**
 * One run's operators, wired source to sink: {@code head} takes the source's chunks and the
 * {@code collector} ends the chain. The watermark pieces and the aggregation are {@code null}
 * when the query has none.
 */
public record PhysicalPlan(
        Source source,
        Operator head,
        OutputCollector collector,
        EventTimeWatermarkOperator watermarkOperator,
        WatermarkTracker watermarkTracker,
        StreamingAggregateOperator aggregation,
        OutputMode outputMode) {

    /**
     * Whether a moving watermark alone justifies a batch. Spark's {@code StateStoreSaveExec}
     * asks for one in append and update mode whenever the query has a watermark, even when the
     * aggregation does not group by the watermarked column (its eviction watermark is always
     * set); never in complete mode, and never without a stateful operator.
     */
    public boolean runsNoDataBatches() {
        return aggregation != null && watermarkTracker != null && outputMode != OutputMode.COMPLETE;
    }
}
