package dev.arus.server.security;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Who may change the service, under {@code arus.security.*}.
 *
 * @param apiToken       when set, every request that changes something (and the Actuator beyond
 *                       health and Prometheus, and the live WebSocket) needs it as a bearer token;
 *                       unset, the service listens on 127.0.0.1 only
 * @param allowAnonymous lets a service without a token listen on another address; off by default
 *                       because anyone who reaches the port could then start work on it
 */
@ConfigurationProperties("arus.security")
public record ApiSecurityProperties(String apiToken, @DefaultValue("false") boolean allowAnonymous) {

    /** Whether a token is configured; a blank value counts as none. */
    public boolean tokenRequired() {
        return apiToken != null && !apiToken.isBlank();
    }
}
