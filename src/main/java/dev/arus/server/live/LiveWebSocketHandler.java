package dev.arus.server.live;

import java.util.List;
import java.util.UUID;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.SubProtocolCapable;
import org.springframework.web.socket.handler.TextWebSocketHandler;

/**
 * Joins each session of {@code /ws/queries/{id}} to its query's topic for as long as it is open.
 * The feed goes one way: what a client sends is ignored. It speaks the subprotocol
 * {@value #PROTOCOL}, which a browser names when it passes the API token as a second
 * subprotocol (a browser cannot set headers on a WebSocket): the handshake must then answer
 * with a subprotocol the client offered.
 */
final class LiveWebSocketHandler extends TextWebSocketHandler implements SubProtocolCapable {

    static final String PROTOCOL = "arus.live";

    private final LiveHub hub;

    LiveWebSocketHandler(LiveHub hub) {
        this.hub = hub;
    }

    @Override
    public List<String> getSubProtocols() {
        return List.of(PROTOCOL);
    }

    @Override
    public void afterConnectionEstablished(WebSocketSession session) throws Exception {
        boolean subscribed = hub.find(queryId(session)).map(topic -> topic.subscribe(session)).orElse(false);
        if (!subscribed) {
            // Deleted between the handshake and now.
            session.close(CloseStatus.NORMAL.withReason("Query deleted"));
        }
    }

    @Override
    public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
        hub.find(queryId(session)).ifPresent(topic -> topic.unsubscribe(session));
    }

    private static UUID queryId(WebSocketSession session) {
        return (UUID) session.getAttributes().get(QueryHandshakeInterceptor.QUERY_ID);
    }
}
