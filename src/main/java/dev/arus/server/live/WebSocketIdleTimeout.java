package dev.arus.server.live;

import dev.arus.server.ArusProperties;
import jakarta.servlet.ServletContext;
import jakarta.websocket.server.ServerContainer;
import java.time.Duration;
import org.apache.tomcat.websocket.BackgroundProcess;
import org.springframework.stereotype.Component;
import org.springframework.web.context.ServletContextAware;

/**
 * A WebSocket session is idle while nothing is read from its client and nothing is sent to it;
 * one idle for {@code arus.limits.websocket-idle-timeout} is closed (1001, going away), so that a
 * client that stops halfway through a frame holds its connection no longer than one that sends
 * nothing. Tomcat checks its sessions once a second here (every 10 s by default) and drops the
 * connection if the client does not answer the close within its 30 s close timeout. The HTTP
 * handshake before is bounded by the connector's {@code server.tomcat.connection-timeout}.
 */
@Component
class WebSocketIdleTimeout implements ServletContextAware {

    private static final int CHECK_PERIOD_SECONDS = 1;

    private final Duration timeout;

    WebSocketIdleTimeout(ArusProperties properties) {
        this.timeout = properties.limits().websocketIdleTimeout();
    }

    @Override
    public void setServletContext(ServletContext servletContext) {
        ServerContainer container = (ServerContainer) servletContext.getAttribute(ServerContainer.class.getName());
        container.setDefaultMaxSessionIdleTimeout(timeout.toMillis());
        if (container instanceof BackgroundProcess tomcat) {
            tomcat.setProcessPeriod(CHECK_PERIOD_SECONDS);
        }
    }
}
