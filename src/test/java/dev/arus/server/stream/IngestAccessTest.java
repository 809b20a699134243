package dev.arus.server.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Streams and their events under an API token and an ingestion budget of three posts a minute,
 * over real HTTP: changes need the token, reads do not, and posts of events have a budget of
 * their own, apart from other changes.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.security.api-token=" + IngestAccessTest.TOKEN,
                "arus.limits.ingest-requests-per-minute=3",
                "arus.data-dir=${java.io.tmpdir}/arus-ingest-access-${random.uuid}"})
class IngestAccessTest {

    static final String TOKEN = "ingest-test-token-41c9";
    private static final String STREAM = """
            {"name": "payments", "schema": "payment_id STRING NOT NULL, amount DOUBLE"}""";
    private static final String EVENT = "[{\"payment_id\": \"p-1\", \"amount\": 4.5}]";
    private static final String EVENTS = "/api/streams/payments/events";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @LocalServerPort
    int port;

    @Test
    void streamsAndEventsFollowTheTokenAndPostsOfEventsHaveABudgetOfTheirOwn() throws Exception {
        assertThat(send("POST", "/api/streams", STREAM, null).statusCode()).isEqualTo(401);
        assertThat(send("POST", "/api/streams", STREAM, TOKEN).statusCode()).isEqualTo(201);
        try {
            assertThat(send("POST", EVENTS, EVENT, null).statusCode()).isEqualTo(401);
            assertThat(send("POST", EVENTS, EVENT, "wrong-token").statusCode()).isEqualTo(401);
            assertThat(send("GET", "/api/streams/payments", null, null).statusCode()).isEqualTo(200);
            // The two refused posts counted against the client's budget, so that guessing tokens
            // costs it too: one more is allowed, the next is refused.
            assertThat(send("POST", EVENTS, EVENT, TOKEN).statusCode()).isEqualTo(200);
            HttpResponse<String> refused = send("POST", EVENTS, EVENT, TOKEN);

            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.headers().firstValue("Retry-After")).as("Retry-After")
                    .hasValueSatisfying(seconds -> assertThat(Long.parseLong(seconds)).isBetween(1L, 60L));
            assertThat(refused.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            assertThat(send("GET", "/api/streams/payments", null, null).body()).contains("\"latest\":1");
        } finally {
            assertThat(send("DELETE", "/api/streams/payments", null, null).statusCode()).isEqualTo(401);
            assertThat(send("DELETE", "/api/streams/payments", null, TOKEN).statusCode())
                    .as("a change, on a budget of its own").isEqualTo(204);
        }
    }

    private HttpResponse<String> send(String method, String path, String body, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
