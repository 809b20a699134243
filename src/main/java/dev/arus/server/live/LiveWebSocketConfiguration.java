package dev.arus.server.live;

import dev.arus.server.ArusProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;

/**
 * {@code /ws/queries/{id}} (DESIGN §5). Origins: the page's own origin always; others only as
 * listed in {@code arus.live.allowed-origins} (patterns such as {@code http://localhost:[*]}),
 * since a browser lets any site open a WebSocket to us and the feed shows query results.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocket
class LiveWebSocketConfiguration implements WebSocketConfigurer {

    private final LiveHub hub;
    private final ArusProperties.Live properties;

    LiveWebSocketConfiguration(LiveHub hub, ArusProperties properties) {
        this.hub = hub;
        this.properties = properties.live();
    }

    @Override
    public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
        registry.addHandler(new LiveWebSocketHandler(hub), "/ws/queries/*")
                .setHandshakeHandler(new ProblemHandshakeHandler())
                .addInterceptors(new QueryHandshakeInterceptor(hub))
                .setAllowedOriginPatterns(properties.allowedOrigins().toArray(String[]::new));
    }
}
