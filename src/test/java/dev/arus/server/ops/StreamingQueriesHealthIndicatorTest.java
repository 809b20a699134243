package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.FileInTheWay;
import dev.arus.server.Specs;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class StreamingQueriesHealthIndicatorTest extends OpsServiceTest {

    @Test
    void reportsEveryQueryActiveWithItsLastBatchTime() throws Exception {
        String first = create(Specs.chapterWithShortWindows("healthy-1"));
        String second = create(Specs.chapterWithShortWindows("healthy-2"));
        events.awaitBatches(first, 1);
        events.awaitBatches(second, 1);

        ApiClient.Response response = api.get("/actuator/health");
        JsonNode component = response.json().path("components").path("streamingQueries");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("status").asString()).isEqualTo("UP");
        assertThat(component.path("status").asString()).isEqualTo("UP");
        JsonNode queries = component.path("details").path("queries");
        assertThat(queries.path("healthy-1").path("id").asString()).isEqualTo(first);
        assertThat(queries.path("healthy-1").path("status").asString()).isEqualTo("ACTIVE");
        assertThat(queries.path("healthy-2").path("status").asString()).isEqualTo("ACTIVE");
        assertThat(queries.path("healthy-2").path("lastBatchTime").asString()).matches("\\d{4}-.*T.*\\.\\d{3}Z");
    }

    @Test
    void reportsAFailedQueryInItsDetailsWithoutTakingTheServiceDown() throws Exception {
        create(Specs.chapterWithShortWindows("still-running"));
        String failing = create(Specs.dividingByZero("failing"));
        events.awaitEnd(api.get("/api/queries/" + failing).json().path("runId").asString());

        ApiClient.Response response = api.get("/actuator/health");
        JsonNode component = response.json().path("components").path("streamingQueries");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("status").asString()).isEqualTo("UP");
        assertThat(component.path("status").asString()).isEqualTo("UP");
        JsonNode failed = component.path("details").path("queries").path("failing");
        assertThat(failed.path("status").asString()).isEqualTo("FAILED");
        assertThat(failed.path("exception").asString()).containsIgnoringCase("divi");
        assertThat(component.path("details").path("queries").path("still-running").path("status").asString())
                .isEqualTo("ACTIVE");
        assertThat(PrometheusText.scrape(api).value("arus_query_status", Map.of("query", "failing", "state", "FAILED")))
                .isEqualTo(1);
    }

    @Test
    void reportsAQueryStalledOnceItsTriggerIsOverdueByTheStallFactor() throws Exception {
        String id = create(Specs.hourly("hourly"));
        events.awaitBatches(id, 1);
        assertThat(queryStatus(api.get("/actuator/health").json(), "hourly")).isEqualTo("ACTIVE");

        clock.advance(Duration.ofHours(3).minusSeconds(10));
        assertThat(queryStatus(api.get("/actuator/health").json(), "hourly")).isEqualTo("ACTIVE");

        clock.advance(Duration.ofSeconds(20));
        ApiClient.Response response = api.get("/actuator/health");
        JsonNode component = response.json().path("components").path("streamingQueries");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("status").asString()).isEqualTo("DEGRADED");
        assertThat(component.path("status").asString()).isEqualTo("DEGRADED");
        assertThat(queryStatus(response.json(), "hourly")).isEqualTo("STALLED");
        assertThat(component.path("details").path("queries").path("hourly").path("allowedSilenceSeconds").asDouble())
                .isEqualTo(3 * 3600.0);
        PrometheusText scrape = PrometheusText.scrape(api);
        assertThat(scrape.value("arus_query_status", Map.of("query", "hourly", "state", "STALLED"))).isEqualTo(1);
        assertThat(scrape.value("arus_query_status", Map.of("query", "hourly", "state", "ACTIVE"))).isZero();

        api.post("/api/queries/" + id + "/stop");
        assertThat(queryStatus(api.get("/actuator/health").json(), "hourly")).isEqualTo("STOPPED");
        assertThat(api.get("/actuator/health").json().path("status").asString()).isEqualTo("UP");
    }

    private static String queryStatus(JsonNode health, String name) {
        return health.path("components").path("streamingQueries").path("details").path("queries").path(name)
                .path("status").asString();
    }

    @Test
    void reportsARestartingQueryWithItsFailureAndNextAttemptWithoutTakingTheServiceDown() {
        RestartingQuery query = restarting("health-restarting");

        ApiClient.Response response = api.get("/actuator/health");
        JsonNode component = response.json().path("components").path("streamingQueries");

        assertThat(response.status()).isEqualTo(200);
        assertThat(component.path("status").asString()).isEqualTo("UP");
        JsonNode restarting = component.path("details").path("queries").path("health-restarting");
        assertThat(restarting.path("status").asString()).isEqualTo("RESTARTING");
        assertThat(restarting.path("errorClass").asString()).isEqualTo("STORAGE_WRITE_FAILED.UNAVAILABLE");
        assertThat(restarting.path("exception").asString()).containsAnyOf(FileInTheWay.REFUSALS);
        assertThat(restarting.path("restart").path("attempt").asInt()).isEqualTo(1);
        assertThat(Instant.parse(restarting.path("restart").path("nextAttemptAt").asString()))
                .isEqualTo(query.nextAttemptAt());
    }
}
