package dev.arus.server.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusApplication;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * A checkpointed query's lag behind the stream it reads, as {@code GET /api/streams/{name}}
 * shows it, right after the query starts again: after a stop and a start, and after the whole
 * service was closed and started again on the same data directory. What the checkpoint
 * committed is read, with or without new events.
 */
class StreamReaderLagTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String PAYMENTS = """
            {"name": "payments", "schema": "id INT, amount DOUBLE", "partitions": 2}""";
    private static final String READER = """
            {"name": "all-payments", "source": {"format": "stream", "options": {"stream": "payments",
              "startingOffsets": "earliest"}}, "trigger": {"processingTime": "50 milliseconds"},
             "sink": {"format": "memory"}, "checkpointLocation": "checkpoints/all-payments"}""";

    @TempDir
    Path dataDir;

    @Test
    void aReaderStartedAgainOnItsCheckpointHasNoLagForWhatItCommitted() {
        String id;
        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            assertThat(api.post("/api/streams", PAYMENTS).status()).isEqualTo(201);
            ApiClient.Response posted = api.post("/api/streams/payments/events",
                    "[{\"id\": 1, \"amount\": 2.5}, {\"id\": 2, \"amount\": 4}, {\"id\": 3, \"amount\": 1},"
                            + " {\"id\": 4, \"amount\": 8}]");
            assertThat(posted.status()).as(posted.body()).isEqualTo(200);
            id = api.create(READER);
            await().atMost(PATIENCE).until(() -> reader(api).path("lagEvents").asLong() == 0);

            assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
            assertThat(api.get("/api/streams/payments").json().path("readers")).as("a stopped query reads nothing")
                    .isEmpty();
            assertThat(api.post("/api/queries/" + id + "/start").json().path("state").asString())
                    .isEqualTo("ACTIVE");

            JsonNode started = reader(api);
            assertThat(started.path("query").asString()).isEqualTo("all-payments");
            assertThat(started.path("lagEvents").asLong()).as("lag after a stop and a start: " + started).isZero();
            assertThat(started.has("lagSeconds")).as(started.toString()).isFalse();
        }

        try (ConfigurableApplicationContext service = start()) {
            ApiClient api = api(service);
            assertThat(api.query(id).path("state").asString()).isEqualTo("ACTIVE");

            JsonNode restored = reader(api);
            assertThat(restored.path("query").asString()).isEqualTo("all-payments");
            assertThat(restored.path("lagEvents").asLong()).as("lag after a service restart: " + restored).isZero();
            assertThat(restored.has("lagSeconds")).as(restored.toString()).isFalse();
        }
    }

    private static JsonNode reader(ApiClient api) {
        JsonNode readers = api.get("/api/streams/payments").json().path("readers");
        assertThat(readers).as("the stream's readers").hasSize(1);
        return readers.get(0);
    }

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(ArusApplication.class)
                .run("--server.port=0", "--arus.demo.enabled=false", "--arus.data-dir=" + dataDir);
    }

    private static ApiClient api(ConfigurableApplicationContext service) {
        return new ApiClient(((WebServerApplicationContext) service).getWebServer().getPort());
    }
}
