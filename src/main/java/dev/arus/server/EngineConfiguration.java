package dev.arus.server;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.time.Clock;
import dev.arus.engine.time.SystemClock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The one engine session of the service; closing it stops every query when the context closes. */
@Configuration(proxyBeanMethods = false)
class EngineConfiguration {

    /** The engine's time: the system clock; a test may declare a {@code @Primary} clock of its own. */
    @Bean
    Clock engineClock() {
        return SystemClock.INSTANCE;
    }

    /** Each query's aggregation state is bounded by {@code arus.limits.max-state-rows}. */
    @Bean(destroyMethod = "close")
    ArusSession arusSession(Clock clock, ArusProperties properties) {
        return ArusSession.builder().clock(clock).maxStateRows(properties.limits().maxStateRows()).build();
    }
}
