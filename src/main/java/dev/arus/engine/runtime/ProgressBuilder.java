package dev.arus.engine.runtime;

import dev.arus.engine.exec.EventTimeStats;
import dev.arus.engine.streaming.EventTimes;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.StreamingQueryProgress.SinkProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SourceProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.streaming.StreamingQueryProgress;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Turns one batch's measurements into Spark's progress report. Rates follow Spark 4: input rows
 * per second over the time since the previous batch's trigger started (0.0 for the first batch),
 * processed rows per second over this trigger's execution time (at least 1 ms).
 */
final class ProgressBuilder {

    // The names of a batch's event times, in key order.
    private static final String[] STATS = {"avg", "max", "min"};
    private static final String[] STATS_AND_WATERMARK = {"avg", "max", "min", "watermark"};
    private static final String[] WATERMARK = {"watermark"};
    private static final EventTimes NONE = EventTimes.ofMillis(new String[0], new long[0]);

    private ProgressBuilder() {
    }

    static StreamingQueryProgress build(QueryIdentity identity, BatchMeasurements batch) {
        return build(identity, batch, batch.durationMs().getOrDefault("triggerExecution", 0L) * 1_000_000);
    }

    /** The progress of a batch whose trigger took {@code triggerExecutionNanos}, as measured. */
    static StreamingQueryProgress build(QueryIdentity identity, BatchMeasurements batch, long triggerExecutionNanos) {
        // Spark 4's ProgressContext.constructNewProgress: the first trigger's input time is
        // +Infinity (rate 0.0); equal trigger starts give 0/0 = NaN or n/0 = Infinity, which the
        // JSON omits; the processing time is at least 1 ms.
        double seconds = batch.previousTriggerStartMs() < 0 ? Double.POSITIVE_INFINITY
                : (batch.triggerStartMs() - batch.previousTriggerStartMs()) / 1000.0;
        long executionMs = batch.durationMs().getOrDefault("triggerExecution", 0L);
        List<SourceProgress> sources = batch.sources().stream().map(source -> new SourceProgress(source.description(),
                source.startOffset(), source.endOffset(), source.latestOffset(), source.numInputRows(),
                source.numInputRows() / seconds, source.numInputRows() / (Math.max(1L, executionMs) / 1000.0),
                source.metrics()))
                .toList();
        return new StreamingQueryProgress(identity.id(), identity.runId(), identity.name(),
                Instant.ofEpochMilli(batch.triggerStartMs()), batch.batchId(), executionMs, batch.durationMs(),
                eventTime(batch), batch.stateOperators(), sources,
                new SinkProgress(batch.sinkDescription(), batch.numOutputRows(), batch.sinkMetrics()), triggerExecutionNanos);
    }

    private static EventTimes eventTime(BatchMeasurements batch) {
        EventTimeStats stats = batch.eventTimeStats();
        boolean withStats = stats != null && stats.count() > 0;
        Long watermark = batch.watermarkMicros();
        if (!withStats) {
            return watermark == null ? NONE : EventTimes.ofMillis(WATERMARK, new long[] {millis(watermark)});
        }
        long avg = millis(stats.avgMicros());
        long max = millis(stats.maxMicros());
        long min = millis(stats.minMicros());
        return watermark == null ? EventTimes.ofMillis(STATS, new long[] {avg, max, min})
                : EventTimes.ofMillis(STATS_AND_WATERMARK, new long[] {avg, max, min, millis(watermark)});
    }

    private static long millis(long micros) {
        return Math.floorDiv(micros, 1000);
    }

    /** What one source read in a batch: the offsets it went from and to, the newest it had, and its rows. */
    record SourceMeasurements(String description, String startOffset, String endOffset, String latestOffset,
                              long numInputRows, Map<String, String> metrics) {
    }

    /** The raw figures of one batch, gathered by the runner. */
    record BatchMeasurements(
            long batchId,
            long triggerStartMs,
            long previousTriggerStartMs,
            Map<String, Long> durationMs,
            List<SourceMeasurements> sources,
            String sinkDescription,
            long numOutputRows,
            Map<String, String> sinkMetrics,
            EventTimeStats eventTimeStats,
            Long watermarkMicros,
            List<StateOperatorProgress> stateOperators) {
    }
}
