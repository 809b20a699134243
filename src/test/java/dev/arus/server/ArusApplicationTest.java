package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.server.demo.ChapterQuery;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The service starts on a random port with the chapter's query running, as `spring-boot:run` does. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ArusApplicationTest {

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    @Test
    void startsTheChaptersQueryAtStartupThroughTheApi() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/queries")).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode queries = JsonMapper.builder().build().readTree(response.body());
        List<StreamingQuery> active = session.streams().active();

        assertThat(queries.size()).isEqualTo(1);
        assertThat(queries.get(0).path("name").asString()).isEqualTo(ChapterQuery.NAME);
        assertThat(queries.get(0).path("state").asString()).isEqualTo("ACTIVE");
        assertThat(queries.get(0).path("spec").path("trigger").path("processingTime").asString()).isEqualTo("4 seconds");
        assertThat(active).extracting(StreamingQuery::name).containsExactly(ChapterQuery.NAME);
        assertThat(active.get(0).id().toString()).isEqualTo(queries.get(0).path("id").asString());
    }
}
