package dev.arus.server.query.restart;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.IntervalParser;
import dev.arus.server.query.restart.RestartStrategy.ExponentialDelay;
import dev.arus.server.query.restart.RestartStrategy.FailureRate;
import dev.arus.server.query.restart.RestartStrategy.FixedDelay;
import dev.arus.server.query.restart.RestartStrategy.None;
import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The restart strategy of a query: its spec's {@code restart}, checked at the edge with the
 * pointer of the field at fault, its missing parameters the service's; or, for a spec that names
 * none, the service's default ({@code arus.restart.strategy}). The check runs when a query is
 * created and when a saved one is restored, so a settings change never leaves a query with a
 * strategy out of range.
 */
@Component
public class RestartStrategies {

    /** The strategies, by name; Flink's names. */
    static final List<String> NAMES = List.of(ExponentialDelay.NAME, FixedDelay.NAME, FailureRate.NAME, None.NAME);

    private static final String POINTER = "/restart";

    /** The parameters each strategy takes, as a spec names them. */
    private static final Map<String, List<String>> PARAMETERS = Map.of(
            FixedDelay.NAME, List.of("attempts", "delay"),
            ExponentialDelay.NAME, List.of("initialBackoff", "maxBackoff", "backoffMultiplier", "resetBackoffThreshold",
                    "jitterFactor", "attemptsBeforeResetBackoff"),
            FailureRate.NAME, List.of("maxFailuresPerInterval", "failureRateInterval", "delay"),
            None.NAME, List.of());

    private final RestartProperties settings;

    public RestartStrategies(RestartProperties settings) {
        this.settings = settings;
    }

    /**
     * The strategy {@code spec} names, or the service's default when it is {@code null}.
     *
     * @throws ProblemException naming the field of {@code spec} at fault: an unknown strategy, a
     *                          parameter the strategy does not take, a value out of range
     */
    public RestartStrategy of(@Nullable RestartSpec spec) {
        if (spec == null) {
            return settings.defaultStrategy();
        }
        String name = name(spec.strategy());
        Map<String, Object> given = spec.parameters();
        List<String> takes = PARAMETERS.get(name);
        given.keySet().stream().filter(parameter -> !takes.contains(parameter)).findFirst().ifPresent(parameter -> {
            throw ProblemException.at(ProblemType.INVALID_SPEC, JsonPointer.append(POINTER, parameter),
                    "The " + name + " restart strategy takes no '" + parameter + "'; "
                            + (takes.isEmpty() ? "it takes no parameters" : "it takes " + String.join(", ", takes)));
        });
        try {
            return strategy(name, spec);
        } catch (InvalidRestartSetting invalid) {
            if (given.containsKey(invalid.field())) {
                throw ProblemException.at(ProblemType.INVALID_SPEC, JsonPointer.append(POINTER, invalid.field()),
                        "Invalid restart strategy: " + invalid.getMessage());
            }
            throw ProblemException.at(ProblemType.INVALID_SPEC, POINTER, "Invalid restart strategy: "
                    + invalid.getMessage() + ", the service's arus.restart." + name + "."
                    + RestartProperties.kebabCase(invalid.field()) + "; give " + invalid.field() + " too");
        }
    }

    private static String name(@Nullable String given) {
        String pointer = JsonPointer.append(POINTER, "strategy");
        if (given == null || given.isBlank()) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, pointer, "Field " + pointer + " is required: one of "
                    + String.join(", ", NAMES));
        }
        if (!NAMES.contains(given)) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, pointer, "Unknown restart strategy '" + given
                    + "'; the strategies are " + String.join(", ", NAMES));
        }
        return given;
    }

    private RestartStrategy strategy(String name, RestartSpec spec) {
        return switch (name) {
            case FixedDelay.NAME -> {
                RestartProperties.FixedDelaySettings service = settings.fixedDelay();
                yield new FixedDelay(or(spec.attempts(), service.attempts()),
                        duration(spec.delay(), "delay", service.delay()));
            }
            case ExponentialDelay.NAME -> {
                RestartProperties.ExponentialDelaySettings service = settings.exponentialDelay();
                yield new ExponentialDelay(duration(spec.initialBackoff(), "initialBackoff", service.initialBackoff()),
                        duration(spec.maxBackoff(), "maxBackoff", service.maxBackoff()),
                        or(spec.backoffMultiplier(), service.backoffMultiplier()),
                        duration(spec.resetBackoffThreshold(), "resetBackoffThreshold",
                                service.resetBackoffThreshold()),
                        or(spec.jitterFactor(), service.jitterFactor()),
                        or(spec.attemptsBeforeResetBackoff(), service.attemptsBeforeResetBackoff()));
            }
            case FailureRate.NAME -> {
                RestartProperties.FailureRateSettings service = settings.failureRate();
                yield new FailureRate(or(spec.maxFailuresPerInterval(), service.maxFailuresPerInterval()),
                        duration(spec.failureRateInterval(), "failureRateInterval", service.failureRateInterval()),
                        duration(spec.delay(), "delay", service.delay()));
            }
            default -> new None();
        };
    }

    private static <T> T or(@Nullable T given, T service) {
        return given != null ? given : service;
    }

    /** A Spark interval string ({@code 10 seconds}) as a duration; the service's when not given. */
    private static Duration duration(@Nullable String given, String field, Duration service) {
        if (given == null) {
            return service;
        }
        try {
            return Duration.of(IntervalParser.parseMicros(given), ChronoUnit.MICROS);
        } catch (ArusException invalid) {
            throw ProblemException.at(ProblemType.INVALID_INTERVAL, JsonPointer.append(POINTER, field),
                    invalid.getMessage());
        }
    }
}
