package dev.arus.server.query.restart;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A query spec's {@code restart}: the strategy that starts the query again after a failure that
 * may pass, with Flink's parameters in camel case. A parameter left out is the service's
 * ({@code arus.restart.<strategy>.*}); one the strategy does not take is refused. Durations are
 * Spark interval strings, as a trigger's.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "How the service starts the query again after a failure that may pass (a full or "
        + "unwritable disk, an unreachable Kafka): Flink's restart strategies. Absent means the service's, "
        + "arus.restart.strategy (exponential-delay unless set); a parameter left out is the service's for that "
        + "strategy")
public record RestartSpec(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                allowableValues = {"exponential-delay", "fixed-delay", "failure-rate", "none"},
                description = "none: a failed query stays failed until started by hand")
        String strategy,
        @Schema(description = "fixed-delay: the restarts before the query stays failed", example = "3")
        @Nullable Integer attempts,
        @Schema(description = "fixed-delay and failure-rate: the time from a failure to its restart",
                example = "10 seconds")
        @Nullable String delay,
        @Schema(description = "exponential-delay: the time from the first failure to its restart", example = "1 second")
        @Nullable String initialBackoff,
        @Schema(description = "exponential-delay: the longest time from a failure to its restart", example = "1 minute")
        @Nullable String maxBackoff,
        @Schema(description = "exponential-delay: each restart's backoff is the one before times this; more than 1",
                example = "1.5")
        @Nullable Double backoffMultiplier,
        @Schema(description = "exponential-delay: a failure this long after the last restart starts the backoff "
                + "over from initialBackoff", example = "1 hour")
        @Nullable String resetBackoffThreshold,
        @Schema(description = "exponential-delay: each backoff moves at random by up to this part of itself, "
                + "either way; 0 to 1", example = "0.1")
        @Nullable Double jitterFactor,
        @Schema(description = "exponential-delay: the restarts without a reset before the query stays failed",
                example = "20")
        @Nullable Integer attemptsBeforeResetBackoff,
        @Schema(description = "failure-rate: the failures within failureRateInterval that are restarted; one more "
                + "leaves the query failed", example = "3")
        @Nullable Integer maxFailuresPerInterval,
        @Schema(description = "failure-rate: the window in which failures are counted", example = "5 minutes")
        @Nullable String failureRateInterval) {

    /** A spec naming {@code strategy} only: its parameters are the service's. */
    public static RestartSpec of(String strategy) {
        return new RestartSpec(strategy, null, null, null, null, null, null, null, null, null, null);
    }

    /** The parameters given, by their names in the spec, in the record's order. */
    Map<String, Object> parameters() {
        Map<String, Object> given = new LinkedHashMap<>();
        putIfGiven(given, "attempts", attempts);
        putIfGiven(given, "delay", delay);
        putIfGiven(given, "initialBackoff", initialBackoff);
        putIfGiven(given, "maxBackoff", maxBackoff);
        putIfGiven(given, "backoffMultiplier", backoffMultiplier);
        putIfGiven(given, "resetBackoffThreshold", resetBackoffThreshold);
        putIfGiven(given, "jitterFactor", jitterFactor);
        putIfGiven(given, "attemptsBeforeResetBackoff", attemptsBeforeResetBackoff);
        putIfGiven(given, "maxFailuresPerInterval", maxFailuresPerInterval);
        putIfGiven(given, "failureRateInterval", failureRateInterval);
        return given;
    }

    private static void putIfGiven(Map<String, Object> given, String name, @Nullable Object value) {
        if (value != null) {
            given.put(name, value);
        }
    }
}
