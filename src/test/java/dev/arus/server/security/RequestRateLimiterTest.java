package dev.arus.server.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class RequestRateLimiterTest {

    private final AtomicLong now = new AtomicLong();
    private final RequestRateLimiter limiter = new RequestRateLimiter(RequestRateLimiter.Limited.CHANGES, 60, 2, now::get);

    @Test
    void allowsABurstOfTheMinutesBudgetThenAnswers429WithRetryAfter() throws Exception {
        for (int i = 0; i < 60; i++) {
            assertThat(post("10.0.0.1").getStatus()).isEqualTo(200);
        }
        MockHttpServletResponse refused = post("10.0.0.1");
        assertThat(refused.getStatus()).isEqualTo(429);
        assertThat(refused.getHeader("Retry-After")).isEqualTo("1");
        assertThat(refused.getContentType()).startsWith("application/problem+json");
        assertThat(refused.getContentAsString()).contains("too-many-requests");
        assertThat(post("10.0.0.2").getStatus()).as("another client").isEqualTo(200);

        now.addAndGet(TimeUnit.SECONDS.toNanos(1));
        assertThat(post("10.0.0.1").getStatus()).as("refilled one per second").isEqualTo(200);
        assertThat(post("10.0.0.1").getStatus()).isEqualTo(429);
    }

    @Test
    void neverLimitsReadsNorHandshakesAsChanges() throws Exception {
        for (int i = 0; i < 200; i++) {
            assertThat(send(limiter, request("GET", "10.0.0.1")).getStatus()).isEqualTo(200);
            assertThat(send(limiter, handshake("10.0.0.1")).getStatus()).isEqualTo(200);
        }
    }

    @Test
    void limitsWebSocketHandshakesOnABudgetOfTheirOwn() throws Exception {
        RequestRateLimiter handshakes = new RequestRateLimiter(RequestRateLimiter.Limited.LIVE_HANDSHAKES, 2, 2, now::get);

        assertThat(send(handshakes, handshake("10.0.0.1")).getStatus()).isEqualTo(200);
        assertThat(send(handshakes, handshake("10.0.0.1")).getStatus()).isEqualTo(200);
        MockHttpServletResponse refused = send(handshakes, handshake("10.0.0.1"));

        assertThat(refused.getStatus()).isEqualTo(429);
        assertThat(refused.getHeader("Retry-After")).isEqualTo("30");
        assertThat(refused.getContentAsString()).contains("WebSocket handshakes", "arus.limits.live-handshakes-per-minute");
        assertThat(send(handshakes, request("GET", "10.0.0.1")).getStatus()).as("a read").isEqualTo(200);
        assertThat(send(handshakes, request("POST", "10.0.0.1")).getStatus()).as("a change").isEqualTo(200);
    }

    @Test
    void remembersABoundedNumberOfClients() throws Exception {
        for (int i = 0; i < 60; i++) {
            post("10.0.0.1");
        }
        for (int client = 2; client < 100; client++) {
            assertThat(post("10.0.0." + client).getStatus()).as("a new client has a full bucket").isEqualTo(200);
        }

        assertThat(limiter.clients()).isEqualTo(2);
    }

    private MockHttpServletResponse post(String client) throws Exception {
        return send(limiter, request("POST", client));
    }

    private static MockHttpServletResponse send(RequestRateLimiter limiter, MockHttpServletRequest request)
            throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        limiter.doFilter(request, response, new MockFilterChain());
        return response;
    }

    private static MockHttpServletRequest handshake(String client) {
        MockHttpServletRequest request = request("GET", client);
        request.setRequestURI("/ws/queries/3f0c0000-0000-0000-0000-000000000000");
        request.addHeader("Upgrade", "websocket");
        request.addHeader("Connection", "Upgrade");
        return request;
    }

    private static MockHttpServletRequest request(String method, String client) {
        MockHttpServletRequest request = new MockHttpServletRequest(method, "/api/queries");
        request.setRemoteAddr(client);
        return request;
    }
}
