package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.sink.FileSinkLogReader;
import dev.arus.server.AdjustableClock;
import dev.arus.server.ApiClient;
import dev.arus.server.FileInTheWay;
import dev.arus.server.Specs;
import dev.arus.server.live.LiveClient;
import dev.arus.server.query.restart.ManualRestartTimer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Restarts through the service, on a real file system: a query whose disk refuses a write is
 * RESTARTING and comes back by itself once the disk takes writes again, its output as if it never
 * failed; what its strategy does not restart, or a user stops or deletes, stays as the user left
 * it. The restart timer runs by hand on the service's clock ({@link ManualRestartTimer}, an
 * {@link AdjustableClock}), so a test moves time to an attempt instead of waiting for it. A
 * directory replaced by a file refuses writes even to root, which a {@code chmod} does not.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.limits.mutating-requests-per-minute=1000000"})
@Import({AdjustableClock.Configuration.class, ManualRestartTimer.Configuration.class})
class QueryRestartsTest {

    private static final Path DATA = temporaryDirectory();
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String TEN_SECONDS = """
            {"strategy": "fixed-delay", "attempts": 5, "delay": "10 seconds"}""";

    @LocalServerPort
    int port;

    @Autowired
    AdjustableClock clock;

    @Autowired
    ManualRestartTimer timer;

    @DynamicPropertySource
    static void dataDirectory(DynamicPropertyRegistry registry) {
        registry.add("arus.data-dir", DATA::toString);
    }

    @AfterEach
    void deleteEveryQuery() {
        new ApiClient(port).deleteEveryQuery();
    }

    @Test
    void aQueryWhoseSinkDirectoryWasUnwritableComesBackActiveWithTheOutputOfARunThatNeverFailed() throws IOException {
        ApiClient api = new ApiClient(port);
        String steady = api.create(Specs.windowsToFiles("steady", "checkpoints/steady", "out/steady", 2));
        String mended = api.create(Specs.withRestart(
                Specs.windowsToFiles("mended", "checkpoints/mended", "out/mended", 2), TEN_SECONDS));
        awaitBatch(api, mended, 3);

        FileInTheWay inTheWay = FileInTheWay.of(DATA.resolve("out/mended"));
        JsonNode restarting = awaitState(api, mended, "RESTARTING");

        assertThat(restarting.path("exception").path("errorClass").asString()).startsWith("STORAGE_WRITE_FAILED.");
        assertThat(restarting.path("restart").path("strategy").asString()).isEqualTo("fixed-delay");
        assertThat(restarting.path("restart").path("attempt").asInt()).isEqualTo(1);
        assertThat(restarting.path("restart").path("maxAttempts").asInt()).isEqualTo(5);
        Instant next = Instant.parse(restarting.path("restart").path("nextAttemptAt").asString());
        assertThat(next).isAfter(now()).isBeforeOrEqualTo(now().plusSeconds(10));
        JsonNode listed = api.get("/api/queries").json().valueStream()
                .filter(query -> query.path("id").asString().equals(mended)).findFirst().orElseThrow();
        assertThat(listed.path("state").asString()).isEqualTo("RESTARTING");
        assertThat(listed.path("restart")).isEqualTo(restarting.path("restart"));
        assertThat(listed.path("exception").path("errorClass")).isEqualTo(restarting.path("exception").path("errorClass"));

        // Still unwritable at the first attempt: the new run fails too, and the next attempt is the second.
        runAttemptAt(next);
        JsonNode again = await().atMost(PATIENCE).until(() -> api.query(mended),
                query -> query.path("restart").path("attempt").asInt() == 2);
        assertThat(again.path("state").asString()).isEqualTo("RESTARTING");
        assertThat(again.path("restarts").asLong()).isEqualTo(1);

        inTheWay.remove();
        runAttemptAt(Instant.parse(again.path("restart").path("nextAttemptAt").asString()));

        JsonNode back = api.query(mended);
        assertThat(back.path("state").asString()).isEqualTo("ACTIVE");
        assertThat(back.path("restarts").asLong()).isEqualTo(2);
        assertThat(back.has("restart")).isFalse();
        long failedAt = restarting.path("lastProgress").path("batchId").asLong();
        awaitBatch(api, mended, failedAt + 12);
        api.post("/api/queries/" + mended + "/stop");
        awaitBatch(api, steady, failedAt + 12);
        api.post("/api/queries/" + steady + "/stop");

        Map<Long, List<String>> output = FileSinkLogReader.read(DATA.resolve("out/mended"));
        Map<Long, List<String>> reference = FileSinkLogReader.read(DATA.resolve("out/steady"));
        long common = Math.min(lastKey(output), lastKey(reference));
        assertThat(common).isGreaterThan(failedAt + 10);
        assertThat(output).as("every batch, the one that failed among them, once")
                .containsAllEntriesOf(headOf(reference, common));
        assertThat(headOf(output, common).values().stream().filter(rows -> !rows.isEmpty()).count())
                .as("windows were written before and after the failure").isGreaterThan(4);
    }

    @Test
    void theLiveFeedTellsOfTheRestartingQueryAndOfItsNewRun() throws IOException {
        ApiClient api = new ApiClient(port);
        String id = api.create(Specs.withRestart(Specs.windowsToFiles("watched", "checkpoints/watched", "out/watched", 2),
                TEN_SECONDS));
        awaitBatch(api, id, 1);
        try (LiveClient live = LiveClient.connect(port, id)) {
            live.next();
            Path commits = DATA.resolve("checkpoints/watched/commits");
            FileInTheWay inTheWay = FileInTheWay.of(commits);

            JsonNode restarting = live.nextMatching(message -> message.path("type").asString().equals("status"));

            assertThat(restarting.path("state").asString()).isEqualTo("RESTARTING");
            assertThat(restarting.path("exception").path("errorClass").asString()).startsWith("STORAGE_WRITE_FAILED.");
            assertThat(restarting.path("restart")).isEqualTo(api.query(id).path("restart"));
            inTheWay.remove();
            runAttemptAt(Instant.parse(restarting.path("restart").path("nextAttemptAt").asString()));
            JsonNode restarted = live.nextMatching(message -> message.path("type").asString().equals("status"));
            assertThat(restarted.path("state").asString()).isEqualTo("ACTIVE");
            assertThat(restarted.path("runId").asString()).isNotEqualTo(restarting.path("runId").asString());
            assertThat(restarted.path("restart").isNull()).isTrue();
            assertThat(restarted.path("exception").isNull()).isTrue();
        }
    }

    @Test
    void aFailureOfTheQueryItselfIsNotRestarted() {
        ApiClient api = new ApiClient(port);
        String id = api.create(Specs.dividingByZero("divides"));

        JsonNode failed = awaitState(api, id, "FAILED");

        assertThat(failed.path("exception").path("errorClass").asString()).isEqualTo("DIVIDE_BY_ZERO");
        assertThat(failed.has("restart")).isFalse();
        assertThat(timer.nextDueMillis()).isEmpty();
    }

    @Test
    void aQueryWhoseStrategyIsNoneStaysFailed() throws IOException {
        ApiClient api = new ApiClient(port);
        String id = api.create(Specs.withRestart(Specs.windowsToFiles("none", "checkpoints/none", "out/none", 2),
                "{\"strategy\": \"none\"}"));
        awaitBatch(api, id, 1);
        FileInTheWay.of(DATA.resolve("checkpoints/none/commits"));

        JsonNode failed = awaitState(api, id, "FAILED");

        assertThat(failed.path("exception").path("errorClass").asString()).startsWith("STORAGE_WRITE_FAILED.");
        assertThat(timer.nextDueMillis()).isEmpty();
    }

    @Test
    void theStrategyGivesUpAfterItsAttempts() throws IOException {
        ApiClient api = new ApiClient(port);
        String id = api.create(Specs.withRestart(Specs.windowsToFiles("once", "checkpoints/once", "out/once", 2),
                "{\"strategy\": \"fixed-delay\", \"attempts\": 1, \"delay\": \"1 minute\"}"));
        awaitBatch(api, id, 1);
        FileInTheWay.of(DATA.resolve("checkpoints/once/commits"));
        JsonNode restarting = awaitState(api, id, "RESTARTING");

        runAttemptAt(Instant.parse(restarting.path("restart").path("nextAttemptAt").asString()));

        JsonNode failed = awaitState(api, id, "FAILED");
        assertThat(failed.path("restarts").asLong()).isEqualTo(1);
        assertThat(failed.path("exception").path("errorClass").asString()).startsWith("STORAGE_WRITE_FAILED.");
        assertThat(timer.nextDueMillis()).isEmpty();
    }

    @Test
    void aStopWhileRestartingCancelsTheAttemptAndAStartComesBackAtOnce() throws IOException {
        ApiClient api = new ApiClient(port);
        String id = api.create(Specs.withRestart(Specs.windowsToFiles("stopped", "checkpoints/stopped",
                "out/stopped", 2), TEN_SECONDS));
        awaitBatch(api, id, 1);
        Path commits = DATA.resolve("checkpoints/stopped/commits");
        FileInTheWay inTheWay = FileInTheWay.of(commits);
        JsonNode restarting = awaitState(api, id, "RESTARTING");

        JsonNode stopped = api.post("/api/queries/" + id + "/stop").json();

        assertThat(stopped.path("state").asString()).isEqualTo("FAILED");
        assertThat(stopped.has("restart")).isFalse();
        clock.advance(Duration.ofMinutes(1));
        assertThat(timer.runDue()).as("the attempt was cancelled").isZero();
        assertThat(api.query(id).path("runId").asString()).isEqualTo(restarting.path("runId").asString());

        inTheWay.remove();
        assertThat(api.post("/api/queries/" + id + "/start").json().path("state").asString()).isEqualTo("ACTIVE");
        awaitBatch(api, id, restarting.path("lastProgress").path("batchId").asLong() + 2);
    }

    @Test
    void aDeleteWhileRestartingCancelsTheAttempt() throws IOException {
        ApiClient api = new ApiClient(port);
        String id = api.create(Specs.withRestart(Specs.windowsToFiles("deleted", "checkpoints/deleted",
                "out/deleted", 2), TEN_SECONDS));
        awaitBatch(api, id, 1);
        FileInTheWay.of(DATA.resolve("out/deleted"));
        awaitState(api, id, "RESTARTING");

        assertThat(api.delete("/api/queries/" + id).status()).isEqualTo(204);

        assertThat(timer.nextDueMillis()).isEmpty();
        assertThat(api.names()).doesNotContain("deleted");
    }

    /** Moves the clock to {@code due} and runs the attempt due then: on this thread, so it has started or failed on return. */
    private void runAttemptAt(Instant due) {
        Duration ahead = Duration.between(now(), due);
        if (!ahead.isNegative()) {
            clock.advance(ahead.plusMillis(1));
        }
        assertThat(timer.runDue()).as("one attempt was due").isEqualTo(1);
    }

    private Instant now() {
        return Instant.ofEpochMilli(clock.millis());
    }

    private static void awaitBatch(ApiClient api, String id, long batchId) {
        await().atMost(PATIENCE).until(() -> api.query(id).path("lastProgress").path("batchId").asLong(-1) >= batchId);
    }

    private static JsonNode awaitState(ApiClient api, String id, String state) {
        Predicate<JsonNode> inState = query -> query.path("state").asString().equals(state);
        return await().atMost(PATIENCE).until(() -> api.query(id), inState::test);
    }

    private static long lastKey(Map<Long, List<String>> batches) {
        return batches.keySet().stream().mapToLong(Long::longValue).max().orElse(-1);
    }

    private static Map<Long, List<String>> headOf(Map<Long, List<String>> batches, long last) {
        Map<Long, List<String>> head = new java.util.TreeMap<>();
        batches.forEach((batch, rows) -> {
            if (batch <= last) {
                head.put(batch, rows);
            }
        });
        return head;
    }

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("arus-restarts");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
