package dev.arus.server.query.restart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.server.query.restart.RestartStrategy.ExponentialDelay;
import dev.arus.server.query.restart.RestartStrategy.FixedDelay;
import dev.arus.server.web.ProblemException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** A spec's {@code restart} as the service reads it, filled in from {@code arus.restart.*}. */
class RestartStrategiesTest {

    private final RestartStrategies strategies = new RestartStrategies(new Binder(new MapConfigurationPropertySource(
            Map.of("arus.restart.fixed-delay.delay", "5s", "arus.restart.exponential-delay.max-backoff", "1m")))
            .bindOrCreate("arus.restart", RestartProperties.class));

    @Test
    void aSpecWithoutOneHasTheServicesStrategy() {
        assertThat(strategies.of(null)).isEqualTo(new ExponentialDelay(Duration.ofSeconds(1), Duration.ofMinutes(1),
                1.5, Duration.ofHours(1), 0.1, 20));
    }

    @Test
    void theParametersASpecLeavesOutAreTheServicesForItsStrategy() {
        RestartSpec threeAttempts = new RestartSpec("fixed-delay", 3, null, null, null, null, null, null, null, null,
                null);

        assertThat(strategies.of(threeAttempts)).isEqualTo(new FixedDelay(3, Duration.ofSeconds(5)));
    }

    @Test
    void aSpecsIntervalsAreSparksIntervalStrings() {
        RestartSpec spec = new RestartSpec("exponential-delay", null, null, "1.5 seconds", "10 minutes", 2.0,
                "interval 2 hours", 0.0, 5, null, null);

        assertThat(strategies.of(spec)).isEqualTo(new ExponentialDelay(Duration.ofMillis(1500), Duration.ofMinutes(10),
                2.0, Duration.ofHours(2), 0.0, 5));
    }

    @Test
    void aValueThatClashesWithTheServicesSaysWhichSettingAndWhatToGive() {
        RestartSpec slowStart = new RestartSpec("exponential-delay", null, null, "2 minutes", null, null, null, null,
                null, null, null);

        assertThatThrownBy(() -> strategies.of(slowStart)).isInstanceOfSatisfying(ProblemException.class, refused -> {
            assertThat(refused.properties()).containsEntry("pointer", "/restart");
            assertThat(refused.getMessage()).isEqualTo("Invalid restart strategy: maxBackoff must be at least "
                    + "initialBackoff (2 minutes), was 1 minute, the service's arus.restart.exponential-delay.max-backoff; "
                    + "give maxBackoff too");
        });
    }

    @Test
    void aParameterOfAnotherStrategyIsRefusedNamingThoseItTakes() {
        RestartSpec mixed = new RestartSpec("failure-rate", 3, null, null, null, null, null, null, null, null, null);

        assertThatThrownBy(() -> strategies.of(mixed)).isInstanceOfSatisfying(ProblemException.class, refused -> {
            assertThat(refused.properties()).containsEntry("pointer", "/restart/attempts");
            assertThat(refused.getMessage()).isEqualTo("The failure-rate restart strategy takes no 'attempts'; it takes "
                    + "maxFailuresPerInterval, failureRateInterval, delay");
        });
    }
}
