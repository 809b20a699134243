package dev.arus.server.live;

import static dev.arus.server.live.LiveClient.ofType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** {@code /ws/queries/{id}} on the started service, with real WebSocket clients that read at once. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.live.allowed-origins=http://dashboard.example"})
class LiveWebSocketHandlerTest {

    @LocalServerPort
    int port;

    @Test
    void sendsTheSnapshotFirstThenEveryBatchInOrderWithNoneLost() {
        QueriesApi api = new QueriesApi(port);
        String id = api.create(Specs.chapterOverMicroBatches("live-in-order"));
        await().atMost(LiveClient.DEADLINE).until(() -> api.lastBatchId(id) >= 3);

        try (LiveClient client = LiveClient.connect(port, id)) {
            JsonNode snapshot = client.next();
            assertThat(snapshot.path("type").asString()).isEqualTo("snapshot");
            assertThat(snapshot.path("queryId").asString()).isEqualTo(id);
            assertThat(snapshot.path("query").path("id").asString()).isEqualTo(id);
            assertThat(snapshot.path("query").path("state").asString()).isEqualTo("ACTIVE");
            List<Long> snapshotBatches = batchIds(snapshot.path("batches"));
            assertThat(snapshotBatches).first().isEqualTo(0L);
            assertThat(snapshotBatches).isSortedAccordingTo(Long::compare).doesNotHaveDuplicates();
            assertThat(snapshot.path("progress").get(0).path("batchId").asLong()).isZero();
            long lastInSnapshot = snapshotBatches.get(snapshotBatches.size() - 1);

            List<Long> pushed = new ArrayList<>();
            JsonNode windowRow = null;
            while (pushed.size() < 25) {
                JsonNode message = client.next();
                assertThat(message.path("type").asString()).isIn("batch", "progress");
                assertThat(message.path("queryId").asString()).isEqualTo(id);
                if (message.path("type").asString().equals("batch")) {
                    pushed.add(message.path("batchId").asLong());
                    assertThat(message.path("numRows").asLong()).isEqualTo(message.path("rows").size());
                    if (windowRow == null && message.path("numRows").asLong() > 0) {
                        windowRow = message.path("rows").get(0);
                    }
                }
            }

            assertThat(pushed).first().isEqualTo(lastInSnapshot + 1);
            for (int i = 1; i < pushed.size(); i++) {
                assertThat(pushed.get(i)).as("batch after %s", pushed.get(i - 1)).isEqualTo(pushed.get(i - 1) + 1);
            }
            assertThat(windowRow).as("a finalized window among the first batches").isNotNull();
            assertThat(windowRow.path("window").path("start").asString()).isEqualTo("1970-01-01T00:00:00.000Z");
            assertThat(windowRow.path("window").path("end").asString()).isEqualTo("1970-01-01T00:00:08.000Z");
            assertThat(windowRow.path("count").isNumber()).isTrue();
        } finally {
            api.delete(id);
        }
    }

    @Test
    void pushesProgressAfterItsBatchWithTheRestApisFields() {
        QueriesApi api = new QueriesApi(port);
        String id = api.create(Specs.chapterOverMicroBatches("live-progress"));
        try (LiveClient client = LiveClient.connect(port, id)) {
            client.next();
            JsonNode batch = client.nextMatching(ofType("batch"));
            JsonNode progress = client.next();

            assertThat(progress.path("type").asString()).isEqualTo("progress");
            assertThat(progress.path("progress").path("batchId").asLong()).isEqualTo(batch.path("batchId").asLong());
            assertThat(progress.path("progress").path("id").asString()).isEqualTo(id);
            assertThat(progress.path("progress").path("durationMs").has("triggerExecution")).isTrue();
            assertThat(progress.path("progress").path("eventTime").has("watermark")).isTrue();
        } finally {
            api.delete(id);
        }
    }

    @Test
    void tellsOfStopStartAndDeleteThenClosesNormally() {
        QueriesApi api = new QueriesApi(port);
        String id = api.create(Specs.chapterOverMicroBatches("live-status"));
        try (LiveClient client = LiveClient.connect(port, id)) {
            String firstRun = client.next().path("query").path("runId").asString();

            api.post("/" + id + "/stop");
            JsonNode stopped = client.nextMatching(ofType("status"));
            assertThat(stopped.path("state").asString()).isEqualTo("STOPPED");
            assertThat(stopped.path("runId").asString()).isEqualTo(firstRun);
            assertThat(stopped.path("status").path("message").asString()).isEqualTo("Stopped");
            assertThat(stopped.path("status").path("isTriggerActive").asBoolean(true)).isFalse();
            assertThat(stopped.has("exception")).isTrue();
            assertThat(stopped.path("exception").isNull()).isTrue();

            api.post("/" + id + "/start");
            JsonNode started = client.nextMatching(ofType("status"));
            assertThat(started.path("state").asString()).isEqualTo("ACTIVE");
            assertThat(started.path("runId").asString()).isNotEqualTo(firstRun);
            assertThat(client.next().path("type").asString()).as("the new run's batches follow").isEqualTo("batch");

            api.delete(id);
            assertThat(client.nextMatching(ofType("status")).path("state").asString()).isEqualTo("STOPPED");
            assertThat(client.nextMatching(ofType("status")).path("state").asString()).isEqualTo("DELETED");
            assertThat(client.closing().statusCode()).isEqualTo(1000);
        }
    }

    @Test
    void refusesTheHandshakeWith404ForAnUnknownQuery() {
        assertThat(LiveClient.refusedHandshakeStatus(port, UUID.randomUUID().toString(), null)).isEqualTo(404);
        assertThat(LiveClient.refusedHandshakeStatus(port, "not-a-uuid", null)).isEqualTo(404);
    }

    @Test
    void acceptsOnlyItsOwnOriginAndTheAllowedOnes() {
        QueriesApi api = new QueriesApi(port);
        String id = api.create(Specs.chapterOverMicroBatches("live-origins"));
        try {
            assertThat(LiveClient.refusedHandshakeStatus(port, id, "http://elsewhere.example")).isEqualTo(403);
            for (String allowed : List.of("http://localhost:" + port, "http://dashboard.example")) {
                try (LiveClient client = LiveClient.connect(port, id, allowed)) {
                    assertThat(client.next().path("type").asString()).isEqualTo("snapshot");
                }
            }
        } finally {
            api.delete(id);
        }
    }

    private static List<Long> batchIds(JsonNode batches) {
        List<Long> ids = new ArrayList<>();
        batches.forEach(batch -> ids.add(batch.path("batchId").asLong()));
        return ids;
    }
}
