package dev.arus.server.live;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.NativeWebSocketSession;
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

    /** Tomcat's per-session bound on one blocking send; other containers keep their own. */
    private static final String TOMCAT_BLOCKING_SEND_TIMEOUT = "org.apache.tomcat.websocket.BLOCKING_SEND_TIMEOUT";

    private final LiveHub hub;
    private final Duration sendTimeout;

    LiveWebSocketHandler(LiveHub hub, Duration sendTimeout) {
        this.hub = hub;
        this.sendTimeout = sendTimeout;
    }

    @Override
    public List<String> getSubProtocols() {
        return List.of(PROTOCOL);
    }

    @Override
    public void afterConnectionEstablished(WebSocketSession session) throws Exception {
        limitSendTime(session);
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

    private void limitSendTime(WebSocketSession session) {
        if (session instanceof NativeWebSocketSession standard
                && standard.getNativeSession() instanceof jakarta.websocket.Session container) {
            container.getUserProperties().put(TOMCAT_BLOCKING_SEND_TIMEOUT, sendTimeout.toMillis());
        }
    }

    private static UUID queryId(WebSocketSession session) {
        return (UUID) session.getAttributes().get(QueryHandshakeInterceptor.QUERY_ID);
    }
}
