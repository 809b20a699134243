package dev.arus.server;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A real HTTP client for the started service: JSON in, status, headers and parsed JSON out. */
public final class ApiClient {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;
    private final Duration timeout;

    /**
     * A client whose requests fail once they have waited two minutes for an answer: far beyond any
     * answer's time on a free machine, but a Spark query's creation (its analysis and start) takes
     * tens of seconds on a machine shared by several builds.
     */
    public ApiClient(int port) {
        this(URI.create("http://localhost:" + port), Duration.ofMinutes(2));
    }

    private ApiClient(URI base, Duration timeout) {
        this.base = base;
        this.timeout = timeout;
    }

    /**
     * This client waiting up to {@code timeout} for each answer: the first Spark query of a JVM
     * starts Spark and compiles its first plan, which on a busy machine can take longer than the two
     * minutes a request is given otherwise.
     */
    public ApiClient withTimeout(Duration timeout) {
        return new ApiClient(base, timeout);
    }

    public Response post(String path, String body) {
        return post(path, body, "application/json");
    }

    public Response post(String path, String body, String contentType) {
        return send(request(path).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** {@code POST path} with these exact bytes as the body, for bodies a {@code String} cannot carry. */
    public Response post(String path, byte[] body, String contentType) {
        return send(request(path).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    public Response post(String path) {
        return send(request(path).POST(HttpRequest.BodyPublishers.noBody()));
    }

    public Response put(String path, String body) {
        return send(request(path).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    public Response get(String path) {
        return send(request(path).GET());
    }

    public Response delete(String path) {
        return send(request(path).DELETE());
    }

    /** Deletes every query with its checkpoint and output: what a test class leaves on a service others share. */
    public void deleteEveryQuery() {
        get("/api/queries").json().forEach(query -> delete("/api/queries/" + query.path("id").asString() + "?purge=true"));
    }

    /** Deletes every query, as {@link #deleteEveryQuery}, then every stream. */
    public void deleteEverything() {
        deleteEveryQuery();
        get("/api/streams").json().forEach(stream -> delete("/api/streams/" + stream.path("name").asString()));
    }

    /** The id of the query created from {@code spec}; fails unless it was created. */
    public String create(String spec) {
        Response created = post("/api/queries", spec);
        if (created.status() != 201) {
            throw new AssertionError("expected 201, got " + created);
        }
        return created.json().path("id").asString();
    }

    public JsonNode query(String id) {
        return get("/api/queries/" + id).json();
    }

    /** The names of all queries, in the order the API lists them. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        get("/api/queries").json().forEach(query -> names.add(query.path("name").asString()));
        return names;
    }

    /** {@code GET path} with {@code Accept: accept}. */
    public Response get(String path, String accept) {
        return send(request(path).header("Accept", accept).GET());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(timeout);
    }

    private Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(""),
                    response.headers().firstValue("Location").orElse(null),
                    response.body());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public record Response(int status, String contentType, String location, String body) {

        public JsonNode json() {
            return JSON.readTree(body);
        }
    }
}
