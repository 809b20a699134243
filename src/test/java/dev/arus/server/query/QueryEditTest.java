package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.api.ArusSession;
import dev.arus.server.ApiClient;
import dev.arus.server.ApiClient.Response;
import dev.arus.server.QueryEvents;
import dev.arus.server.Specs;
import dev.arus.server.storage.DataDirectory;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * {@code PUT /api/queries/{id}} through the started service: a query's definition replaced in SQL,
 * checked before its old run stops, restarted from its checkpoint when the engine's check of a
 * restart allows the change (Spark's rules), refused with {@code 409} naming Spark's rule
 * otherwise (the old run going on), and started afresh on its checkpoint only when asked; and
 * {@code GET /api/queries/{id}/checkpoint}, the last batch the checkpoint committed.
 */
@StartedService
class QueryEditTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    @Autowired
    DataDirectory dataDirectory;

    private final List<String> created = new ArrayList<>();

    @AfterEach
    void deleteTheQueries() {
        ApiClient api = new ApiClient(port);
        created.forEach(id -> api.delete("/api/queries/" + id + "?purge=true"));
    }

    /**
     * Windows of {@code windowSeconds} over {@code rate-micro-batch} (3 rows a batch, 1 s apart),
     * in SQL, of the rows whose {@code value % modulo} is below {@code below}, to a memory table.
     */
    private static String windows(String name, int windowSeconds, int modulo, int below, String checkpoint) {
        return """
                {"name": "%s",
                 "sql": "SELECT window(timestamp, '%d seconds') AS window, count(*) AS count FROM ticks WATERMARK timestamp DELAY OF INTERVAL 0 SECONDS WHERE value %% %d < %d GROUP BY window(timestamp, '%d seconds')",
                 "tables": {"ticks": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 3, "advanceMillisPerBatch": 1000}}},
                 "outputMode": "append",
                 "trigger": {"processingTime": "50 milliseconds"},
                 "sink": {"format": "memory"},
                 "checkpointLocation": "%s"}
                """.formatted(name, windowSeconds, modulo, below, windowSeconds, checkpoint);
    }

    private String create(ApiClient api, String spec) {
        String id = api.create(spec);
        created.add(id);
        return id;
    }

    @Test
    void replacesTheSqlOfARunningQueryAndGoesOnFromItsCheckpointUnderTheSameId() throws Exception {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        session.streams().addListener(events);
        String id = create(api, windows("edit-compatible", 2, 1, 1, "checkpoints/edit-compatible"));
        events.awaitBatches(id, 6);
        String runBefore = api.query(id).path("runId").asString();

        Response replaced = api.put("/api/queries/" + id, windows("edit-compatible", 2, 2, 2,
                "checkpoints/edit-compatible"));

        assertThat(replaced.status()).as(replaced.body()).isEqualTo(200);
        JsonNode view = replaced.json();
        assertThat(view.path("id").asString()).isEqualTo(id);
        assertThat(view.path("state").asString()).isEqualTo("ACTIVE");
        assertThat(view.path("runId").asString()).isNotEqualTo(runBefore);
        assertThat(view.path("spec").path("sql").asString()).contains("value % 2 < 2");
        assertThat(api.names()).containsOnlyOnce("edit-compatible");
        // The new run goes on after the last batch the old one committed (at least its sixth): ids continue.
        await().atMost(PATIENCE).until(() -> api.get("/api/queries/" + id + "/progress").json().size() >= 2);
        JsonNode progress = api.get("/api/queries/" + id + "/progress").json();
        assertThat(progress.get(0).path("runId").asString()).isEqualTo(view.path("runId").asString());
        assertThat(progress.get(0).path("batchId").asLong()).isGreaterThanOrEqualTo(6);
        List<Long> batchIds = new ArrayList<>();
        api.get("/api/queries/" + id + "/batches").json().forEach(batch -> batchIds.add(batch.path("batchId").asLong()));
        assertThat(batchIds).as("the outputs of both runs").isSorted().doesNotHaveDuplicates();
        // The saved definition is the new one, so a restart of the service brings it back.
        String saved = Files.readString(dataDirectory.eventLogDirectory().resolveSibling("queries").resolve(id + ".json"));
        assertThat(saved).contains("value % 2 < 2").contains("\"ACTIVE\"");
    }

    @Test
    void refusesAChangeOfItsWindowWithSparksRuleAndTheOldRunGoesOnUntouched() throws Exception {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        session.streams().addListener(events);
        String id = create(api, windows("edit-window", 2, 1, 1, "checkpoints/edit-window"));
        events.awaitBatches(id, 4);
        String runBefore = api.query(id).path("runId").asString();

        Response refused = api.put("/api/queries/" + id, windows("edit-window", 4, 1, 1, "checkpoints/edit-window"));

        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        JsonNode problem = refused.json();
        assertThat(problem.path("type").asString()).endsWith("/checkpoint-incompatible");
        assertThat(problem.path("detail").asString()).contains("its aggregation differs")
                .contains("Spark does not allow changes in stateful operations");
        JsonNode after = api.query(id);
        assertThat(after.path("state").asString()).isEqualTo("ACTIVE");
        assertThat(after.path("runId").asString()).isEqualTo(runBefore);
        assertThat(after.path("spec").path("sql").asString()).contains("'2 seconds'");
        int batchesBefore = api.get("/api/queries/" + id + "/progress").json().size();
        await().atMost(PATIENCE).until(() -> api.get("/api/queries/" + id + "/progress").json().size() > batchesBefore);
    }

    @Test
    void startsAfreshOnItsCheckpointUnderTheSameIdOnlyWhenAsked() throws Exception {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        session.streams().addListener(events);
        String id = create(api, windows("edit-reset", 2, 1, 1, "checkpoints/edit-reset"));
        events.awaitBatches(id, 6);
        assertThat(api.get("/api/queries/" + id + "/checkpoint").json().path("lastCommitted").path("batchId")
                .asLong()).isGreaterThanOrEqualTo(5);

        Response replaced = api.put("/api/queries/" + id + "?resetCheckpoint=true",
                windows("edit-reset", 4, 1, 1, "checkpoints/edit-reset"));

        assertThat(replaced.status()).as(replaced.body()).isEqualTo(200);
        assertThat(replaced.json().path("id").asString()).isEqualTo(id);
        await().atMost(PATIENCE).until(() -> !api.get("/api/queries/" + id + "/progress").json().isEmpty());
        assertThat(api.get("/api/queries/" + id + "/progress").json().get(0).path("batchId").asLong())
                .as("the first batch on the fresh checkpoint").isZero();
        // The fresh checkpoint is the same query's: the next edit is checked against the new window.
        Response again = api.put("/api/queries/" + id, windows("edit-reset", 2, 1, 1, "checkpoints/edit-reset"));
        assertThat(again.status()).as(again.body()).isEqualTo(409);
        assertThat(again.json().path("detail").asString()).contains("4 seconds");
    }

    @Test
    void keepsAStoppedQueryStoppedWithItsNewDefinition() throws Exception {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        session.streams().addListener(events);
        String id = create(api, windows("edit-stopped", 2, 1, 1, "checkpoints/edit-stopped"));
        events.awaitBatches(id, 3);
        api.post("/api/queries/" + id + "/stop");
        long lastBatch = api.get("/api/queries/" + id + "/checkpoint").json().path("lastCommitted").path("batchId")
                .asLong();

        Response replaced = api.put("/api/queries/" + id, windows("edit-stopped", 2, 3, 3, "checkpoints/edit-stopped"));

        assertThat(replaced.status()).as(replaced.body()).isEqualTo(200);
        assertThat(replaced.json().path("state").asString()).isEqualTo("STOPPED");
        assertThat(replaced.json().path("spec").path("sql").asString()).contains("value % 3 < 3");
        assertThat(api.post("/api/queries/" + id + "/start").status()).isEqualTo(200);
        await().atMost(PATIENCE).until(() -> !api.get("/api/queries/" + id + "/progress").json().isEmpty());
        assertThat(api.get("/api/queries/" + id + "/progress").json().get(0).path("batchId").asLong())
                .isEqualTo(lastBatch + 1);
    }

    @Test
    void refusesAnotherNameACheckpointElsewhereAndABadStatementBeforeTheRunStops() throws Exception {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        session.streams().addListener(events);
        String id = create(api, windows("edit-refused", 2, 1, 1, "checkpoints/edit-refused"));
        events.awaitBatches(id, 2);
        String runBefore = api.query(id).path("runId").asString();

        Response renamed = api.put("/api/queries/" + id, windows("edit-renamed", 2, 1, 1, "checkpoints/edit-refused"));
        assertThat(renamed.status()).isEqualTo(400);
        assertThat(renamed.json().path("pointer").asString()).isEqualTo("/name");
        Response moved = api.put("/api/queries/" + id, windows("edit-refused", 2, 1, 1, "checkpoints/elsewhere"));
        assertThat(moved.status()).isEqualTo(400);
        assertThat(moved.json().path("pointer").asString()).isEqualTo("/checkpointLocation");
        Response bad = api.put("/api/queries/" + id, windows("edit-refused", 2, 1, 1, "checkpoints/edit-refused")
                .replace("WHERE value", "WHERE valeu"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().path("pointer").asString()).isEqualTo("/sql");

        assertThat(api.query(id).path("runId").asString()).isEqualTo(runBefore);
        assertThat(api.query(id).path("state").asString()).isEqualTo("ACTIVE");
        assertThat(api.put("/api/queries/00000000-0000-0000-0000-000000000000",
                windows("edit-refused", 2, 1, 1, "checkpoints/x")).status()).isEqualTo(404);
    }

    @Test
    void answersNoCheckpointForAQueryWithoutOne() {
        ApiClient api = new ApiClient(port);
        String id = create(api, Specs.idle("edit-no-checkpoint"));

        Response answer = api.get("/api/queries/" + id + "/checkpoint");

        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.json().path("type").asString()).endsWith("/no-checkpoint");
    }
}
