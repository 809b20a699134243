package dev.arus.server.security;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.ConfigurableWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Decides the address the server listens on before it starts. With an API token, whatever
 * {@code server.address} says. Without one, 127.0.0.1 when no address is set; a loopback address
 * as set; any other address (such as 0.0.0.0 in a container) refuses to start, saying why, unless
 * {@code arus.security.allow-anonymous=true}, which logs a warning instead: without a token,
 * anyone who reaches the port could start work on the service.
 */
final class ListenAddressGuard implements WebServerFactoryCustomizer<ConfigurableWebServerFactory>, Ordered {

    private static final Logger log = LoggerFactory.getLogger(ListenAddressGuard.class);

    private final ApiSecurityProperties security;
    private final String configuredAddress;

    /** @param configuredAddress {@code server.address}, or null when it is not set */
    ListenAddressGuard(ApiSecurityProperties security, String configuredAddress) {
        this.security = security;
        this.configuredAddress = configuredAddress == null || configuredAddress.isBlank() ? null : configuredAddress.trim();
    }

    @Override
    public void customize(ConfigurableWebServerFactory factory) {
        if (security.tokenRequired()) {
            return;
        }
        InetAddress address = resolve(configuredAddress);
        if (address != null && address.isLoopbackAddress()) {
            return;
        }
        if (security.allowAnonymous()) {
            log.warn("arus.security.allow-anonymous=true and no arus.security.api-token: anyone who reaches {} can "
                    + "create, stop and delete queries", configuredAddress == null ? "this port" : configuredAddress);
            return;
        }
        if (address == null) {
            factory.setAddress(resolve("127.0.0.1"));
            log.info("No arus.security.api-token is set: listening on 127.0.0.1 only");
            return;
        }
        throw new MissingApiTokenException(configuredAddress);
    }

    private static InetAddress resolve(String address) {
        if (address == null) {
            return null;
        }
        try {
            return InetAddress.getByName(address);
        } catch (UnknownHostException unknown) {
            throw new IllegalStateException("server.address '" + address + "' is not a known address", unknown);
        }
    }

    /** After Spring Boot's own customizer, which applies {@code server.address}. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
