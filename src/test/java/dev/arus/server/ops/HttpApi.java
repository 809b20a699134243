package dev.arus.server.ops;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A real HTTP client for the started service. */
final class HttpApi {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;

    HttpApi(int port) {
        this.base = URI.create("http://localhost:" + port);
    }

    /** Creates a query from {@code spec}; returns its id. */
    String create(String spec) {
        Response created = send(request("/api/queries").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(spec)));
        if (created.status() != 201) {
            throw new AssertionError("expected 201, got " + created);
        }
        return created.json().path("id").asString();
    }

    Response post(String path) {
        return send(request(path).POST(HttpRequest.BodyPublishers.noBody()));
    }

    Response get(String path) {
        return send(request(path).GET());
    }

    Response delete(String path) {
        return send(request(path).DELETE());
    }

    PrometheusText scrape() {
        Response response = send(request("/actuator/prometheus").header("Accept", "text/plain").GET());
        if (response.status() != 200) {
            throw new AssertionError("scrape answered " + response);
        }
        return PrometheusText.parse(response.body());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
    }

    private Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    record Response(int status, String body) {

        JsonNode json() {
            return JSON.readTree(body);
        }
    }
}
