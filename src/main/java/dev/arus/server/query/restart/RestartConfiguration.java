package dev.arus.server.query.restart;

import dev.arus.engine.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The service's restart strategies ({@code arus.restart.*}) and the one timer of their attempts. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RestartProperties.class)
class RestartConfiguration {

    /** On the engine's clock; a test may declare a {@code @Primary} timer of its own that it runs by hand. */
    @Bean(destroyMethod = "close")
    ScheduledRestartTimer restartTimer(Clock clock) {
        return new ScheduledRestartTimer(clock);
    }
}
