package dev.arus.server;

import dev.arus.engine.api.ArusSession;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The one engine session of the service; closing it stops every query when the context closes. */
@Configuration(proxyBeanMethods = false)
class EngineConfiguration {

    @Bean(destroyMethod = "close")
    ArusSession arusSession() {
        return ArusSession.builder().build();
    }
}
