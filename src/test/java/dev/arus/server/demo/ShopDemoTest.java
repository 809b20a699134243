package dev.arus.server.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.AdjustableClock;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The shop's demo on the started service, with an API token, so that its checkout must
 * authenticate like any client: the stream fills over HTTP, the revenue query reads it, and once
 * the clock passes a minute and the watermark, a finalized window comes out.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=true", "arus.security.api-token=" + ShopDemoTest.TOKEN,
        "arus.data-dir=${java.io.tmpdir}/arus-shop-${random.uuid}"})
@Import(AdjustableClock.Configuration.class)
class ShopDemoTest {

    static final String TOKEN = "shop-demo-test-token";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    AdjustableClock clock;

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://localhost:" + port + path)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private String revenueQueryId() throws Exception {
        for (JsonNode query : get("/api/queries")) {
            if (query.path("name").asString().equals(ShopDemo.QUERY)) {
                return query.path("id").asString();
            }
        }
        throw new AssertionError("no query " + ShopDemo.QUERY);
    }

    @Test
    void theCheckoutFillsTheStreamAndTheRevenueQueryFinalizesAMinute() throws Exception {
        await().atMost(Duration.ofSeconds(30)).until(() -> get("/api/streams/orders").path("eventsIn").asLong() > 0);
        JsonNode stream = get("/api/streams/orders");
        assertThat(stream.path("readers").get(0).path("query").asString()).isEqualTo(ShopDemo.QUERY);
        String id = revenueQueryId();
        assertThat(get("/api/queries/" + id).path("state").asString()).isEqualTo("ACTIVE");

        // Orders keep coming; once their time is past the minute and the watermark, the minute is final.
        clock.advance(Duration.ofMinutes(2));
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            for (JsonNode batch : get("/api/queries/" + id + "/batches")) {
                if (batch.path("numRows").asLong() > 0) {
                    return true;
                }
            }
            return false;
        });
        JsonNode finalized = null;
        for (JsonNode batch : get("/api/queries/" + id + "/batches")) {
            if (batch.path("numRows").asLong() > 0) {
                finalized = batch.path("rows").get(0);
                break;
            }
        }
        assertThat(finalized.path("category").asString())
                .isIn("books", "electronics", "games", "fashion", "grocery");
        assertThat(finalized.path("orders").asLong()).isPositive();
        assertThat(finalized.path("revenue").asDouble()).isPositive();
    }
}
