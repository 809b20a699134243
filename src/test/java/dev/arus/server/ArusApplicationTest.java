package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.server.demo.ChapterQuery;
import dev.arus.server.demo.ShopDemo;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The service starts on a random port with the demo's two queries running, the chapter's and the
 * shop's, as `spring-boot:run` does; in a data directory of its own, so that the shop's stream is
 * not left in the project's.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "arus.data-dir=${java.io.tmpdir}/arus-application-${random.uuid}")
class ArusApplicationTest {

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    @Test
    void startsTheDemosQueriesAtStartupThroughTheApi() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/queries")).build(),
                HttpResponse.BodyHandlers.ofString());
        Map<String, JsonNode> byName = new HashMap<>();
        JsonMapper.builder().build().readTree(response.body())
                .forEach(query -> byName.put(query.path("name").asString(), query));

        assertThat(byName).containsOnlyKeys(ChapterQuery.NAME, ShopDemo.QUERY);
        assertThat(byName.values()).allSatisfy(query -> assertThat(query.path("state").asString()).isEqualTo("ACTIVE"));
        assertThat(byName.get(ChapterQuery.NAME).path("spec").path("trigger").path("processingTime").asString())
                .isEqualTo("4 seconds");
        // The API shows the engine's own queries: the same names with the same ids.
        Map<String, String> active = new HashMap<>();
        for (StreamingQuery query : session.streams().active()) {
            active.put(query.name(), query.id().toString());
        }
        assertThat(active).containsOnly(
                Map.entry(ChapterQuery.NAME, byName.get(ChapterQuery.NAME).path("id").asString()),
                Map.entry(ShopDemo.QUERY, byName.get(ShopDemo.QUERY).path("id").asString()));
    }
}
