package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.Specs;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Issue 11's stuck clients on the started service: clients that complete the handshake to busy
 * queries and then never read, with tiny receive buffers, next to one client per query that
 * reads at once. The send timeout is long, so the stuck clients stay connected, and stuck,
 * for the whole measurement. The defect held every reader behind the stuck clients' sends, for
 * 10 s and more a batch; here each reader must keep getting its batches, each within the live
 * client's deadline. The latencies are printed, not asserted: a test does not judge speed
 * (BENCH live-latency measures it), and on a loaded machine a reader that falls behind its tiny
 * queue is rightly told what it missed.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.live.session-queue=8", "arus.live.send-timeout=60s"})
class SessionOutboxStuckClientsTest {

    private static final int STUCK_CLIENTS = 50;
    private static final int QUERIES = 2;
    private static final int BATCHES_MEASURED = 100;

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry meters;

    @Test
    void fiftyClientsThatNeverReadHoldUpNoReadersBatches() throws Exception {
        QueriesApi api = new QueriesApi(port);
        List<String> ids = new ArrayList<>();
        List<LiveClient> readers = new ArrayList<>();
        List<RawWebSocketClient> stuck = new ArrayList<>();
        try {
            for (int q = 0; q < QUERIES; q++) {
                String id = api.create(Specs.wide("busy-" + q));
                ids.add(id);
                readers.add(LiveClient.connect(port, id));
            }
            readers.forEach(reader -> assertThat(reader.next().path("type").asString()).isEqualTo("snapshot"));
            double droppedBefore = counter("arus.live.messages.dropped");
            double closedBefore = counter("arus.live.sessions.closed.slow");
            for (int c = 0; c < STUCK_CLIENTS; c++) {
                stuck.add(new RawWebSocketClient(port, ids.get(c % QUERIES)));
            }
            // Their queues overflow once their sockets are full: from then on they are stuck.
            await().atMost(LiveClient.DEADLINE)
                    .until(() -> counter("arus.live.messages.dropped") - droppedBefore >= STUCK_CLIENTS);
            long measuredFrom = System.currentTimeMillis();

            List<String> report = new ArrayList<>();
            for (int q = 0; q < QUERIES; q++) {
                long[] latencies = batchLatencies(readers.get(q), measuredFrom);
                long p95 = latencies[latencies.length * 95 / 100 - 1];
                long worst = latencies[latencies.length - 1];
                report.add("query " + q + ": median " + latencies[latencies.length / 2] + " ms, p95 " + p95
                        + " ms, worst " + worst + " ms");
            }
            System.out.printf("STUCK CLIENTS: %d clients that never read; batch latency of a reader over %d batches: %s%n",
                    STUCK_CLIENTS, BATCHES_MEASURED, report);
            assertThat(counter("arus.live.sessions.closed.slow")).as("stuck clients closed during the measurement")
                    .isEqualTo(closedBefore);
        } finally {
            for (RawWebSocketClient client : stuck) {
                client.close();
            }
            readers.forEach(LiveClient::close);
            ids.forEach(api::delete);
        }
    }

    /**
     * The time from each batch's commit to its arrival at {@code reader}, in milliseconds, sorted,
     * for the first {@value #BATCHES_MEASURED} batches committed from {@code fromMillis} on; the
     * reader must get the batches in order, each within the client's deadline, and may skip only
     * those a {@code dropped} message owned up to.
     */
    private static long[] batchLatencies(LiveClient reader, long fromMillis) {
        long[] latencies = new long[BATCHES_MEASURED];
        int measured = 0;
        long lastBatchId = -1;
        boolean toldOfDrops = false;
        while (measured < BATCHES_MEASURED) {
            LiveClient.Received received = reader.nextReceived();
            JsonNode message = received.message();
            String type = message.path("type").asString();
            assertThat(type).as("a reader's message").isIn("batch", "progress", "dropped");
            if (type.equals("dropped")) {
                toldOfDrops = true;
                continue;
            }
            if (!type.equals("batch")) {
                continue;
            }
            long batchId = message.path("batchId").asLong();
            if (lastBatchId >= 0 && !toldOfDrops) {
                assertThat(batchId).as("the batch after %d", lastBatchId).isEqualTo(lastBatchId + 1);
            } else if (lastBatchId >= 0) {
                assertThat(batchId).as("a batch after %d", lastBatchId).isGreaterThan(lastBatchId);
            }
            toldOfDrops = false;
            lastBatchId = batchId;
            long committedAt = Instant.parse(message.path("timestamp").asString()).toEpochMilli();
            if (committedAt >= fromMillis) {
                latencies[measured++] = received.atMillis() - committedAt;
            }
        }
        Arrays.sort(latencies);
        return latencies;
    }

    private double counter(String name) {
        return meters.get(name).counter().count();
    }
}
