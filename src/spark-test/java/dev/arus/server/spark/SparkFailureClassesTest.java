package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.http.WebhookReceiver;
import dev.arus.engine.kafka.KafkaTestBroker;
import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryListener;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.query.QueryState;
import dev.arus.server.query.QueryView;
import dev.arus.server.query.restart.TransientFailures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import kafka.server.BrokerServer;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import tools.jackson.databind.JsonNode;

/**
 * A Spark query's failure carries Spark's error condition as its error class, so that the
 * restart strategies decide about it as about the same failure on Arus: a division by zero fails
 * the query for good, a Kafka broker that went away is restarted, and the query goes on once the
 * broker is back; a failure of Arus's own sink, run in the foreachBatch wrapper, keeps its class.
 * The broker is this class's own, since it is stopped and started again.
 */
@SparkService
class SparkFailureClassesTest {

    /** A restart strategy whose attempts come late enough to be seen RESTARTING, and soon enough to wait for. */
    private static final String RESTART = "{\"strategy\": \"fixed-delay\", \"attempts\": 100, \"delay\": \"3 seconds\"}";
    private static final Duration PATIENCE = Duration.ofSeconds(120);

    private static EmbeddedKafkaKraftBroker broker;
    private static WebhookReceiver receiver;

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    // The first ended run of each query, as its listeners were told.
    private final Map<UUID, QueryView> ended = new ConcurrentHashMap<>();

    @BeforeEach
    void hear() {
        registry.addListener(new QueryListener() {
            @Override
            public void runEnded(QueryView query) {
                ended.putIfAbsent(query.id(), query);
            }
        });
    }

    @BeforeAll
    static void startBroker() {
        broker = KafkaTestBroker.start();
    }

    @DynamicPropertySource
    static void webhooks(DynamicPropertyRegistry registry) throws IOException {
        receiver = new WebhookReceiver();
        registry.add("arus.http-sink.allowed-hosts", () -> "127.0.0.1");
    }

    @AfterAll
    static void destroyBrokerAndReceiver() throws IOException {
        broker.destroy();
        receiver.close();
    }

    @AfterEach
    void deleteQueriesAndBringTheBrokerBack() {
        ApiClient api = new ApiClient(port);
        api.get("/api/queries").json().forEach(query -> api.delete("/api/queries/" + query.path("id").asString()));
        if (server().isShutdown()) {
            server().startup();
        }
    }

    private static BrokerServer server() {
        return broker.getCluster().brokers().values().iterator().next();
    }

    /**
     * The query as the registry showed it when its first run ended, its restart strategy having
     * decided: FAILED, or RESTARTING when the strategy restarts it. (Spark shows a run's exception
     * a moment before its terminated event, so polling the API could see FAILED before the
     * strategy decided.)
     */
    private QueryView failed(String id) {
        await().atMost(PATIENCE).until(() -> ended.containsKey(UUID.fromString(id)));
        return ended.get(UUID.fromString(id));
    }

    @Test
    void aDivisionByZeroOnSparkFailsWithSparksConditionAndIsNotRestarted() {
        ApiClient api = new ApiClient(port).withTimeout(PATIENCE);
        String id = api.create("""
                {"name": "divides-by-zero", "engine": "spark", "restart": %s,
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 5}},
                 "steps": [{"selectExpr": ["value DIV 0 AS q"]}],
                 "trigger": {"processingTime": "100 milliseconds"}, "sink": {"format": "noop"}}""".formatted(RESTART));

        QueryView ended = failed(id);

        assertThat(ended.state()).as(ended.toString()).isEqualTo(QueryState.FAILED);
        assertThat(ended.exception().errorClass()).isEqualTo("DIVIDE_BY_ZERO");
        JsonNode shown = api.query(id);
        assertThat(shown.path("state").asString()).isEqualTo("FAILED");
        assertThat(shown.path("exception").path("errorClass").asString()).isEqualTo("DIVIDE_BY_ZERO");
        assertThat(shown.path("exception").path("message").asString()).contains("[DIVIDE_BY_ZERO]");
        assertThat(shown.path("restarts").asLong()).isZero();
    }

    @Test
    void aWebhookThatRefusesTheBatchFailsASparkQueryWithTheHttpSinksClassAndIsNotRestarted() {
        receiver.always(WebhookReceiver.Answer.BAD_REQUEST);
        ApiClient api = new ApiClient(port).withTimeout(PATIENCE);
        String id = api.create("""
                {"name": "refused-webhook", "engine": "spark", "restart": %s,
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 2}},
                 "trigger": {"processingTime": "100 milliseconds"},
                 "sink": {"format": "http", "options": {"url": "%s"}}}""".formatted(RESTART, receiver.url("/refuses")));

        QueryView ended = failed(id);

        assertThat(ended.state()).as(ended.toString()).isEqualTo(QueryState.FAILED);
        assertThat(ended.exception().errorClass()).isEqualTo("HTTP_SINK_REJECTED");
        assertThat(api.query(id).path("exception").path("errorClass").asString()).isEqualTo("HTTP_SINK_REJECTED");
        assertThat(api.query(id).path("restarts").asLong()).isZero();
    }

    @Test
    void aKafkaBrokerLostUnderASparkQueryIsRestartedAndTheQueryGoesOnOnceItIsBack() {
        broker.addTopics(new NewTopic("spark-lost", 1, (short) 1));
        send(0, 3);
        ApiClient api = new ApiClient(port).withTimeout(PATIENCE);
        String id = api.create("""
                {"name": "loses-its-broker", "engine": "spark", "restart": %s,
                 "source": {"format": "kafka", "options": {"kafka.bootstrap.servers": "%s", "subscribe": "spark-lost",
                   "startingOffsets": "earliest", "kafka.default.api.timeout.ms": "3000",
                   "kafka.request.timeout.ms": "2000", "fetchOffset.numRetries": "1"}},
                 "steps": [{"selectExpr": ["CAST(value AS STRING) AS value"]}],
                 "trigger": {"processingTime": "100 milliseconds"}, "sink": {"format": "noop"},
                 "checkpointLocation": "checkpoints/loses-its-broker"}"""
                .formatted(RESTART, broker.getBrokersAsString()));
        await().atMost(PATIENCE).until(() -> rows(api, id) == 3);

        server().shutdown();
        server().awaitShutdown();
        QueryView ended = failed(id);

        assertThat(ended.state()).as(ended.toString()).isEqualTo(QueryState.RESTARTING);
        assertThat(TransientFailures.mayPass(ended.exception().errorClass())).as(ended.toString()).isTrue();
        server().startup();
        send(3, 5);
        await().atMost(PATIENCE).until(() -> rows(api, id) == 5);
        assertThat(api.query(id).path("state").asString()).isEqualTo("ACTIVE");
        assertThat(api.query(id).path("restarts").asLong()).isPositive();
    }

    /** The rows the query's batches wrote, over all its runs. */
    private static long rows(ApiClient api, String id) {
        long rows = 0;
        for (JsonNode batch : api.get("/api/queries/" + id + "/batches").json()) {
            rows += batch.path("numRows").asLong();
        }
        return rows;
    }

    private static void send(int from, int until) {
        KafkaTestBroker.send(broker.getBrokersAsString(), IntStream.range(from, until)
                .mapToObj(i -> new ProducerRecord<byte[], byte[]>("spark-lost", 0, null,
                        ("v" + i).getBytes(StandardCharsets.UTF_8)))
                .toList());
    }
}
