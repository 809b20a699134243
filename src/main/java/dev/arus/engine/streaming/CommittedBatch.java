package dev.arus.engine.streaming;

import java.time.Instant;

/**
 * The last batch a checkpoint committed: where a query started on it goes on, after a stop or a
 * restart of its service, before its next batch has run.
 *
 * @param batchId   the batch's id; the next run's first batch is the one after it
 * @param timestamp when the batch was planned (its trigger's time, Spark's {@code batchTimestampMs})
 * @param watermark the watermark the next batch runs with (the epoch when the query has none)
 */
public record CommittedBatch(long batchId, Instant timestamp, Instant watermark) {
}
