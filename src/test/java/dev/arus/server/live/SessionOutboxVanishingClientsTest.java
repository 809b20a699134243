package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.Specs;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
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
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.limits.live-handshakes-per-minute=1000000"})
class SessionOutboxVanishingClientsTest {

    private static final int CLIENTS = 200;

    @LocalServerPort
    int port;

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
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(previous);
            api.delete(id);
        }
        assertThat(escaped).as("exceptions that reached a thread's top").isEmpty();
    }
}
