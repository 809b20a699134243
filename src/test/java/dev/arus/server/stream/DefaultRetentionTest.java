package dev.arus.server.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.AdjustableClock;
import dev.arus.server.ApiClient;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.JsonNode;

/**
 * A stream created without a retention gets the configured default and lets old segments go, on
 * the started service with the real event log, small segments and a clock the test moves; one
 * created with a retention keeps its own, and {@code {}} keeps everything.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.streams.default-retention.max-age=1d",
        "arus.streams.default-retention.max-bytes=1MB", "arus.streams.segment-size=1KB",
        "arus.streams.retention-check=100ms", "arus.data-dir=${java.io.tmpdir}/arus-retention-${random.uuid}"})
@Import(AdjustableClock.Configuration.class)
class DefaultRetentionTest {

    @LocalServerPort
    int port;

    @Autowired
    AdjustableClock clock;

    private static long earliest(ApiClient api, String stream) {
        return api.get("/api/streams/" + stream).json().path("offsets").get(0).path("earliest").asLong();
    }

    @Test
    void aStreamWithoutRetentionGetsTheConfiguredDefaultAndOneWithARetentionKeepsItsOwn() {
        ApiClient api = new ApiClient(port);
        JsonNode defaulted = api.post("/api/streams", "{\"name\": \"clicks\", \"schema\": \"page STRING\"}").json();
        assertThat(defaulted.path("retention").path("maxAge").asString()).isEqualTo("1 day");
        assertThat(defaulted.path("retention").path("maxBytes").asLong()).isEqualTo(1_048_576);
        assertThat(defaulted.path("retention").path("keepUnread").asBoolean()).isTrue();
        JsonNode own = api.post("/api/streams", "{\"name\": \"views\", \"schema\": \"page STRING\", "
                + "\"retention\": {\"maxAge\": \"36 hours\"}}").json();
        assertThat(own.path("retention").path("maxAge").asString()).isEqualTo("1 day 12 hours");
        assertThat(own.path("retention").path("maxBytes").asLong()).isZero();
        JsonNode everything = api.post("/api/streams", "{\"name\": \"audit\", \"schema\": \"page STRING\", "
                + "\"retention\": {}}").json();
        assertThat(everything.path("retention").has("maxAge")).isFalse();
        assertThat(everything.path("retention").path("maxBytes").asLong()).isZero();
        assertThat(api.get("/api/streams").json().findValuesAsString("maxAge")).containsExactly("1 day", "1 day 12 hours");

        // Each post is a record batch of its own: 40 of ~100 bytes fill several 1KB segments.
        String events = IntStream.range(0, 3).mapToObj(i -> "{\"page\": \"/p" + i + "\"}")
                .collect(Collectors.joining(",", "[", "]"));
        for (int post = 0; post < 40; post++) {
            for (String stream : new String[] {"clicks", "views", "audit"}) {
                assertThat(api.post("/api/streams/" + stream + "/events", events).status()).isEqualTo(200);
            }
        }
        clock.advance(Duration.ofHours(25));
        await().atMost(Duration.ofSeconds(20)).until(() -> earliest(api, "clicks") > 0);
        assertThat(earliest(api, "views")).isZero();
        assertThat(earliest(api, "audit")).isZero();

        clock.advance(Duration.ofHours(12));
        await().atMost(Duration.ofSeconds(20)).until(() -> earliest(api, "views") > 0);
        // The pass that let views' old segments go kept all of audit's, as every pass before it.
        assertThat(earliest(api, "audit")).isZero();
    }
}
