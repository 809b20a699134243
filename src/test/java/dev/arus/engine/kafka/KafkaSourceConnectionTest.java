package dev.arus.engine.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryStatus;
import dev.arus.engine.testing.QueryTestDriver;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import kafka.server.BrokerServer;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * The {@code kafka} source when its broker goes away under a running query: a call to the
 * brokers waits within the consumer's timeouts, the status saying what the query waits for, and
 * the query goes on once the broker is back, every record read once; a broker that stays away
 * longer fails the query with the cause in its exception. The broker is this class's own, since
 * it is stopped and started again (on the same port, as the test kit's listener allows).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class KafkaSourceConnectionTest {

    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");

    private static EmbeddedKafkaKraftBroker broker;
    private final List<QueryTestDriver> drivers = new ArrayList<>();
    private final ExecutorService trigger = Executors.newSingleThreadExecutor();

    @BeforeAll
    static void startBroker() {
        broker = KafkaTestBroker.start();
    }

    @AfterAll
    static void destroyBroker() {
        broker.destroy();
    }

    @AfterEach
    void closeDrivers() {
        trigger.shutdownNow();
        drivers.forEach(QueryTestDriver::close);
        if (server().isShutdown()) {
            server().startup();
        }
    }

    private static BrokerServer server() {
        return broker.getCluster().brokers().values().iterator().next();
    }

    private static void stopServer() {
        server().shutdown();
        server().awaitShutdown();
    }

    /** Starts the stopped server again; it returns once the broker is unfenced and serves its old port. */
    private static void startServer() {
        server().startup();
    }

    private QueryTestDriver driver() {
        QueryTestDriver driver = new QueryTestDriver(START, 1);
        drivers.add(driver);
        return driver;
    }

    private static void send(String topic, int from, int until) {
        KafkaTestBroker.send(broker.getBrokersAsString(), IntStream.range(from, until)
                .mapToObj(i -> new ProducerRecord<byte[], byte[]>(topic, i % 2, null,
                        ("v" + i).getBytes(StandardCharsets.UTF_8)))
                .toList());
    }

    private static List<String> values(QueryTestDriver driver, long batchId) {
        return driver.rowsOf(batchId).stream().map(row -> (String) row.get(0)).toList();
    }

    @Test
    void aQueryWaitsGettingOffsetsWhileItsBrokerIsDownAndGoesOnWithEveryRecordOnceWhenItIsBack() throws Exception {
        broker.addTopics(new NewTopic("restarted", 2, (short) 1));
        send("restarted", 0, 4);
        QueryTestDriver driver = driver();
        driver.startRecording(driver.session().readStream().format("kafka")
                .option("kafka.bootstrap.servers", broker.getBrokersAsString())
                .option("subscribe", "restarted").option("startingOffsets", "earliest").load()
                .selectExpr("CAST(value AS STRING) AS value"), w -> w);
        assertThat(driver.runTrigger().numInputRows()).isEqualTo(4);
        send("restarted", 4, 10);

        stopServer();
        CompletableFuture<StreamingQueryProgress> waiting = CompletableFuture.supplyAsync(driver::runTrigger, trigger);
        StreamingQueryStatus gettingOffsets = new StreamingQueryStatus(
                "Getting offsets from KafkaV2[Subscribe[restarted]]", false, true);
        await().atMost(Duration.ofSeconds(30)).until(() -> driver.query().status().equals(gettingOffsets));
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(10))
                .until(() -> !waiting.isDone() && driver.query().status().equals(gettingOffsets));

        startServer();
        StreamingQueryProgress resumed = waiting.get(60, TimeUnit.SECONDS);
        assertThat(resumed).as(driver.history()).isNotNull();
        assertThat(resumed.numInputRows()).isEqualTo(6);
        send("restarted", 10, 13);
        assertThat(driver.runTrigger().numInputRows()).as(driver.history()).isEqualTo(3);

        List<String> all = new ArrayList<>();
        for (long batch = 0; batch < 3; batch++) {
            all.addAll(values(driver, batch));
        }
        assertThat(all).as(driver.history()).containsExactlyInAnyOrderElementsOf(
                IntStream.range(0, 13).mapToObj(i -> "v" + i).toList());
        assertThat(driver.query().isActive()).isTrue();
    }

    @Test
    void aBrokerDownLongerThanTheConsumersTimeoutFailsTheQueryNamingTheServersAndTheCause() {
        broker.addTopics(new NewTopic("abandoned", 1, (short) 1));
        QueryTestDriver driver = driver();
        driver.startRecording(driver.session().readStream().format("kafka")
                .option("kafka.bootstrap.servers", broker.getBrokersAsString())
                .option("kafka.default.api.timeout.ms", "3000").option("kafka.request.timeout.ms", "2000")
                .option("subscribe", "abandoned").load(), w -> w);
        assertThat(driver.runTrigger()).isNotNull();

        stopServer();
        assertThat(driver.runTrigger()).as(driver.history()).isNull();
        assertThat(driver.query().isActive()).isFalse();
        assertThat(driver.query().exception()).get().satisfies(e -> {
            ArusException cause = (ArusException) e.getCause();
            assertThat(cause.errorClass()).isEqualTo("KAFKA_UNAVAILABLE");
            assertThat(cause.getMessage()).contains("Cannot list the topics from the Kafka brokers at "
                    + broker.getBrokersAsString() + ": TimeoutException");
        });
    }
}
