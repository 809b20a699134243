package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.Specs;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The handshakes of {@code /ws/queries/{id}} on the started service, with a budget of three a minute per client address. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.limits.live-handshakes-per-minute=3"})
class LiveHandshakeRateLimitTest {

    @LocalServerPort
    int port;

    @Test
    void answersAHandshakeOverTheAddressesBudgetWith429AndRetryAfterAndLeavesChangesTheirOwn() {
        QueriesApi api = new QueriesApi(port);
        String id = api.create(Specs.idle("handshakes"));
        try {
            for (int i = 0; i < 3; i++) {
                try (LiveClient client = LiveClient.connect(port, id)) {
                    assertThat(client.next().path("type").asString()).isEqualTo("snapshot");
                }
            }

            HttpResponse<?> refused = LiveClient.refusedHandshake(port, id, null);

            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.headers().firstValue("Retry-After")).as("Retry-After")
                    .hasValueSatisfying(seconds -> assertThat(Long.parseLong(seconds)).isBetween(1L, 20L));
            assertThat(api.post("/" + id + "/stop").path("state").asString())
                    .as("a change, on a budget of its own").isEqualTo("STOPPED");
        } finally {
            api.delete(id);
        }
    }
}
