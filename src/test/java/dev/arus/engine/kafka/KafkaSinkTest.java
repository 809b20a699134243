package dev.arus.engine.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code kafka} sink against a real broker: Spark's columns and checks, the topic from the
 * option or a column, at least once by default, and exactly once for {@code read_committed}
 * readers in {@code exactlyOnce} mode when a batch is run again after a crash.
 */
class KafkaSinkTest {

    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");

    @TempDir
    Path directory;

    private final List<QueryTestDriver> drivers = new ArrayList<>();

    @AfterEach
    void closeDrivers() {
        drivers.forEach(QueryTestDriver::close);
    }

    private QueryTestDriver driver() {
        QueryTestDriver driver = new QueryTestDriver(START, 1);
        drivers.add(driver);
        return driver;
    }

    /** Rows 0, 1, 2 in batch 0, 3, 4, 5 in batch 1 and so on. */
    private static StreamFrame numbers(QueryTestDriver driver) {
        return driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", 3).load();
    }

    private static List<String> texts(List<ConsumerRecord<byte[], byte[]>> records) {
        return records.stream().map(r -> (r.key() == null ? "null" : new String(r.key(), StandardCharsets.UTF_8))
                + "=" + new String(r.value(), StandardCharsets.UTF_8)
                + (r.headers().toArray().length == 0 ? "" : " " + r.headers().lastHeader("h").key() + ":"
                + new String(r.headers().lastHeader("h").value(), StandardCharsets.UTF_8))).toList();
    }

    @Test
    void writesARecordPerRowWithKeyValueAndHeadersToTheTopicOfTheOption() {
        KafkaTestBroker.createTopic("sink-in", 1);
        KafkaTestBroker.createTopic("sink-out", 1);
        ProducerRecord<byte[], byte[]> withHeader = new ProducerRecord<>("sink-in", 0, null, bytes("k"), bytes("v"));
        withHeader.headers().add(new RecordHeader("h", bytes("x")));
        KafkaTestBroker.send(List.of(withHeader, new ProducerRecord<>("sink-in", 0, null, null, bytes("w"))));
        QueryTestDriver driver = driver();
        driver.start(driver.session().readStream().format("kafka")
                        .option("kafka.bootstrap.servers", KafkaTestBroker.servers()).option("subscribe", "sink-in")
                        .option("startingOffsets", "earliest").option("includeHeaders", true).load()
                        .selectExpr("key", "concat(CAST(value AS STRING), '!') AS value", "headers"),
                w -> w.format("kafka").option("kafka.bootstrap.servers", KafkaTestBroker.servers())
                        .option("topic", "sink-out"));
        driver.runTrigger();
        assertThat(texts(KafkaTestBroker.readAll("sink-out", "read_uncommitted"))).as(driver.history())
                .containsExactly("k=v! h:x", "null=w!");
    }

    @Test
    void writesTheRowsOfEveryBatch() {
        KafkaTestBroker.createTopic("numbers-out", 1);
        QueryTestDriver driver = driver();
        driver.start(numbers(driver).selectExpr("CAST(value AS STRING) AS key", "CAST(value * 10 AS STRING) AS value"),
                w -> w.format("kafka").option("kafka.bootstrap.servers", KafkaTestBroker.servers())
                        .option("topic", "numbers-out"));
        driver.runBatches(2);
        assertThat(texts(KafkaTestBroker.readAll("numbers-out", "read_uncommitted"))).as(driver.history())
                .containsExactly("0=0", "1=10", "2=20", "3=30", "4=40", "5=50");
    }

    @Test
    void aTopicDeletedAfterTheQueryStartedFailsItsFirstBatchNamingTheTopic() {
        KafkaTestBroker.createTopic("deleted-out", 1);
        QueryTestDriver driver = driver();
        driver.start(numbers(driver).selectExpr("CAST(value AS STRING) AS value"),
                w -> w.format("kafka").option("kafka.bootstrap.servers", KafkaTestBroker.servers())
                        .option("topic", "deleted-out"));
        KafkaTestBroker.deleteTopic("deleted-out");
        driver.runTrigger();
        assertThat(driver.query().exception()).as(driver.history()).get().satisfies(e -> {
            ArusException cause = (ArusException) e.getCause();
            assertThat(cause.errorClass()).isEqualTo("KAFKA_TOPIC_NOT_FOUND");
            assertThat(cause.getMessage()).startsWith("[KAFKA_TOPIC_NOT_FOUND] The Kafka topic 'deleted-out' does "
                    + "not exist at the brokers at " + KafkaTestBroker.servers()).contains("Batch 0 was not written");
        });
    }

    @Test
    void aSinkTopicThatDoesNotExistIsRefusedWhenTheQueryStarts() {
        QueryTestDriver driver = driver();
        assertThatThrownBy(() -> driver.start(numbers(driver).selectExpr("CAST(value AS STRING) AS value"),
                w -> w.format("kafka").option("kafka.bootstrap.servers", KafkaTestBroker.servers())
                        .option("topic", "never-created")))
                .isInstanceOfSatisfying(InvalidOptionException.class, refused -> {
                    assertThat(refused.errorClass()).isEqualTo("KAFKA_TOPIC_NOT_FOUND");
                    assertThat(refused.option()).isEqualTo("topic");
                });
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aTopicColumnRoutesEachRowAndANullTopicFailsTheBatchWithSparksError() {
        KafkaTestBroker.createTopic("even", 1);
        KafkaTestBroker.createTopic("odd", 1);
        QueryTestDriver driver = driver();
        driver.start(numbers(driver).selectExpr("CASE WHEN value % 2 = 0 THEN 'even' WHEN value < 4 THEN 'odd' END AS topic",
                        "CAST(value AS STRING) AS value"),
                w -> w.format("kafka").option("kafka.bootstrap.servers", KafkaTestBroker.servers()));
        driver.runTrigger();
        assertThat(texts(KafkaTestBroker.readAll("even", "read_uncommitted"))).containsExactly("null=0", "null=2");
        assertThat(texts(KafkaTestBroker.readAll("odd", "read_uncommitted"))).containsExactly("null=1");
        driver.runTrigger();
        assertThat(driver.query().exception()).get().satisfies(e -> assertThat(((ArusException) e.getCause())
                .errorClass()).isEqualTo("KAFKA_NULL_TOPIC_IN_DATA"));
    }

    @Test
    void aPartitionColumnSendsEachRowToThatPartition() {
        KafkaTestBroker.createTopic("parted", 2);
        QueryTestDriver driver = driver();
        driver.start(numbers(driver).selectExpr("CAST(value % 2 AS INT) AS partition", "CAST(value AS STRING) AS value"),
                w -> w.format("kafka").option("kafka.bootstrap.servers", KafkaTestBroker.servers())
                        .option("topic", "parted"));
        driver.runTrigger();
        assertThat(KafkaTestBroker.readAll("parted", "read_uncommitted")).as(driver.history())
                .extracting(r -> r.partition() + ":" + new String(r.value(), StandardCharsets.UTF_8))
                .containsExactlyInAnyOrder("0:0", "1:1", "0:2");
    }

    @Test
    void anOutputWithoutAStringOrBinaryValueIsRefusedAtStartInSparksWords() {
        QueryTestDriver driver = driver();
        assertThatThrownBy(() -> driver.start(numbers(driver).selectExpr("CAST(value AS STRING) AS key"),
                w -> w.format("kafka").option("kafka.bootstrap.servers", "localhost:1").option("topic", "t")))
                .isInstanceOf(AnalysisException.class)
                .hasMessage("[_LEGACY_ERROR_TEMP_3080] Required attribute 'value' not found");
        assertThatThrownBy(() -> driver.start(numbers(driver),
                w -> w.format("kafka").option("kafka.bootstrap.servers", "localhost:1").option("topic", "t")))
                .hasMessage("[_LEGACY_ERROR_TEMP_3080] value attribute unsupported type bigint. value must be a(n) "
                        + "string or binary");
        assertThatThrownBy(() -> driver.start(numbers(driver).selectExpr("CAST(value AS STRING) AS value"),
                w -> w.format("kafka").option("kafka.bootstrap.servers", "localhost:1")))
                .hasMessage("[_LEGACY_ERROR_TEMP_3080] topic option required when no 'topic' attribute is present. "
                        + "Use the topic option for setting a topic.");
    }

    /**
     * The commit log's last entry is removed, as a crash between the sink's write and the commit
     * leaves it: the restarted query runs that batch again. At least once, its rows are written
     * twice; exactly once, a {@code read_committed} reader sees them once.
     */
    @Test
    void aBatchRunAgainAfterACrashIsWrittenTwiceAtLeastOnceButSeenOnceInExactlyOnceMode() throws IOException {
        for (boolean exactlyOnce : List.of(false, true)) {
            String topic = "again-" + exactlyOnce;
            KafkaTestBroker.createTopic(topic, 1);
            Path checkpoint = directory.resolve("checkpoint-" + exactlyOnce);
            QueryTestDriver driver = driver();
            driver.start(numbers(driver).selectExpr("CAST(value AS STRING) AS value"),
                    w -> w.format("kafka").option("kafka.bootstrap.servers", KafkaTestBroker.servers())
                            .option("topic", topic).option("exactlyOnce", exactlyOnce)
                            .option("checkpointLocation", checkpoint.toString()));
            driver.runBatches(2);
            driver.query().stop();
            Files.delete(checkpoint.resolve("commits").resolve("1"));
            driver.restart();
            driver.runBatches(2);

            List<String> seen = texts(KafkaTestBroker.readAll(topic, "read_committed"));
            List<String> once = List.of("null=0", "null=1", "null=2", "null=3", "null=4", "null=5", "null=6",
                    "null=7", "null=8");
            if (exactlyOnce) {
                assertThat(seen).as(driver.history()).containsExactlyElementsOf(once);
            } else {
                assertThat(seen).as(driver.history()).hasSize(12).containsAll(once);
            }
        }
    }
}
