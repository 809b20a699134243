package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.Specs;
import java.io.IOException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Clients that vanish while messages stream to them, on the started service. Tomcat, reading the
 * connection's end, fails the send in flight and writes its close frame while that send may still
 * be writing on another thread; the two share the session's frame header buffer, and the socket's
 * write then throws {@code IllegalArgumentException: newPosition > limit} (Tomcat 11.0.22). That
 * ends the one session and reaches no thread's top.
 *
 * <p>The clients are plain sockets that check each message is UTF-8, not the JDK's WebSocket client:
 * JDK 17.0.15's failed 11 rounds in 180 here with {@code ProtocolException: Invalid UTF-8 in
 * frame TEXT} at a client that read on, while the bytes the server had sent on that connection, taken
 * through a TCP proxy, were well-formed frames of well-formed UTF-8, hundreds of them.
 *
 * <p>One exception may reach a Tomcat thread's top without the service at fault: Tomcat completes
 * a vanished client's last send twice. {@code WsRemoteEndpointImplServer.clearHandler} reads and
 * clears the send's handler unguarded, and two threads call it at once: the write's own failure,
 * and the read of the client's reset ({@code WsHttpUpgradeHandler.close} clears "any in-flight
 * message write (that probably failed)"). Each dispatches the completion to a Tomcat thread; the
 * second's {@code StateMachine.complete} throws {@code IllegalStateException: The remote endpoint
 * was in state [OPEN]} in Tomcat's {@code TextMessageSendHandler}, before it would call the
 * outbox's handler: no code of the service is on that stack to catch it. The session is closing
 * by then, and its outbox goes when Tomcat reports the close.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.limits.live-handshakes-per-minute=1000000"})
class SessionOutboxVanishingClientsTest {

    private static final int CLIENTS = 200;

    @LocalServerPort
    int port;

    @Autowired
    LiveHub hub;

    @Test
    void clientsThatVanishMidStreamEndOnlyTheirOwnSessions() throws IOException {
        List<Throwable> escaped = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> escaped.add(failure));
        QueriesApi api = new QueriesApi(port);
        String id = api.create(Specs.fastest("vanishing-clients"));
        try {
            for (int i = 0; i < CLIENTS; i++) {
                try (RawWebSocketClient client = new RawWebSocketClient(port, id)) { // closes with unread data: a reset
                    for (int message = 0; message < 3 + i % 10; message++) {
                        assertThat(client.next()).as("message %d to client %d", message, i).isNotNull();
                    }
                }
            }
            try (RawWebSocketClient reader = new RawWebSocketClient(port, id)) {
                JsonNode message = reader.next();
                while (message != null && !LiveClient.ofType("batch").test(message)) {
                    message = reader.next();
                }
                assertThat(message).as("the query still runs and a new client gets its batches").isNotNull();
                assertThat(message.path("batchId").asLong()).isPositive();
            }
            QueryTopic topic = hub.find(UUID.fromString(id)).orElseThrow();
            await("every session's outbox gone").atMost(LiveClient.DEADLINE).until(() -> topic.sessionCount() == 0);
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(previous);
            api.delete(id);
        }
        assertThat(escaped).as("exceptions that reached a thread's top")
                .filteredOn(failure -> !tomcatCompletedASendTwice(failure)).isEmpty();
    }

    /** Thrown by Tomcat's second completion of one send (see above), with no frame of the service. */
    private static boolean tomcatCompletedASendTwice(Throwable failure) {
        List<StackTraceElement> stack = List.of(failure.getStackTrace());
        return failure instanceof IllegalStateException
                && stack.stream().anyMatch(frame -> frame.getMethodName().equals("onResult") && frame.getClassName()
                        .equals("org.apache.tomcat.websocket.WsRemoteEndpointImplBase$TextMessageSendHandler"))
                && stack.stream().noneMatch(frame -> frame.getClassName().startsWith("dev.arus."));
    }
}
