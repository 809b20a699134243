package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.server.AdjustableClock;
import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import dev.arus.server.QueryEvents;
import dev.arus.server.Specs;
import dev.arus.server.query.restart.ManualRestartTimer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@OpsService
@ExtendWith(OutputCaptureExtension.class)
class QueryLifecycleLogTest {

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    @Autowired
    AdjustableClock clock;

    @Autowired
    ManualRestartTimer timer;

    @Autowired
    ArusProperties properties;

    @Test
    void logsALineWhenAQueryStartsStopsAndFails(CapturedOutput output) throws Exception {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        session.streams().addListener(events);
        try {
            String stopped = api.create(Specs.chapterWithShortWindows("logged"));
            JsonNode run = api.post("/api/queries/" + stopped + "/stop").json();
            String failing = api.create(Specs.dividingByZero("logged-failing"));
            String failedRun = api.get("/api/queries/" + failing).json().path("runId").asString();
            events.awaitEnd(failedRun);

            assertThat(output.getOut()).contains("Query logged started (id " + stopped + ", run "
                    + run.path("runId").asString() + ")");
            assertThat(output.getOut()).contains("Query logged stopped (id " + stopped + ", run "
                    + run.path("runId").asString() + ")");
            assertThat(output.getOut()).containsPattern("ERROR .*Query logged-failing failed \\(id " + failing
                    + ", run " + failedRun + "\\): \\[DIVIDE_BY_ZERO\\]");
            api.delete("/api/queries/" + stopped);
            api.delete("/api/queries/" + failing);
        } finally {
            session.streams().removeListener(events);
        }
    }

    @Test
    void logsAFailureThatRestartsWithItsNextAttemptAndARefusedAttempt(CapturedOutput output) {
        ApiClient api = new ApiClient(port);
        RestartingQuery query = RestartingQuery.start("logged-restarting", api::create, api, clock, timer,
                properties.dataDir());
        JsonNode restarting = api.query(query.id());
        String nextAttemptAt = restarting.path("restart").path("nextAttemptAt").asString();

        assertThat(output.getOut()).containsPattern("ERROR .*Query logged-restarting failed \\(id " + query.id()
                + ", run " + restarting.path("runId").asString() + "\\); restart 1 of 5 \\(fixed-delay\\) at "
                + nextAttemptAt + ": \\[STORAGE_WRITE_FAILED.UNAVAILABLE\\]");
        query.runAttempt();
        query.awaitState("RESTARTING", 1);
        assertThat(output.getOut()).contains("Restarting query logged-restarting (id " + query.id() + "), restart 1");
        assertThat(output.getOut()).containsPattern("Query logged-restarting failed .*; restart 2 of 5 \\(fixed-delay\\)");
        api.delete("/api/queries/" + query.id());
    }

    /** A failure's message quotes the value that failed: here a string of the user's with a newline in it. */
    @Test
    void userTextInAFailureCannotStartALogLineOfItsOwn(CapturedOutput output) throws Exception {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        session.streams().addListener(events);
        try {
            String id = api.create("""
                    {"name": "forging", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 1}},
                     "steps": [{"selectExpr": ["CAST(concat(value, '\\n2026-12-01T00:00:00.000Z ERROR forged\\u001b[2J') AS INT)"]}],
                     "sink": {"format": "noop"}}""");
            events.awaitEnd(api.query(id).path("runId").asString());
            api.delete("/api/queries/" + id);

            assertThat(output.getOut()).contains("Query forging failed");
            assertThat(output.getOut().lines().filter(line -> line.contains("ERROR forged")))
                    .isNotEmpty()
                    .allSatisfy(line -> assertThat(line).contains("Query forging failed", "\\n2026-12-01", "\\u001b[2J"));
        } finally {
            session.streams().removeListener(events);
        }
    }
}
