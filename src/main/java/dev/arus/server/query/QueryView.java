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
 * first batch), for a failed or restarting query only, why it failed, for a restarting query
 * only, its restart strategy's next attempt, how many attempts the strategies made since the
 * service started, and for a query on both engines only, how they compare.
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
        @Schema(description = "For a RESTARTING query only: the restart strategy's next attempt")
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable PendingRestart restart,
        @Schema(description = "The restart attempts the query's restart strategy made since the service started")
        long restarts,
        @Schema(description = "For a query on both engines only: how Arus's and Spark's outputs compare, batch by batch")
        @JsonInclude(JsonInclude.Include.NON_NULL) EngineComparison.@Nullable Summary comparison) {

    /**
     * The view of {@code run}, with {@code shownSpec} redacted and {@code lastProgress} converted by
     * the caller, and the data directory's paths in its status and failure as {@code paths} shows them;
     * {@code restart} is the attempt pending after {@code run} failed, if any.
     */
    static QueryView of(UUID id, Prewritten<QuerySpec> shownSpec, StreamingQuery run,
                        @Nullable Prewritten<ProgressView> lastProgress, @Nullable PendingRestart restart,
                        long restarts, EngineComparison.@Nullable Summary comparison, ShownPaths paths) {
        Failure failure = run.exception().map(failed -> Failure.of(failed, paths)).orElse(null);
        QueryState state = QueryState.of(run, restart != null);
        StreamingQueryStatus status = run.status();
        return new QueryView(id, run.runId(), shownSpec.value().name(), state,
                new Status(paths.of(status.message()), status.isDataAvailable(), status.isTriggerActive()), shownSpec,
                lastProgress, failure, state == QueryState.RESTARTING ? restart : null, restarts, comparison);
    }

    /** This view with {@code newer} as its comparison: a comparison newer than the view. */
    public QueryView withComparison(EngineComparison.Summary newer) {
        return new QueryView(id, runId, name, state, status, spec, lastProgress, exception, restart, restarts, newer);
    }

    /** Spark's {@code StreamingQueryStatus}; its message names the data directory's paths relative to it. */
    @Schema(name = "QueryStatus")
    public record Status(String message, boolean isDataAvailable, boolean isTriggerActive) {
    }

    /**
     * A restart its strategy granted after a failure that may pass: the strategy by name, which
     * attempt it is of how many the strategy allows (see each strategy for what it counts), and
     * when it starts a new run.
     */
    public record PendingRestart(
            @Schema(examples = {"exponential-delay", "fixed-delay", "failure-rate"}) String strategy,
            int attempt, int maxAttempts,
            @Schema(format = "date-time", example = "2026-10-16T13:29:20.000Z") String nextAttemptAt) {
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
