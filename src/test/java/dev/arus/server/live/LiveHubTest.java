package dev.arus.server.live;

import static dev.arus.server.live.LiveClient.ofType;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ArusApplication;
import dev.arus.server.Specs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/** The live feed of a query that the service brought back from its data directory. */
class LiveHubTest {

    @TempDir
    Path dataDir;

    @Test
    void opensTheFeedOfAQueryRestoredWithoutARunAndFollowsItsFirstRun() {
        String id;
        try (ConfigurableApplicationContext service = start()) {
            QueriesApi api = new QueriesApi(port(service));
            id = api.create(Specs.windowsToFiles("restored-live", "checkpoints/live", "out/live", 2));
            api.post("/" + id + "/stop");
        }

        try (ConfigurableApplicationContext service = start();
             LiveClient client = LiveClient.connect(port(service), id)) {
            JsonNode snapshot = client.next();
            assertThat(snapshot.path("type").asString()).isEqualTo("snapshot");
            assertThat(snapshot.path("query").path("state").asString()).isEqualTo("STOPPED");
            assertThat(snapshot.path("query").path("runId").isNull()).isTrue();

            new QueriesApi(port(service)).post("/" + id + "/start");
            JsonNode started = client.nextMatching(ofType("status"));
            assertThat(started.path("state").asString()).isEqualTo("ACTIVE");
            assertThat(started.path("runId").isString()).isTrue();
            assertThat(client.nextMatching(ofType("batch")).path("queryId").asString()).isEqualTo(id);
        }
    }

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(ArusApplication.class)
                .run("--server.port=0", "--arus.demo.enabled=false", "--arus.data-dir=" + dataDir);
    }

    private static int port(ConfigurableApplicationContext service) {
        return ((WebServerApplicationContext) service).getWebServer().getPort();
    }
}
