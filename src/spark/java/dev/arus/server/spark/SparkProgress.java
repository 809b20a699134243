package dev.arus.server.spark;

import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SinkProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SourceProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.streaming.StreamingQueryStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Spark's progress and status in the engine's records, field for field: both use the names of
 * Spark's progress JSON, so the service's views, metrics and WebSocket read a Spark query's
 * progress as an Arus one's. The query id is the registered query's (its checkpoint's), the
 * run id Spark's.
 */
final class SparkProgress {

    private SparkProgress() {
    }

    /**
     * @param outputRows  the rows the sink was given, which Spark does not count for foreachBatch
     * @param sinkMetrics the figures of Arus's sink that wrote the batch (jdbc, http); empty for Spark's sinks
     */
    static StreamingQueryProgress of(UUID id, org.apache.spark.sql.streaming.StreamingQueryProgress spark,
                                     long outputRows, Map<String, String> sinkMetrics) {
        List<StateOperatorProgress> operators = Stream.of(spark.stateOperators()).map(operator ->
                new StateOperatorProgress(operator.operatorName(), operator.numRowsTotal(), operator.numRowsUpdated(),
                        operator.allUpdatesTimeMs(), operator.numRowsRemoved(), operator.allRemovalsTimeMs(),
                        operator.commitTimeMs(), operator.memoryUsedBytes(), operator.numRowsDroppedByWatermark(),
                        operator.numShufflePartitions(), operator.numStateStoreInstances(),
                        longs(operator.customMetrics()))).toList();
        List<SourceProgress> sources = Stream.of(spark.sources()).map(source ->
                new SourceProgress(source.description(), source.startOffset(), source.endOffset(),
                        source.latestOffset(), source.numInputRows(), finite(source.inputRowsPerSecond()),
                        finite(source.processedRowsPerSecond()), source.metrics())).toList();
        SinkProgress sink = new SinkProgress(spark.sink().description(), outputRows, sinkMetrics);
        return new StreamingQueryProgress(id, spark.runId(), spark.name(), Instant.parse(spark.timestamp()),
                spark.batchId(), spark.batchDuration(), longs(spark.durationMs()), spark.eventTime(), operators,
                sources, sink);
    }

    static StreamingQueryStatus status(org.apache.spark.sql.streaming.StreamingQueryStatus spark) {
        return new StreamingQueryStatus(spark.message(), spark.isDataAvailable(), spark.isTriggerActive());
    }

    /** Spark reports NaN rows per second for a batch without time to measure; the engine's figures are numbers. */
    private static double finite(double value) {
        return Double.isFinite(value) ? value : 0;
    }

    private static Map<String, Long> longs(Map<String, Long> values) {
        return values == null ? Map.of() : values;
    }
}
