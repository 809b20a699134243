package dev.arus.engine.runtime;

import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SinkProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SourceProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.exec.EventTimeStats;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns one batch's measurements into Spark's progress report. Rates follow Spark 4: input rows
 * per second over the time since the previous batch's trigger started (0.0 for the first batch),
 * processed rows per second over this trigger's execution time (at least 1 ms).
 */
final class ProgressBuilder {

    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(java.time.ZoneOffset.UTC);

    private ProgressBuilder() {
    }

    static String isoMicros(long micros) {
        return ISO.format(Instant.EPOCH.plus(Math.floorDiv(micros, 1000), ChronoUnit.MILLIS));
    }

    static StreamingQueryProgress build(QueryIdentity identity, BatchMeasurements batch) {
        // Spark 4's ProgressContext.constructNewProgress: the first trigger's input time is
        // +Infinity (rate 0.0); equal trigger starts give 0/0 = NaN or n/0 = Infinity, which the
        // JSON omits; the processing time is at least 1 ms.
        double seconds = batch.previousTriggerStartMs() < 0 ? Double.POSITIVE_INFINITY
                : (batch.triggerStartMs() - batch.previousTriggerStartMs()) / 1000.0;
        double inputRate = batch.numInputRows() / seconds;
        long executionMs = batch.durationMs().getOrDefault("triggerExecution", 0L);
        double processedRate = batch.numInputRows() / (Math.max(1L, executionMs) / 1000.0);
        SourceProgress source = new SourceProgress(batch.sourceDescription(), batch.startOffset(),
                batch.endOffset(), batch.latestOffset(), batch.numInputRows(), inputRate, processedRate);
        return new StreamingQueryProgress(identity.id(), identity.runId(), identity.name(),
                Instant.ofEpochMilli(batch.triggerStartMs()), batch.batchId(), executionMs, batch.durationMs(),
                eventTime(batch), batch.stateOperators(), List.of(source),
                new SinkProgress(batch.sinkDescription(), batch.numOutputRows()));
    }

    private static Map<String, String> eventTime(BatchMeasurements batch) {
        Map<String, String> eventTime = new LinkedHashMap<>();
        EventTimeStats stats = batch.eventTimeStats();
        if (stats != null && stats.count() > 0) {
            eventTime.put("avg", isoMicros(stats.avgMicros()));
            eventTime.put("max", isoMicros(stats.maxMicros()));
            eventTime.put("min", isoMicros(stats.minMicros()));
        }
        if (batch.watermarkMicros() != null) {
            eventTime.put("watermark", isoMicros(batch.watermarkMicros()));
        }
        return eventTime;
    }

    /** The raw figures of one batch, gathered by the runner. */
    record BatchMeasurements(
            long batchId,
            long triggerStartMs,
            long previousTriggerStartMs,
            Map<String, Long> durationMs,
            String sourceDescription,
            String startOffset,
            String endOffset,
            String latestOffset,
            long numInputRows,
            String sinkDescription,
            long numOutputRows,
            EventTimeStats eventTimeStats,
            Long watermarkMicros,
            List<StateOperatorProgress> stateOperators) {
    }
}
