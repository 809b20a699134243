package dev.arus.server.query.restart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.server.query.restart.RestartStrategy.ExponentialDelay;
import java.time.Duration;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code arus.restart.*} as Spring binds it from the service's configuration. */
class RestartPropertiesTest {

    @Test
    void theDefaultIsFlinksExponentialDelayBoundedToTwentyAttempts() {
        assertThat(bind(Map.of()).defaultStrategy()).isEqualTo(new ExponentialDelay(Duration.ofSeconds(1),
                Duration.ofMinutes(1), 1.5, Duration.ofHours(1), 0.1, 20));
    }

    @Test
    void theDefaultStrategyIsChosenInAnyCase() {
        RestartProperties settings = bind(Map.of("arus.restart.strategy", " Fixed-Delay ",
                "arus.restart.fixed-delay.attempts", "4", "arus.restart.fixed-delay.delay", "30s"));

        assertThat(settings.defaultStrategy()).isEqualTo(new RestartStrategy.FixedDelay(4, Duration.ofSeconds(30)));
    }

    @Test
    void aSettingOutOfRangeIsRefusedByItsKey() {
        assertRefused(() -> bind(Map.of("arus.restart.exponential-delay.jitter-factor", "2")),
                "arus.restart.exponential-delay.jitter-factor must be between 0 and 1, was 2.0");
        assertRefused(() -> bind(Map.of("arus.restart.exponential-delay.max-backoff", "500ms")),
                "arus.restart.exponential-delay.max-backoff must be at least initialBackoff (1 second), "
                        + "was 500 milliseconds");
        assertRefused(() -> bind(Map.of("arus.restart.failure-rate.max-failures-per-interval", "0")),
                "arus.restart.failure-rate.max-failures-per-interval must be at least 1, was 0");
    }

    @Test
    void anUnknownStrategyIsRefused() {
        assertRefused(() -> bind(Map.of("arus.restart.strategy", "forever")),
                "arus.restart.strategy must be one of [exponential-delay, fixed-delay, failure-rate, none], was 'forever'");
    }

    private static RestartProperties bind(Map<String, String> settings) {
        return new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate("arus.restart",
                RestartProperties.class);
    }

    private static void assertRefused(ThrowingCallable binding, String message) {
        assertThatThrownBy(binding).rootCause().isInstanceOf(IllegalArgumentException.class)
                .satisfies(refused -> assertThat(refused.getMessage()).isEqualTo(message));
    }
}
