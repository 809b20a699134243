package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.server.ApiClient;
import dev.arus.server.QueryEvents;
import dev.arus.server.Specs;
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
}
