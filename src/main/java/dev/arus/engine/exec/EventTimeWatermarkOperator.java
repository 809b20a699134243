package dev.arus.engine.exec;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;

/**
 * Observes the event-time column on its way through, as Spark's {@code EventTimeWatermarkExec}:
 * every non-null event time counts towards the batch's statistics, late rows included; rows are
 * passed on unchanged. One instance per task slot; the runtime merges their statistics after
 * each batch and advances the watermark between batches.
 */
public final class EventTimeWatermarkOperator implements Operator {

    private final int eventTimeColumn;
    private final Operator downstream;
    private final EventTimeStats stats = new EventTimeStats();

    public EventTimeWatermarkOperator(int eventTimeColumn, Operator downstream) {
        this.eventTimeColumn = eventTimeColumn;
        this.downstream = downstream;
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        LongVector times = (LongVector) chunk.column(eventTimeColumn);
        if (times.hasNulls()) {
            long[] values = times.values();
            for (int i = 0; i < chunk.size(); i++) {
                if (!times.isNull(i)) {
                    stats.add(values[i]);
                }
            }
        } else {
            stats.addAll(times.values(), chunk.size());
        }
        downstream.process(chunk, context);
    }


    /** Adds the statistics of the batch just finished to {@code total}, clearing them for the next one. */
    public void takeStatsInto(EventTimeStats total) {
        total.merge(stats);
        stats.reset();
    }
}
