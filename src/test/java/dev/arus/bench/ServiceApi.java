package dev.arus.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The REST API of a {@link ServiceProcess} on loopback, as plain HTTP requests of JSON text. */
final class ServiceApi {

    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-f-]{36})\"");

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI base;

    ServiceApi(int port) {
        this.base = URI.create("http://127.0.0.1:" + port);
    }

    URI base() {
        return base;
    }

    /** POSTs {@code spec} to {@code /api/queries} and returns the new query's id. */
    String createQuery(String spec) {
        HttpResponse<String> created = send(HttpRequest.newBuilder(base.resolve("/api/queries"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(spec)).build());
        if (created.statusCode() != 201) {
            throw new IllegalStateException("POST /api/queries answered " + created.statusCode() + ": " + created.body());
        }
        Matcher id = ID.matcher(created.body());
        if (!id.find()) {
            throw new IllegalStateException("no id in " + created.body());
        }
        return id.group(1);
    }

    /** POSTs the JSON {@code body} to {@code path}; the answer's body, or an exception unless it is 2xx. */
    String post(String path, String body) {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(base.resolve(path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build());
        if (answer.statusCode() / 100 != 2) {
            throw new IllegalStateException("POST " + path + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return answer.body();
    }

    /** DELETEs {@code path}; an exception unless the answer is a success. */
    void delete(String path) {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(base.resolve(path)).DELETE().build());
        if (answer.statusCode() / 100 != 2) {
            throw new IllegalStateException("DELETE " + path + " answered " + answer.statusCode() + ": " + answer.body());
        }
    }

    /** GETs {@code path}; its body, or an exception unless the answer is 200. */
    String get(String path) {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(base.resolve(path)).GET().build());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("GET " + path + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return answer.body();
    }

    /**
     * GETs {@code path} and reads its body to the last byte, as {@code curl -o /dev/null} does;
     * returns the body's length. It reads on the calling thread over a kept-alive connection:
     * the JDK's {@code HttpClient} hands a large body between its own threads, which on two
     * cores shared with the service adds about 8 ms to a 1.9 MB answer.
     */
    long download(String path) {
        try {
            HttpURLConnection connection = (HttpURLConnection) base.resolve(path).toURL().openConnection();
            if (connection.getResponseCode() != 200) {
                throw new IllegalStateException("GET " + path + " answered " + connection.getResponseCode());
            }
            try (InputStream body = connection.getInputStream()) {
                return body.transferTo(OutputStream.nullOutputStream());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
