package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The REST calls the live tests make to the started service. */
final class QueriesApi {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI base;

    QueriesApi(int port) {
        base = URI.create("http://localhost:" + port + "/api/queries");
    }

    /** Creates a query from {@code spec} and returns its id. */
    String create(String spec) {
        HttpResponse<String> created = send(HttpRequest.newBuilder(base).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(spec)));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JSON.readTree(created.body()).path("id").asString();
    }

    JsonNode get(String path) {
        return JSON.readTree(send(HttpRequest.newBuilder(base.resolve(base.getPath() + path)).GET()).body());
    }

    JsonNode post(String path) {
        return JSON.readTree(send(HttpRequest.newBuilder(base.resolve(base.getPath() + path))
                .POST(HttpRequest.BodyPublishers.noBody())).body());
    }

    void delete(String id) {
        assertThat(send(HttpRequest.newBuilder(base.resolve(base.getPath() + "/" + id)).DELETE()).statusCode())
                .isEqualTo(204);
    }

    /** The id of the current run's last batch, -1 before the first. */
    long lastBatchId(String id) {
        return get("/" + id).path("lastProgress").path("batchId").asLong(-1);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
