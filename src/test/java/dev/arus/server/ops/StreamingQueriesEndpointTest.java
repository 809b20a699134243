package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.server.ApiClient;
import dev.arus.server.Specs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@OpsService
class StreamingQueriesEndpointTest {

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    private final QueryEvents events = new QueryEvents();
    private final List<String> created = new ArrayList<>();
    private ApiClient api;

    @BeforeEach
    void listen() {
        api = new ApiClient(port);
        session.streams().addListener(events);
    }

    @AfterEach
    void cleanUp() {
        session.streams().removeListener(events);
        created.forEach(id -> api.delete("/api/queries/" + id));
    }

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

    private String create(String spec) {
        String id = api.create(spec);
        created.add(id);
        return id;
    }
}
