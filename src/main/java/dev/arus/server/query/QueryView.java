package dev.arus.server.query;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.streaming.StreamingQueryStatus;
import dev.arus.server.ShownPaths;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A query as the API shows it: its lasting {@code id}, the current run ({@code runId} null for
 * a restored query that has not run since the service started), Spark's status object, the spec
 * as submitted and naming its engine (secret options shown as
 * {@value dev.arus.engine.streaming.OptionNames#REDACTED}), the last progress (null before the
 * first batch), for a failed query only,
 * why it failed, and for a query on both engines only, how they compare.
 */
public record QueryView(
        UUID id,
        @Nullable UUID runId,
        String name,
        QueryState state,
        Status status,
        @Schema(implementation = QuerySpec.class) Prewritten<QuerySpec> spec,
        @Schema(implementation = ProgressView.class) @Nullable Prewritten<ProgressView> lastProgress,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Failure exception,
        @Schema(description = "For a query on both engines only: how Arus's and Spark's outputs compare, batch by batch")
        @JsonInclude(JsonInclude.Include.NON_NULL) EngineComparison.@Nullable Summary comparison) {

    /**
     * The view of {@code run}, with {@code shownSpec} redacted and {@code lastProgress} converted by
     * the caller, and the data directory's paths in its failure as {@code paths} shows them.
     */
    static QueryView of(UUID id, Prewritten<QuerySpec> shownSpec, StreamingQuery run,
                        @Nullable Prewritten<ProgressView> lastProgress,
                        EngineComparison.@Nullable Summary comparison, ShownPaths paths) {
        Failure failure = run.exception().map(failed -> Failure.of(failed, paths)).orElse(null);
        QueryState state = failure != null ? QueryState.FAILED : run.isActive() ? QueryState.ACTIVE : QueryState.STOPPED;
        StreamingQueryStatus status = run.status();
        return new QueryView(id, run.runId(), shownSpec.value().name(), state,
                new Status(status.message(), status.isDataAvailable(), status.isTriggerActive()), shownSpec,
                lastProgress, failure, comparison);
    }

    /** Spark's {@code StreamingQueryStatus}. */
    @Schema(name = "QueryStatus")
    public record Status(String message, boolean isDataAvailable, boolean isTriggerActive) {
    }

    /**
     * The error that ended the run: the class and message of what failed it (paths relative to the
     * data directory), and its engine error class ({@code DIVIDE_BY_ZERO}, {@code CHECKPOINT_DAMAGED}), {@code INTERNAL_ERROR} for a
     * failure that is not an engine error.
     */
    public record Failure(@JsonProperty("class") String className, String message, String errorClass) {

        static Failure of(StreamingQueryException failed, ShownPaths paths) {
            Throwable cause = failed.getCause() != null ? failed.getCause() : failed;
            return new Failure(cause.getClass().getName(), paths.of(cause.getMessage()), failed.causeErrorClass());
        }
    }
}
