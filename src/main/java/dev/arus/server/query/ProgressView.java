package dev.arus.server.query;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.server.ShownPaths;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A batch's progress with the field names of Spark's progress JSON. As Spark's, a rate that is
 * not a number (the first batch's input rate) is left out; offsets are the sources' own JSON. The
 * sources' and the sink's descriptions are Spark's text with the data directory's paths as
 * {@link ShownPaths} shows them ({@code FileStreamSource[in/]}, not the server's absolute path).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProgressView(
        UUID id,
        UUID runId,
        String name,
        @Schema(format = "date-time", description = "When the batch's trigger started")
        String timestamp,
        long batchId,
        long batchDuration,
        long numInputRows,
        @Nullable Double inputRowsPerSecond,
        @Nullable Double processedRowsPerSecond,
        Map<String, Long> durationMs,
        @Schema(description = "avg, max and min event time of the batch's rows and the watermark, ISO-8601 in UTC",
                additionalPropertiesSchema = Instant.class)
        Map<String, String> eventTime,
        List<StateOperator> stateOperators,
        List<Source> sources,
        Sink sink) {

    /**
     * {@code progress} with the data directory's paths as {@code paths} shows them; {@code null} for
     * no progress, as Spark's {@code lastProgress} before the first batch.
     */
    public static ProgressView of(StreamingQueryProgress progress, ShownPaths paths) {
        if (progress == null) {
            return null;
        }
        return new ProgressView(progress.id(), progress.runId(), progress.name(),
                Timestamps.format(progress.timestamp()), progress.batchId(), progress.batchDuration(),
                progress.numInputRows(), finite(progress.inputRowsPerSecond()),
                finite(progress.processedRowsPerSecond()), progress.durationMs(), progress.eventTime(),
                progress.stateOperators().stream().map(StateOperator::of).toList(),
                progress.sources().stream().map(source -> Source.of(source, paths)).toList(),
                new Sink(paths.of(progress.sink().description()), progress.sink().numOutputRows(), progress.sink().metrics()));
    }

    private static Double finite(double rate) {
        return Double.isFinite(rate) ? rate : null;
    }

    @Schema(name = "StateOperatorProgress")
    public record StateOperator(String operatorName, long numRowsTotal, long numRowsUpdated, long allUpdatesTimeMs,
                         long numRowsRemoved, long allRemovalsTimeMs, long commitTimeMs, long memoryUsedBytes,
                         long numRowsDroppedByWatermark, long numShufflePartitions, long numStateStoreInstances,
                         Map<String, Long> customMetrics) {

        static StateOperator of(StreamingQueryProgress.StateOperatorProgress s) {
            return new StateOperator(s.operatorName(), s.numRowsTotal(), s.numRowsUpdated(), s.allUpdatesTimeMs(),
                    s.numRowsRemoved(), s.allRemovalsTimeMs(), s.commitTimeMs(), s.memoryUsedBytes(),
                    s.numRowsDroppedByWatermark(), s.numShufflePartitions(), s.numStateStoreInstances(),
                    s.customMetrics());
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "SourceProgress")
    public record Source(String description, @JsonRawValue @Schema(types = "object") @Nullable String startOffset,
                  @JsonRawValue @Schema(types = "object") @Nullable String endOffset,
                  @JsonRawValue @Schema(types = "object") @Nullable String latestOffset,
                  long numInputRows, @Nullable Double inputRowsPerSecond, @Nullable Double processedRowsPerSecond,
                  @JsonInclude(JsonInclude.Include.NON_EMPTY)
                  @Schema(description = "The source's own figures, as Spark's: a Kafka source's avgOffsetsBehindLatest, "
                          + "maxOffsetsBehindLatest and minOffsetsBehindLatest; absent when it has none")
                  @Nullable Map<String, String> metrics) {

        static Source of(StreamingQueryProgress.SourceProgress s, ShownPaths paths) {
            return new Source(paths.of(s.description()), s.startOffset(), s.endOffset(), s.latestOffset(), s.numInputRows(),
                    finite(s.inputRowsPerSecond()), finite(s.processedRowsPerSecond()), s.metrics());
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "SinkProgress")
    public record Sink(String description, long numOutputRows,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY)
                       @Schema(description = "The sink's own figures, as Spark's: a jdbc or http sink's rowsWritten, "
                               + "writeTimeMs, target and lastWriteAt; absent when it has none")
                       @Nullable Map<String, String> metrics) {
    }
}
