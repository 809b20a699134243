package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.AdjustableClock;
import dev.arus.server.ApiClient;
import dev.arus.server.FileInTheWay;
import dev.arus.server.Specs;
import dev.arus.server.query.restart.ManualRestartTimer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * A checkpointed query of the operations tests whose commit log a file replaces, so that every
 * commit fails on the real file system as on a read-only disk and its restart strategy
 * (fixed-delay, 5 attempts, 10 s apart) keeps it RESTARTING; {@link #mend} gives the directory
 * back. Attempts run when the test says, on the {@link AdjustableClock}.
 */
final class RestartingQuery {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final ApiClient api;
    private final AdjustableClock clock;
    private final ManualRestartTimer timer;
    private final String id;
    private final Path commits;
    private FileInTheWay inTheWay;

    private RestartingQuery(ApiClient api, AdjustableClock clock, ManualRestartTimer timer, String id, Path commits) {
        this.api = api;
        this.clock = clock;
        this.timer = timer;
        this.id = id;
        this.commits = commits;
    }

    /** Creates query {@code name} with {@code create}, lets it commit a batch, then breaks its commit log. */
    static RestartingQuery start(String name, Function<String, String> create, ApiClient api, AdjustableClock clock,
                                 ManualRestartTimer timer, Path dataDir) {
        String id = create.apply(Specs.withRestart(Specs.windowsToFiles(name, "checkpoints/" + name, "out/" + name, 2),
                "{\"strategy\": \"fixed-delay\", \"attempts\": 5, \"delay\": \"10 seconds\"}"));
        await().atMost(PATIENCE).until(() -> api.query(id).path("lastProgress").path("batchId").asLong(-1) >= 1);
        RestartingQuery query = new RestartingQuery(api, clock, timer, id,
                dataDir.resolve("checkpoints").resolve(name).resolve("commits"));
        query.inTheWay = FileInTheWay.of(query.commits);
        query.awaitState("RESTARTING", 0);
        return query;
    }

    String id() {
        return id;
    }

    /** Moves the clock to the next attempt and runs it: the new run starts, and fails again while broken. */
    void runAttempt() {
        long due = timer.nextDueMillis().orElseThrow();
        clock.advance(Duration.ofMillis(Math.max(0, due - clock.millis()) + 1));
        assertThat(timer.runDue()).isEqualTo(1);
    }

    /** Gives the commit log back: the next attempt's run goes on. */
    void mend() {
        inTheWay.remove();
    }

    /** The query once it is in {@code state} after {@code restarts} attempts. */
    JsonNode awaitState(String state, long restarts) {
        return await().atMost(PATIENCE).until(() -> api.query(id), query -> query.path("state").asString().equals(state)
                && query.path("restarts").asLong() == restarts);
    }

    /** When its next attempt is due, as the API says. */
    Instant nextAttemptAt() {
        return Instant.parse(api.query(id).path("restart").path("nextAttemptAt").asString());
    }
}
