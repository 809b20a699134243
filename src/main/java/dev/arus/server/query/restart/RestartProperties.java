package dev.arus.server.query.restart;

import dev.arus.server.query.restart.RestartStrategy.ExponentialDelay;
import dev.arus.server.query.restart.RestartStrategy.FailureRate;
import dev.arus.server.query.restart.RestartStrategy.FixedDelay;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The service's restart strategies, under {@code arus.restart.*} as Flink's are under
 * {@code restart-strategy.*}: the strategy of a query whose spec names none, and each strategy's
 * parameters where a spec leaves them out. The parameters' defaults are Flink's, but for the
 * exponential delay's attempts: Flink restarts forever, the service gives up after 20 restarts
 * without a quiet hour (about 12 minutes of backoff), so that a query that cannot recover shows
 * as FAILED and alerts. Every setting is checked at startup, naming its key.
 *
 * @param strategy         {@code exponential-delay} (the default: quick restarts for a passing
 *                         fault, ever slower ones for a lasting one), {@code fixed-delay},
 *                         {@code failure-rate} or {@code none}, in any case
 * @param fixedDelay       {@code arus.restart.fixed-delay.*}
 * @param exponentialDelay {@code arus.restart.exponential-delay.*}
 * @param failureRate      {@code arus.restart.failure-rate.*}
 */
@ConfigurationProperties("arus.restart")
public record RestartProperties(@DefaultValue(ExponentialDelay.NAME) String strategy,
                                @DefaultValue FixedDelaySettings fixedDelay,
                                @DefaultValue ExponentialDelaySettings exponentialDelay,
                                @DefaultValue FailureRateSettings failureRate) {

    private static final String PREFIX = "arus.restart.";

    public RestartProperties {
        strategy = strategy.trim().toLowerCase(Locale.ROOT);
        checked(FixedDelay.NAME, fixedDelay::strategy);
        checked(ExponentialDelay.NAME, exponentialDelay::strategy);
        checked(FailureRate.NAME, failureRate::strategy);
        if (RestartStrategies.NAMES.stream().noneMatch(strategy::equals)) {
            throw new IllegalArgumentException(PREFIX + "strategy must be one of " + RestartStrategies.NAMES
                    + ", was '" + strategy + "'");
        }
    }

    /** The strategy of a query whose spec names none. */
    public RestartStrategy defaultStrategy() {
        return switch (strategy) {
            case FixedDelay.NAME -> fixedDelay.strategy();
            case ExponentialDelay.NAME -> exponentialDelay.strategy();
            case FailureRate.NAME -> failureRate.strategy();
            default -> new RestartStrategy.None();
        };
    }

    /** The settings of strategy {@code name} make one; a setting out of range is refused by its key. */
    private static void checked(String name, Supplier<RestartStrategy> settings) {
        try {
            settings.get();
        } catch (InvalidRestartSetting invalid) {
            throw new IllegalArgumentException(PREFIX + name + "." + kebabCase(invalid.field()) + " "
                    + invalid.getMessage().substring(invalid.field().length() + 1));
        }
    }

    /** A spec's {@code initialBackoff} as its key says it: {@code initial-backoff}. */
    static String kebabCase(String camelCase) {
        return camelCase.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /** Flink's {@code restart-strategy.fixed-delay.*} and its defaults. */
    public record FixedDelaySettings(@DefaultValue("1") int attempts, @DefaultValue("1s") Duration delay) {
        FixedDelay strategy() {
            return new FixedDelay(attempts, delay);
        }
    }

    /** Flink's {@code restart-strategy.exponential-delay.*} and its defaults, but a bound on the attempts. */
    public record ExponentialDelaySettings(@DefaultValue("1s") Duration initialBackoff,
                                           @DefaultValue("1m") Duration maxBackoff,
                                           @DefaultValue("1.5") double backoffMultiplier,
                                           @DefaultValue("1h") Duration resetBackoffThreshold,
                                           @DefaultValue("0.1") double jitterFactor,
                                           @DefaultValue("20") int attemptsBeforeResetBackoff) {
        ExponentialDelay strategy() {
            return new ExponentialDelay(initialBackoff, maxBackoff, backoffMultiplier, resetBackoffThreshold,
                    jitterFactor, attemptsBeforeResetBackoff);
        }
    }

    /** Flink's {@code restart-strategy.failure-rate.*} and its defaults. */
    public record FailureRateSettings(@DefaultValue("1") int maxFailuresPerInterval,
                                      @DefaultValue("1m") Duration failureRateInterval,
                                      @DefaultValue("1s") Duration delay) {
        FailureRate strategy() {
            return new FailureRate(maxFailuresPerInterval, failureRateInterval, delay);
        }
    }
}
