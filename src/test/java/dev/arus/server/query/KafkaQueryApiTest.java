package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.kafka.KafkaTestBroker;
import dev.arus.server.ApiClient;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A {@code kafka} source and sink in a spec, on the started service against a real broker: the
 * shop's orders read with {@code from_json} and written back to a topic, secrets never shown,
 * and mistakes and an unreachable broker refused at creation with a pointer into the spec.
 */
@StartedService
@ExtendWith(OutputCaptureExtension.class)
class KafkaQueryApiTest {

    @LocalServerPort
    int port;

    private ApiClient api() {
        return new ApiClient(port);
    }

    @AfterEach
    void deleteQueries() {
        ApiClient api = api();
        api.get("/api/queries").json().forEach(query -> api.delete("/api/queries/" + query.path("id").asString()));
    }

    private static String spec(String sourceOptions, String sinkOptions) {
        return """
                {"name": "orders-to-kafka",
                 "source": {"format": "kafka", "options": {%s}},
                 "steps": [{"selectExpr": ["from_json(CAST(value AS STRING), 'order_id STRING, category STRING, amount DOUBLE') AS o"]},
                           {"selectExpr": ["o.category AS key", "concat(o.order_id, ':', CAST(o.amount AS STRING)) AS value"]}],
                 "trigger": {"processingTime": "50 milliseconds"},
                 "sink": {"format": "kafka", "options": {%s}}}""".formatted(sourceOptions, sinkOptions);
    }

    @Test
    void ordersReadWithFromJsonAreWrittenBackToATopicAndSecretsAreNeverShown(CapturedOutput output) {
        KafkaTestBroker.createTopic("api-orders", 2);
        KafkaTestBroker.createTopic("api-out", 1);
        String servers = KafkaTestBroker.servers();
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(
                "org.apache.kafka.common.config.AbstractConfig")).setLevel(ch.qos.logback.classic.Level.INFO);
        ApiClient api = api();
        String id = api.create(spec("""
                "kafka.bootstrap.servers": "%s", "subscribe": "api-orders", "startingOffsets": "earliest",
                "kafka.ssl.key.password": "hunter2\"""".formatted(servers), """
                "kafka.bootstrap.servers": "%s", "topic": "api-out", "kafka.sasl.jaas.config": "secret-jaas\"""".formatted(servers)));
        KafkaTestBroker.send(List.of(
                new ProducerRecord<>("api-orders", 0, null, bytes("{\"order_id\":\"o-1\",\"category\":\"books\",\"amount\":12.5}")),
                new ProducerRecord<>("api-orders", 1, null, bytes("{\"order_id\":\"o-2\",\"category\":\"games\",\"amount\":30.0}"))));

        await().atMost(Duration.ofSeconds(60)).until(() -> KafkaTestBroker.readAll("api-out", "read_uncommitted").size() == 2);
        assertThat(KafkaTestBroker.readAll("api-out", "read_uncommitted").stream()
                .map(r -> new String(r.key(), StandardCharsets.UTF_8) + "=" + new String(r.value(), StandardCharsets.UTF_8)))
                .containsExactlyInAnyOrder("books=o-1:12.5", "games=o-2:30.0");

        ApiClient.Response shown = api.get("/api/queries/" + id);
        assertThat(shown.body()).doesNotContain("hunter2").doesNotContain("secret-jaas");
        JsonNode query = shown.json();
        assertThat(query.path("spec").path("source").path("options").path("kafka.ssl.key.password").asString())
                .isEqualTo("*********(redacted)");
        assertThat(query.path("spec").path("sink").path("options").path("kafka.sasl.jaas.config").asString())
                .isEqualTo("*********(redacted)");
        assertThat(api.get("/api/queries").body()).doesNotContain("hunter2").doesNotContain("secret-jaas");
        await().atMost(Duration.ofSeconds(30)).until(() -> api.query(id).path("lastProgress").path("sources").path(0)
                .path("description").asString().equals("KafkaV2[Subscribe[api-orders]]"));
        assertThat(output.getAll()).as("the Kafka clients log their settings").contains("ssl.key.password")
                .doesNotContain("hunter2").doesNotContain("secret-jaas");
    }

    @Test
    void aMisspeltOptionAndAMissingTopicChoiceArePointedAt() {
        ApiClient api = api();
        ApiClient.Response misspelt = api.post("/api/queries", spec(
                "\"kafka.bootstrap.servers\": \"localhost:1\", \"subscribe\": \"t\", \"maxOffsetPerTrigger\": 5",
                "\"kafka.bootstrap.servers\": \"localhost:1\", \"topic\": \"t\""));
        assertThat(misspelt.status()).as(misspelt.body()).isEqualTo(400);
        assertThat(misspelt.json().path("pointer").asString()).isEqualTo("/source/options/maxOffsetPerTrigger");

        ApiClient.Response noTopics = api.post("/api/queries", spec("\"kafka.bootstrap.servers\": \"localhost:1\"",
                "\"kafka.bootstrap.servers\": \"localhost:1\", \"topic\": \"t\""));
        assertThat(noTopics.status()).as(noTopics.body()).isEqualTo(400);
        assertThat(noTopics.json().path("detail").asString()).isEqualTo("One of the following options must be "
                + "specified for Kafka source: assign, subscribe, subscribepattern. See the docs for more details.");
    }

    /** A loopback address nobody listens on: a port bound, then closed. */
    private static String closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "127.0.0.1:" + socket.getLocalPort();
        }
    }

    private static String servers(String servers) {
        return "\"kafka.bootstrap.servers\": \"" + servers + "\"";
    }

    /** The answer to {@code spec}'s creation, which must come well before Kafka's own 60 s waits end. */
    private ApiClient.Response createdWithinTheCheck(String spec) {
        long started = System.nanoTime();
        ApiClient.Response answer = api().post("/api/queries", spec);
        assertThat(Duration.ofNanos(System.nanoTime() - started))
                .as("answered within the %s check, not after Kafka's minute: %s", StartedService.KAFKA_CONNECT_TIMEOUT,
                        answer.body())
                .isLessThan(Duration.ofSeconds(30));
        return answer;
    }

    @Test
    void anUnreachableBrokerOfTheSourceOrEitherSinkIsRefusedWithinTheCheckAtItsOption() throws IOException {
        KafkaTestBroker.createTopic("api-reachable", 1);
        String reachable = servers(KafkaTestBroker.servers());
        String closed = closedPort();
        Map<String, String> pointers = new LinkedHashMap<>();
        pointers.put(spec(servers(closed) + ", \"subscribe\": \"api-reachable\"",
                reachable + ", \"topic\": \"api-reachable\""), "/source/options/kafka.bootstrap.servers");
        pointers.put(spec(reachable + ", \"subscribe\": \"api-reachable\"",
                servers(closed) + ", \"topic\": \"api-reachable\""), "/sink/options/kafka.bootstrap.servers");
        pointers.put(spec(reachable + ", \"subscribe\": \"api-reachable\"",
                        servers(closed) + ", \"topic\": \"api-reachable\", \"exactlyOnce\": true")
                        .replace("\"sink\":", "\"checkpointLocation\": \"cp/api-unreachable\", \"sink\":"),
                "/sink/options/kafka.bootstrap.servers");
        pointers.forEach((spec, pointer) -> {
            ApiClient.Response refused = createdWithinTheCheck(spec);
            assertThat(refused.status()).as(refused.body()).isEqualTo(400);
            assertThat(refused.json().path("pointer").asString()).as(refused.body()).isEqualTo(pointer);
            assertThat(refused.json().path("errorClass").asString()).isEqualTo("KAFKA_UNAVAILABLE");
            assertThat(refused.json().path("detail").asString()).as(refused.body())
                    .startsWith("[KAFKA_UNAVAILABLE] Cannot reach the Kafka brokers at " + closed + " within 2000 ms");
        });
        assertThat(api().get("/api/queries").json()).isEmpty();
    }

    @Test
    void aServerThatIsNotAnAddressOrDoesNotResolveIsPointedAt() {
        for (String servers : List.of("not a server", "no-such-host.invalid:9092")) {
            ApiClient.Response refused = createdWithinTheCheck(spec(servers(KafkaTestBroker.servers())
                    + ", \"subscribe\": \"t\"", servers(servers) + ", \"topic\": \"t\""));
            assertThat(refused.status()).as(refused.body()).isEqualTo(400);
            assertThat(refused.json().path("pointer").asString()).isEqualTo("/sink/options/kafka.bootstrap.servers");
            assertThat(refused.json().path("detail").asString()).startsWith("The Kafka client cannot use the servers "
                    + servers + ": ");
        }
    }

    @Test
    void anUnreachableSourceOfAJoinedStreamIsPointedAtInThatStream() throws IOException {
        KafkaTestBroker.createTopic("api-left", 1);
        ApiClient.Response refused = createdWithinTheCheck("""
                {"name": "joined",
                 "source": {"format": "kafka", "options": {%s, "subscribe": "api-left"}},
                 "steps": [{"join": {"with": {"source": {"format": "kafka", "options": {%s, "subscribe": "right"}}},
                                     "on": ["key"]}}],
                 "sink": {"format": "noop"}}""".formatted(servers(KafkaTestBroker.servers()), servers(closedPort())));
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("pointer").asString())
                .isEqualTo("/steps/0/join/with/source/options/kafka.bootstrap.servers");
    }

    @Test
    void aSinkTopicThatDoesNotExistIsRefusedAtCreationAtTheTopicOption() {
        KafkaTestBroker.createTopic("api-in-for-missing", 1);
        String servers = servers(KafkaTestBroker.servers());
        for (String exactlyOnce : List.of("false", "true")) {
            ApiClient.Response refused = createdWithinTheCheck(spec(servers + ", \"subscribe\": \"api-in-for-missing\"",
                    servers + ", \"topic\": \"api-no-such-topic\", \"exactlyOnce\": " + exactlyOnce)
                    .replace("\"sink\":", "\"checkpointLocation\": \"cp/api-missing-" + exactlyOnce + "\", \"sink\":"));
            assertThat(refused.status()).as(refused.body()).isEqualTo(400);
            assertThat(refused.json().path("pointer").asString()).isEqualTo("/sink/options/topic");
            assertThat(refused.json().path("errorClass").asString()).isEqualTo("KAFKA_TOPIC_NOT_FOUND");
            assertThat(refused.json().path("detail").asString()).startsWith("[KAFKA_TOPIC_NOT_FOUND] The Kafka topic "
                    + "'api-no-such-topic' does not exist at the brokers at " + KafkaTestBroker.servers());
        }
        assertThat(api().get("/api/queries").json()).isEmpty();
    }

    /** How many lines of the log so far contain {@code text}. */
    private static long lines(CapturedOutput output, String text) {
        return output.getAll().lines().filter(line -> line.contains(text)).count();
    }

    @Test
    void theKafkaClientsWarnOnceOfABrokerTheCheckRetriesToReach(CapturedOutput output) throws IOException {
        String closed = closedPort();
        ApiClient.Response refused = createdWithinTheCheck(spec(servers(closed) + ", \"subscribe\": \"t\"",
                servers(closed) + ", \"topic\": \"t\""));
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(lines(output, "(/" + closed + ") could not be established"))
                .as("the admin client's warning, once for all its retries").isEqualTo(1);
    }

    @Test
    void aMissingTopicOfTheTopicColumnFailsTheQueryAtItsFirstBatchNamingTheTopic(CapturedOutput output) {
        KafkaTestBroker.createTopic("api-routed-in", 1);
        String servers = servers(KafkaTestBroker.servers());
        ApiClient api = api();
        String id = api.create("""
                {"name": "routed",
                 "source": {"format": "kafka", "options": {%s, "subscribe": "api-routed-in", "startingOffsets": "earliest"}},
                 "steps": [{"selectExpr": ["'api-routed-nowhere' AS topic", "CAST(value AS STRING) AS value"]}],
                 "trigger": {"processingTime": "50 milliseconds"}, "restart": {"strategy": "none"},
                 "sink": {"format": "kafka", "options": {%s}}}""".formatted(servers, servers));
        KafkaTestBroker.send(List.of(new ProducerRecord<>("api-routed-in", 0, null, bytes("a")),
                new ProducerRecord<>("api-routed-in", 0, null, bytes("b"))));

        // No restart: the service's default would start it again a second later, and a busy test could read the
        // restarted run instead of the failure.
        await().atMost(Duration.ofSeconds(50)).until(() -> api.query(id).path("state").asString().equals("FAILED"));
        JsonNode failure = api.query(id).path("exception");
        assertThat(failure.path("errorClass").asString()).as(failure.toString()).isEqualTo("KAFKA_TOPIC_NOT_FOUND");
        assertThat(failure.path("message").asString()).contains("'api-routed-nowhere'");
        assertThat(lines(output, "api-routed-nowhere=UNKNOWN_TOPIC_OR_PARTITION"))
                .as("the producer's warning, once for all its retries").isEqualTo(1);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
