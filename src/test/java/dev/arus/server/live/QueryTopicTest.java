package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.Specs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** A busy query's snapshot on the started service, with snapshot bounds smaller than what the REST API keeps. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.live.snapshot-batches=3", "arus.live.snapshot-progress=4"})
class QueryTopicTest {

    @LocalServerPort
    int port;

    @Test
    void theSnapshotHoldsOnlyTheLatestBatchesAndProgressAndTheRestApiPagesBackFromIt() {
        QueriesApi api = new QueriesApi(port);
        String id = api.create(Specs.wide("busy-snapshot"));
        try {
            await().atMost(LiveClient.DEADLINE).until(() -> api.lastBatchId(id) >= 10);
            try (LiveClient client = LiveClient.connect(port, id)) {
                JsonNode snapshot = client.next();
                List<Long> batches = batchIds(snapshot.path("batches"));
                List<Long> progress = batchIds(snapshot.path("progress"));
                assertThat(batches).as("the snapshot's batches").hasSize(3);
                assertThat(progress).as("the snapshot's progress").hasSize(4);
                assertConsecutive(batches);
                assertConsecutive(progress);

                long newest = batches.get(2);
                assertThat(client.nextMatching(LiveClient.ofType("batch")).path("batchId").asLong())
                        .as("the first batch after the snapshot").isEqualTo(newest + 1);
                long oldest = batches.get(0);
                assertThat(batchIds(api.get("/" + id + "/batches?limit=5&before=" + oldest)))
                        .as("the page of batches before the snapshot's")
                        .containsExactly(oldest - 5, oldest - 4, oldest - 3, oldest - 2, oldest - 1);
            }
        } finally {
            api.delete(id);
        }
    }

    private static void assertConsecutive(List<Long> batchIds) {
        for (int i = 1; i < batchIds.size(); i++) {
            assertThat(batchIds.get(i)).as("the batch after %d", batchIds.get(i - 1)).isEqualTo(batchIds.get(i - 1) + 1);
        }
    }

    private static List<Long> batchIds(JsonNode list) {
        List<Long> ids = new ArrayList<>();
        list.forEach(item -> ids.add(item.path("batchId").asLong()));
        return ids;
    }
}
