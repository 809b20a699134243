package dev.arus.engine.streaming;

import dev.arus.engine.time.IsoInstants;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.ToDoubleFunction;

/**
 * What one micro-batch did, with the fields and names of Spark's {@code StreamingQueryProgress}.
 * {@code eventTime} holds ISO-8601 UTC strings ({@code avg}, {@code max}, {@code min} when the
 * batch had rows, {@code watermark} when the query has one), as Spark reports them.
 * {@code batchDurationNanos} is {@code batchDuration} before Spark's rounding to whole
 * milliseconds, for metrics of batches that take microseconds.
 */
public record StreamingQueryProgress(
        UUID id,
        UUID runId,
        String name,
        Instant timestamp,
        long batchId,
        long batchDuration,
        Map<String, Long> durationMs,
        Map<String, String> eventTime,
        List<StateOperatorProgress> stateOperators,
        List<SourceProgress> sources,
        SinkProgress sink,
        long batchDurationNanos) {

    /** A progress whose duration is known to the millisecond only. */
    public StreamingQueryProgress(UUID id, UUID runId, String name, Instant timestamp, long batchId, long batchDuration,
                                  Map<String, Long> durationMs, Map<String, String> eventTime,
                                  List<StateOperatorProgress> stateOperators, List<SourceProgress> sources,
                                  SinkProgress sink) {
        this(id, runId, name, timestamp, batchId, batchDuration, durationMs, eventTime, stateOperators, sources, sink,
                batchDuration * 1_000_000);
    }

    public StreamingQueryProgress {
        // Sorted by key, the order in which Spark's progress JSON lists them.
        durationMs = SortedArrayMap.copyOf(durationMs);
        eventTime = eventTime instanceof EventTimes times ? times : SortedArrayMap.copyOf(eventTime);
        stateOperators = List.copyOf(stateOperators);
        sources = List.copyOf(sources);
    }

    /**
     * The event time {@code name} ({@code watermark}, {@code max} ...) in milliseconds after the
     * epoch, empty when the report has none: read without writing and parsing its text when the
     * runtime made the report.
     */
    public OptionalLong eventTimeMillis(String name) {
        if (eventTime instanceof EventTimes times) {
            return times.millisOf(name);
        }
        String text = eventTime.get(name);
        return text == null ? OptionalLong.empty() : OptionalLong.of(IsoInstants.parse(text).toEpochMilli());
    }

    // Sums by loops, not streams: these are read for every batch of every query, by the list of
    // queries, the metrics and the live feed.
    public long numInputRows() {
        long rows = 0;
        for (SourceProgress source : sources) {
            rows += source.numInputRows();
        }
        return rows;
    }

    /** Input rows over the time since the previous trigger started; 0 for the first batch, as in Spark 4. */
    public double inputRowsPerSecond() {
        return sumOverSources(SourceProgress::inputRowsPerSecond);
    }

    /** Input rows over this batch's processing time. */
    public double processedRowsPerSecond() {
        return sumOverSources(SourceProgress::processedRowsPerSecond);
    }

    private double sumOverSources(ToDoubleFunction<SourceProgress> rate) {
        double sum = 0;
        for (SourceProgress source : sources) {
            sum += rate.applyAsDouble(source);
        }
        return sum;
    }

    /** One stateful operator's state after the batch ({@code operatorName} as Spark's, e.g. {@code stateStoreSave}). */
    public record StateOperatorProgress(
            String operatorName,
            long numRowsTotal,
            long numRowsUpdated,
            long allUpdatesTimeMs,
            long numRowsRemoved,
            long allRemovalsTimeMs,
            long commitTimeMs,
            long memoryUsedBytes,
            long numRowsDroppedByWatermark,
            long numShufflePartitions,
            long numStateStoreInstances,
            Map<String, Long> customMetrics) {

        public StateOperatorProgress {
            // In key order, as Spark's JSON lists them.
            customMetrics = SortedArrayMap.copyOf(customMetrics);
        }
    }

    /** One source's share of the batch; offsets as the source serialises them, {@code null} when absent. */
    /**
     * One source's part of a batch; {@code metrics} are the source's own figures, as Spark's
     * {@code SourceProgress.metrics} (the Kafka source's {@code avgOffsetsBehindLatest} ...), by name.
     */
    public record SourceProgress(
            String description,
            String startOffset,
            String endOffset,
            String latestOffset,
            long numInputRows,
            double inputRowsPerSecond,
            double processedRowsPerSecond,
            Map<String, String> metrics) {

        public SourceProgress {
            metrics = metrics == null ? Map.of() : SortedArrayMap.copyOf(metrics);
        }

        /** A source without metrics of its own. */
        public SourceProgress(String description, String startOffset, String endOffset, String latestOffset,
                              long numInputRows, double inputRowsPerSecond, double processedRowsPerSecond) {
            this(description, startOffset, endOffset, latestOffset, numInputRows, inputRowsPerSecond,
                    processedRowsPerSecond, Map.of());
        }
    }

    /**
     * The sink's part of a batch; {@code metrics} are the sink's own figures, as Spark's
     * {@code SinkProgress.metrics} (a {@code jdbc} sink's {@code rowsWritten} and
     * {@code writeTimeMs} ...), by name.
     */
    public record SinkProgress(String description, long numOutputRows, Map<String, String> metrics) {

        public SinkProgress {
            metrics = metrics == null ? Map.of() : SortedArrayMap.copyOf(metrics);
        }

        /** A sink without metrics of its own. */
        public SinkProgress(String description, long numOutputRows) {
            this(description, numOutputRows, Map.of());
        }
    }
}
