package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.Specs;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Clients that vanish while messages stream to them, on the started service. Tomcat, reading the
 * connection's end, fails the send in flight and writes its close frame while that send may still
 * be writing on another thread; the two share the session's frame header buffer, and the socket's
 * write then throws {@code IllegalArgumentException: newPosition > limit} (Tomcat 11.0.22). That
 * ends the one session and reaches no thread's top.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.limits.live-handshakes-per-minute=1000000"})
class SessionOutboxVanishingClientsTest {

    private static final int CLIENTS = 200;

    @LocalServerPort
    int port;

    @Test
    void clientsThatVanishMidStreamEndOnlyTheirOwnSessions() {
        List<Throwable> escaped = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> escaped.add(failure));
        QueriesApi api = new QueriesApi(port);
        String id = api.create(Specs.fastest("vanishing-clients"));
        try {
            for (int i = 0; i < CLIENTS; i++) {
                try (LiveClient client = LiveClient.connect(port, id)) { // closes by aborting the connection
                    for (int message = 0; message < 3 + i % 10; message++) {
                        client.next();
                    }
                }
            }
            try (LiveClient reader = LiveClient.connect(port, id)) {
                assertThat(reader.nextMatching(LiveClient.ofType("batch")).path("batchId").asLong())
                        .as("the query still runs and a new client gets its batches").isPositive();
            }
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(previous);
            api.delete(id);
        }
        assertThat(escaped).as("exceptions that reached a thread's top").isEmpty();
    }
}
