package dev.arus.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every error the service sends is a problem document, whoever answers: Tomcat before any
 * servlet runs, Spring Security's firewall, the servlet container's error page, Spring MVC, or a
 * servlet that set an error status without a body. Each request goes over a plain socket, since
 * most of them are ones a normal client cannot send.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.data-dir=${java.io.tmpdir}/arus-errors-${random.uuid}"})
class ErrorResponsesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String UPGRADE = "Upgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + "Sec-WebSocket-Version: 13\r\n";

    @LocalServerPort
    int port;

    static Stream<Arguments> badRequests() {
        return Stream.of(
                request("a request target with a character HTTP forbids", "GET /api/queries/{x} HTTP/1.1", 400),
                request("a control character in the path", "GET /api/\u0001queries HTTP/1.1", 400),
                request("an invalid percent-encoding", "GET /api/queries/%zz HTTP/1.1", 400),
                request("an encoded slash", "GET /api/queries/a%2Fb HTTP/1.1", 400),
                request("an encoded NUL", "GET /api/queries/%00 HTTP/1.1", 400),
                request("a path that climbs above the root", "GET /api/../../etc/passwd HTTP/1.1", 400),
                request("a method that is not a token", "G{T /api/queries HTTP/1.1", 400),
                request("an unknown method", "FOO /api/queries HTTP/1.1", 400),
                request("a path parameter the firewall refuses", "GET /api/queries/..;/x HTTP/1.1", 400),
                request("an empty path segment", "GET //api/queries HTTP/1.1", 400),
                request("TRACE", "TRACE /api/queries HTTP/1.1", 405),
                request("an unsupported HTTP version", "GET /api/queries HTTP/9.9", 505),
                raw("no Host header", "GET /api/queries HTTP/1.1\r\nConnection: close\r\n\r\n", 400),
                raw("a header line without a colon", "GET /api/queries HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n"
                        + "Connection: close\r\n\r\n", 400),
                raw("headers over the size limit", "GET /api/queries HTTP/1.1\r\nHost: localhost\r\nX-Padding: "
                        + "x".repeat(20_000) + "\r\nConnection: close\r\n\r\n", 400),
                raw("a Content-Length that is not a number", "POST /api/queries HTTP/1.1\r\nHost: localhost\r\n"
                        + "Content-Length: ten\r\nConnection: close\r\n\r\n", 400),
                request("an unknown path", "GET /no/such/page HTTP/1.1", 404),
                raw("an unknown path asked for as HTML", "GET /no/such/page HTTP/1.1\r\nHost: localhost\r\n"
                        + "Accept: text/html\r\nConnection: close\r\n\r\n", 404),
                raw("a method the path does not serve", "PUT /api/queries HTTP/1.1\r\nHost: localhost\r\n"
                        + "Content-Length: 0\r\nConnection: close\r\n\r\n", 405),
                raw("a media type the path cannot give", "GET /api/queries HTTP/1.1\r\nHost: localhost\r\n"
                        + "Accept: text/csv\r\nConnection: close\r\n\r\n", 406),
                request("an Actuator endpoint's 404", "GET /actuator/streamingqueries/no-such-query HTTP/1.1", 404),
                raw("a WebSocket handshake for no query", "GET /ws/queries/" + UUID.randomUUID() + " HTTP/1.1\r\n"
                        + "Host: localhost\r\n" + UPGRADE + "Connection: Upgrade, close\r\n\r\n", 404));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void answersEveryErrorWithAProblemDocument(String kind, String request, int status) throws Exception {
        RawHttpExchange response = RawHttpExchange.send(port, request.getBytes(StandardCharsets.ISO_8859_1));

        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().get("content-type")).as(response.body()).startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(response.body());
        assertThat(problem.path("status").asInt()).isEqualTo(status);
        assertThat(problem.path("title").asString()).isNotBlank();
        assertThat(problem.path("detail").asString()).isNotBlank();
    }

    @Test
    void aPlainRequestForALiveViewIsRefusedWithAProblemDocument() throws Exception {
        byte[] spec = "{\"name\":\"plain\",\"source\":{\"format\":\"rate\"},\"sink\":{\"format\":\"noop\"}}"
                .getBytes(StandardCharsets.UTF_8);
        RawHttpExchange created = RawHttpExchange.send(port, ("POST /api/queries HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + spec.length + "\r\nConnection: close\r\n\r\n"
                + new String(spec, StandardCharsets.ISO_8859_1)).getBytes(StandardCharsets.ISO_8859_1));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = JSON.readTree(created.body()).path("id").asString();

        RawHttpExchange response = RawHttpExchange.send(port, ("GET /ws/queries/" + id + " HTTP/1.1\r\n"
                + "Host: localhost\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.headers().get("content-type")).startsWith("application/problem+json");
        assertThat(JSON.readTree(response.body()).path("detail").asString()).contains("Upgrade: websocket");
    }

    /** A request line and the headers every request here needs. */
    private static Arguments request(String kind, String requestLine, int status) {
        return raw(kind, requestLine + "\r\nHost: localhost\r\nConnection: close\r\n\r\n", status);
    }

    private static Arguments raw(String kind, String request, int status) {
        return Arguments.of(kind, request, status);
    }
}
