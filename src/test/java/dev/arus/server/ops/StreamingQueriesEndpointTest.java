package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.Specs;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class StreamingQueriesEndpointTest extends OpsServiceTest {

    @Test
    void listsEveryQueryWithItsConditionAndStatus() throws Exception {
        String running = create(Specs.chapterWithShortWindows("listed-running"));
        String failing = create(Specs.dividingByZero("listed-failing"));
        events.awaitBatches(running, 1);
        events.awaitEnd(api.get("/api/queries/" + failing).json().path("runId").asString());

        JsonNode list = api.get("/actuator/streamingqueries").json();

        assertThat(list.size()).isEqualTo(2);
        assertThat(list.get(0).path("name").asString()).isEqualTo("listed-running");
        assertThat(list.get(0).path("id").asString()).isEqualTo(running);
        assertThat(list.get(0).path("condition").asString()).isEqualTo("ACTIVE");
        assertThat(list.get(0).path("lastBatchTime").isString()).isTrue();
        assertThat(list.get(1).path("condition").asString()).isEqualTo("FAILED");
        assertThat(list.get(1).path("status").asString()).startsWith("Terminated with exception");
    }

    @Test
    void showsOneQueryByNameOrIdWithItsLastProgressAndException() throws Exception {
        String running = create(Specs.chapterWithShortWindows("shown-running"));
        String failing = create(Specs.dividingByZero("shown-failing"));
        events.awaitBatches(running, 1);
        events.awaitEnd(api.get("/api/queries/" + failing).json().path("runId").asString());

        JsonNode byName = api.get("/actuator/streamingqueries/shown-running").json();
        JsonNode byId = api.get("/actuator/streamingqueries/" + failing).json();

        assertThat(byName.path("id").asString()).isEqualTo(running);
        assertThat(byName.path("condition").asString()).isEqualTo("ACTIVE");
        assertThat(byName.path("status").path("message").isString()).isTrue();
        assertThat(byName.path("lastProgress").path("batchId").isNumber()).isTrue();
        assertThat(byName.path("lastProgress").path("numInputRows").asLong()).isEqualTo(10);
        assertThat(byId.path("name").asString()).isEqualTo("shown-failing");
        assertThat(byId.path("condition").asString()).isEqualTo("FAILED");
        assertThat(byId.path("exception").path("class").asString()).isNotEmpty();
        assertThat(byId.path("exception").path("message").asString()).containsIgnoringCase("divi");
        assertThat(api.get("/actuator/streamingqueries/no-such-query").status()).isEqualTo(404);
    }

    @Test
    void showsARestartingQueryWithItsFailureAndNextAttempt() {
        RestartingQuery query = restarting("endpoint-restarting");

        JsonNode listed = api.get("/actuator/streamingqueries").json().get(0);
        JsonNode shown = api.get("/actuator/streamingqueries/endpoint-restarting").json();

        assertThat(listed.path("condition").asString()).isEqualTo("RESTARTING");
        assertThat(listed.path("exception").path("errorClass").asString()).isEqualTo("STORAGE_WRITE_FAILED.UNAVAILABLE");
        assertThat(listed.path("restart").path("strategy").asString()).isEqualTo("fixed-delay");
        assertThat(shown.path("state").asString()).isEqualTo("RESTARTING");
        assertThat(shown.path("condition").asString()).isEqualTo("RESTARTING");
        assertThat(Instant.parse(shown.path("restart").path("nextAttemptAt").asString())).isEqualTo(query.nextAttemptAt());
        assertThat(shown.path("exception").path("message").asString()).startsWith("[STORAGE_WRITE_FAILED.UNAVAILABLE]");
    }
}
