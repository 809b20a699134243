package dev.arus.server.live;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * Admits a handshake to {@code /ws/queries/{id}} only for a query with an open topic: any other
 * path segment, a UUID or not, gets {@code 404} and no WebSocket. The admitted query's id goes
 * into the session's attributes under {@link #QUERY_ID}.
 */
final class QueryHandshakeInterceptor implements HandshakeInterceptor {

    static final String QUERY_ID = "arus.queryId";

    private final LiveHub hub;

    QueryHandshakeInterceptor(LiveHub hub) {
        this.hub = hub;
    }

    @Override
    public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler,
                                   Map<String, Object> attributes) {
        Optional<UUID> id = queryId(request.getURI().getPath()).filter(known -> hub.find(known).isPresent());
        if (id.isEmpty()) {
            response.setStatusCode(HttpStatus.NOT_FOUND);
            return false;
        }
        attributes.put(QUERY_ID, id.get());
        return true;
    }

    @Override
    public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler,
                               Exception failure) {
    }

    private static Optional<UUID> queryId(String path) {
        try {
            return Optional.of(UUID.fromString(path.substring(path.lastIndexOf('/') + 1)));
        } catch (IllegalArgumentException notAUuid) {
            return Optional.empty();
        }
    }
}
