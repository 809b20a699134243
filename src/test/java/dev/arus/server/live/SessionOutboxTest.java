package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.Specs;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Slow clients on the started service, with a small queue per session and a short send timeout:
 * a client on a raw socket with a tiny receive buffer that stops reading, next to one that reads.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.live.session-queue=8", "arus.live.send-timeout=3s"})
class SessionOutboxTest {

    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(3);

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry meters;

    @Test
    void aClientThatNeverReadsNeitherSlowsTheQueryNorOtherClientsAndIsClosed() throws Exception {
        QueriesApi api = new QueriesApi(port);
        String id = api.create(Specs.wide("never-read"));
        try (LiveClient reader = LiveClient.connect(port, id)) {
            await().atMost(LiveClient.DEADLINE).until(() -> api.lastBatchId(id) >= 20);
            List<JsonNode> before = progress(api, id);
            double closedBefore = counter("arus.live.sessions.closed.slow");

            long stalledFrom;
            long stalledUntil;
            try (RawWebSocketClient stalled = new RawWebSocketClient(port, id)) {
                stalledFrom = api.lastBatchId(id);
                await().atMost(Duration.ofSeconds(60))
                        .until(() -> counter("arus.live.sessions.closed.slow") > closedBefore);
                stalledUntil = api.lastBatchId(id);
                assertThat(stalled.readsToEndWithin(LiveClient.DEADLINE)).as("the server ended the connection").isTrue();
            }

            List<JsonNode> during = progress(api, id).stream()
                    .filter(p -> p.path("batchId").asLong() > stalledFrom && p.path("batchId").asLong() <= stalledUntil)
                    .toList();
            // The stall lasted at least the send timeout; a 100 ms trigger makes 10 batches a second.
            assertThat(during).hasSizeGreaterThanOrEqualTo((int) (SEND_TIMEOUT.toMillis() / 100 / 2));
            assertThat(median(during)).as("trigger execution ms during the stall vs before")
                    .isLessThanOrEqualTo(Math.max(3 * median(before), median(before) + 50));
            List<String> readerTypes = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                readerTypes.add(reader.next().path("type").asString());
            }
            assertThat(readerTypes).as("a client that reads loses nothing").doesNotContain("dropped");
        } finally {
            api.delete(id);
        }
    }

    @Test
    void tellsAClientThatFellBehindHowManyMessagesItLost() throws Exception {
        QueriesApi api = new QueriesApi(port);
        String id = api.create(Specs.wide("fell-behind"));
        try (RawWebSocketClient client = new RawWebSocketClient(port, id)) {
            JsonNode snapshot = client.next();
            double droppedBefore = counter("arus.live.messages.dropped");
            await().atMost(LiveClient.DEADLINE).until(() -> counter("arus.live.messages.dropped") > droppedBefore);

            assertInOrderWithEveryLossReported(snapshot, client::next, 40, true);
        } finally {
            api.delete(id);
        }
    }

    /**
     * Clients of a query whose batches follow each other at once, so that its thread starts
     * their sends while earlier ones are in flight: each client gets every message in order,
     * each gap announced by a {@code dropped} message, whichever thread started the send.
     */
    @Test
    void clientsOfAQueryWithoutPausesGetItsMessagesInOrderWithEveryLossReported() throws Exception {
        QueriesApi api = new QueriesApi(port);
        String id = api.create(Specs.fastest("back-to-back"));
        List<LiveClient> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                clients.add(LiveClient.connect(port, id));
            }
            for (LiveClient client : clients) {
                assertInOrderWithEveryLossReported(client.next(), client::next, 200, false);
            }
        } finally {
            clients.forEach(LiveClient::close);
            api.delete(id);
        }
    }

    /** A client's next message. */
    private interface Messages {
        JsonNode next() throws Exception;
    }

    /**
     * Reads messages after {@code snapshot} until more than {@code wanted} batches and progress
     * reports came (and a loss was reported, when {@code untilALoss}): each later than the one
     * before, with the counts of {@code dropped} messages adding up to the positions skipped.
     */
    private static void assertInOrderWithEveryLossReported(JsonNode snapshot, Messages next, int wanted,
                                                           boolean untilALoss)
            throws Exception {
        // Each batch makes two messages, the batch's then its progress: position 2b and 2b + 1.
        long expected = Math.max(2 * last(snapshot.path("batches")), 2 * last(snapshot.path("progress")) + 1) + 1;
        long received = 0;
        long reportedLost = 0;
        long lastPosition = expected - 1;
        boolean done = false;
        while (!done) {
            JsonNode message = next.next();
            assertThat(message).as("the session stays open").isNotNull();
            String type = message.path("type").asString();
            if (type.equals("dropped")) {
                assertThat(message.path("count").asLong()).isPositive();
                reportedLost += message.path("count").asLong();
                continue;
            }
            long position = type.equals("batch") ? 2 * message.path("batchId").asLong()
                    : 2 * message.path("progress").path("batchId").asLong() + 1;
            assertThat(position).as("messages stay in order").isGreaterThan(lastPosition);
            lastPosition = position;
            received++;
            // A dropped message comes before the first message after the gap, so the counts add up at each message.
            assertThat(position - expected + 1 - received).as("messages lost before batch position %d", position)
                    .isEqualTo(reportedLost);
            done = received > wanted && (!untilALoss || reportedLost > 0);
        }
    }

    private double counter(String name) {
        return meters.get(name).counter().count();
    }

    private static List<JsonNode> progress(QueriesApi api, String id) {
        return StreamSupport.stream(api.get("/" + id + "/progress").spliterator(), false).toList();
    }

    private static long median(List<JsonNode> progress) {
        long[] durations = progress.stream()
                .mapToLong(p -> p.path("durationMs").path("triggerExecution").asLong()).sorted().toArray();
        return durations[durations.length / 2];
    }

    private static long last(JsonNode items) {
        return items.isEmpty() ? -1 : items.get(items.size() - 1).path("batchId").asLong();
    }
}
