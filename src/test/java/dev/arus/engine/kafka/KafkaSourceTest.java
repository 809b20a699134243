package dev.arus.engine.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code kafka} source against a real broker: Spark's rows and schema, offsets per topic
 * partition in progress and in the offset log, {@code maxOffsetsPerTrigger} sharing a batch among
 * partitions, restarts from the checkpoint after every batch, new partitions and topics picked
 * up, and topics deleted under a query, subscribed or assigned, as {@code failOnDataLoss} says.
 */
class KafkaSourceTest {

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

    private static byte[] bytes(String text) {
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    private static ProducerRecord<byte[], byte[]> record(String topic, int partition, int second, String key,
                                                         String value, String... headers) {
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(topic, partition,
                START.plusSeconds(second).toEpochMilli(), bytes(key), bytes(value));
        for (int h = 0; h < headers.length; h += 2) {
            record.headers().add(new RecordHeader(headers[h], bytes(headers[h + 1])));
        }
        return record;
    }

    private StreamFrame kafka(QueryTestDriver driver, Map<String, String> options) {
        return driver.session().readStream().format("kafka")
                .option("kafka.bootstrap.servers", KafkaTestBroker.servers())
                .options(options).load();
    }

    private static List<String> texts(List<Row> rows) {
        return rows.stream().map(Row::toString).toList();
    }

    /** The source part of the offset log entry of {@code batchId}: its last line. */
    private static String loggedOffsets(Path checkpoint, long batchId) throws IOException {
        List<String> lines = Files.readAllLines(checkpoint.resolve("offsets").resolve(Long.toString(batchId)));
        return lines.get(lines.size() - 1);
    }

    @Test
    void readsSparksRowsInBatchesOfMaxOffsetsPerTriggerAndResumesFromTheCheckpointAfterEveryBatch()
            throws IOException {
        KafkaTestBroker.createTopic("golden", 3);
        KafkaTestBroker.send(List.of(
                record("golden", 0, 0, "a", "v0"),
                record("golden", 0, 1, null, "v1"),
                record("golden", 0, 2, "c", "v2", "h1", "x"),
                record("golden", 1, 3, "d", "v3"),
                record("golden", 1, 4, null, "v4", "h1", "y", "h2", null),
                record("golden", 2, 5, "f", null)));
        QueryTestDriver driver = driver().restartAfterEachBatch();
        Path checkpoint = directory.resolve("checkpoint");
        StreamFrame rows = kafka(driver, Map.of("subscribe", "golden", "startingOffsets", "earliest",
                "maxOffsetsPerTrigger", "3", "includeHeaders", "true"));
        assertThat(rows.schema().toString()).isEqualTo("struct<key:binary,value:binary,topic:string,partition:int,"
                + "offset:bigint,timestamp:timestamp,timestampType:int,headers:array<struct<key:string,value:binary>>>");
        driver.startRecording(rows.selectExpr("CAST(key AS STRING) AS key", "CAST(value AS STRING) AS value", "topic",
                        "partition", "offset", "timestamp", "timestampType", "headers"),
                w -> w.option("checkpointLocation", checkpoint.toString()));

        StreamingQueryProgress first = driver.runTrigger();
        assertThat(first.sources().get(0).description()).isEqualTo("KafkaV2[Subscribe[golden]]");
        assertThat(first.sources().get(0).startOffset()).isNull();
        assertThat(first.sources().get(0).endOffset()).isEqualTo("{\"golden\":{\"0\":1,\"1\":1,\"2\":1}}");
        assertThat(first.sources().get(0).latestOffset()).isEqualTo("{\"golden\":{\"0\":3,\"1\":2,\"2\":1}}");
        assertThat(loggedOffsets(checkpoint, 0)).isEqualTo("{\"golden\":{\"0\":1,\"1\":1,\"2\":1}}");
        assertThat(first.sources().get(0).metrics()).as("records behind the latest: 2, 1 and 0").isEqualTo(Map.of(
                "avgOffsetsBehindLatest", "1.0", "maxOffsetsBehindLatest", "2", "minOffsetsBehindLatest", "0"));
        assertThat(texts(driver.rowsOf(0))).as(driver.history()).containsExactlyInAnyOrder(
                "[a,v0,golden,0,0,2026-12-01T10:00:00Z,0,null]",
                "[d,v3,golden,1,0,2026-12-01T10:00:03Z,0,null]",
                "[f,null,golden,2,0,2026-12-01T10:00:05Z,0,null]");

        StreamingQueryProgress second = driver.runTrigger();
        assertThat(second.sources().get(0).startOffset()).isEqualTo("{\"golden\":{\"0\":1,\"1\":1,\"2\":1}}");
        assertThat(second.sources().get(0).endOffset()).isEqualTo("{\"golden\":{\"0\":3,\"1\":2,\"2\":1}}");
        assertThat(loggedOffsets(checkpoint, 1)).isEqualTo("{\"golden\":{\"0\":3,\"1\":2,\"2\":1}}");
        assertThat(texts(driver.rowsOf(1))).as(driver.history()).containsExactlyInAnyOrder(
                "[null,v1,golden,0,1,2026-12-01T10:00:01Z,0,null]",
                "[c,v2,golden,0,2,2026-12-01T10:00:02Z,0,[[h1,[78]]]]",
                "[null,v4,golden,1,1,2026-12-01T10:00:04Z,0,[[h1,[79]], [h2,null]]]");

        assertThat(driver.runTrigger()).as("nothing new: no batch").isNull();
        KafkaTestBroker.send(List.of(record("golden", 2, 6, "g", "v6")));
        assertThat(driver.runTrigger().numInputRows()).as(driver.history()).isEqualTo(1);
        assertThat(driver.restarts()).isEqualTo(3);
    }

    @Test
    void headersAreTransformedWithLambdasAndARecordWithoutHeadersGivesNull() {
        KafkaTestBroker.createTopic("headers", 1);
        KafkaTestBroker.send(List.of(
                record("headers", 0, 0, "a", "v0", "trace", "t-1", "tenant", "acme"),
                record("headers", 0, 1, "b", "v1"),
                record("headers", 0, 2, "c", "v2", "tenant", null)));
        QueryTestDriver driver = driver();
        StreamFrame rows = kafka(driver, Map.of("subscribe", "headers", "startingOffsets", "earliest",
                "includeHeaders", "true")).selectExpr("CAST(key AS STRING) AS key", "transform(headers, h -> h.key)",
                "transform(headers, h -> CAST(h.value AS STRING)) AS values",
                "filter(headers, h -> h.key = 'tenant')[0].value IS NULL AS no_tenant",
                "aggregate(headers, 0, (n, h) -> n + length(h.value)) AS value_bytes");
        assertThat(rows.schema().toString()).isEqualTo("struct<key:string,"
                + "transform(headers, lambdafunction(namedlambdavariable().key, namedlambdavariable())):array<string>,"
                + "values:array<string>,no_tenant:boolean,value_bytes:int>");
        driver.startRecording(rows, w -> w);

        driver.runTrigger();
        assertThat(texts(driver.rowsOf(0))).as(driver.history()).containsExactly(
                "[a,[trace, tenant],[t-1, acme],false,7]",
                "[b,null,null,true,null]",
                "[c,[tenant],[null],true,null]");
    }

    @Test
    void minOffsetsPerTriggerHoldsABatchBackUntilEnoughRecordsOrMaxTriggerDelayHasPassed() {
        KafkaTestBroker.createTopic("trickle", 1);
        QueryTestDriver driver = driver();
        driver.startRecording(kafka(driver, Map.of("subscribe", "trickle", "startingOffsets", "earliest",
                        "minOffsetsPerTrigger", "3", "maxTriggerDelay", "10s")).selectExpr("CAST(value AS STRING)"),
                w -> w.trigger(Trigger.processingTime("1 second")));
        assertThat(driver.runTrigger()).as("the first trigger is never held back").isNotNull();

        KafkaTestBroker.send(List.of(record("trickle", 0, 0, null, "one")));
        assertThat(driver.runTrigger()).as("1 of 3 records, 1 s of 10 s: held back").isNull();
        driver.clock().advance(Duration.ofSeconds(9));
        StreamingQueryProgress delayed = driver.runTrigger();
        assertThat(delayed).as(driver.history()).isNotNull();
        assertThat(delayed.numInputRows()).isEqualTo(1);

        KafkaTestBroker.send(List.of(record("trickle", 0, 1, null, "two"), record("trickle", 0, 2, null, "three"),
                record("trickle", 0, 3, null, "four")));
        assertThat(driver.runTrigger().numInputRows()).as("3 records: at once").isEqualTo(3);
    }

    @Test
    void availableNowReadsWhatTheTopicHadAtStartInBatchesOfMaxOffsetsPerTriggerThenStops() {
        KafkaTestBroker.createTopic("available-now", 2);
        KafkaTestBroker.send(List.of(record("available-now", 0, 0, null, "a"), record("available-now", 0, 1, null, "b"),
                record("available-now", 0, 2, null, "c"), record("available-now", 1, 3, null, "d"),
                record("available-now", 1, 4, null, "e")));
        QueryTestDriver driver = driver();
        driver.startRecording(kafka(driver, Map.of("subscribe", "available-now", "startingOffsets", "earliest",
                "maxOffsetsPerTrigger", "2")).selectExpr("CAST(value AS STRING)"),
                w -> w.trigger(Trigger.availableNow()));

        driver.runTrigger();
        KafkaTestBroker.send(List.of(record("available-now", 0, 5, null, "late"))); // after the start: not read
        while (driver.hasPendingTrigger()) {
            driver.runTrigger();
        }

        assertThat(driver.progress()).as(driver.history())
                .extracting(StreamingQueryProgress::batchId, StreamingQueryProgress::numInputRows)
                .containsExactly(tuple(0L, 2L), tuple(1L, 2L), tuple(2L, 1L));
        assertThat(driver.progress()).extracting(p -> p.sources().get(0).latestOffset())
                .as("the offsets fetched at the start").containsOnly("{\"available-now\":{\"0\":3,\"1\":2}}");
        List<String> read = new ArrayList<>();
        driver.batches().values().forEach(rows -> read.addAll(texts(rows)));
        assertThat(read).containsExactlyInAnyOrder("[a]", "[b]", "[c]", "[d]", "[e]");
        assertThat(driver.query().isActive()).isFalse();
        assertThat(driver.query().exception()).isEmpty();
    }

    @Test
    void onceReadsEveryRecordInOneBatchWhateverTheLimits() {
        KafkaTestBroker.createTopic("once", 2);
        KafkaTestBroker.send(List.of(record("once", 0, 0, null, "a"), record("once", 0, 1, null, "b"),
                record("once", 1, 2, null, "c")));
        QueryTestDriver driver = driver();
        driver.startRecording(kafka(driver, Map.of("subscribe", "once", "startingOffsets", "earliest",
                "maxOffsetsPerTrigger", "1", "minOffsetsPerTrigger", "1")).selectExpr("CAST(value AS STRING)"),
                w -> w.trigger(Trigger.once()));

        driver.runTrigger();

        assertThat(driver.progress()).extracting(StreamingQueryProgress::numInputRows).containsExactly(3L);
        assertThat(driver.hasPendingTrigger()).isFalse();
    }

    /**
     * As in Spark, {@code minOffsetsPerTrigger} still holds under {@code availableNow}: after the
     * first batch, fewer records left than the minimum (and {@code maxTriggerDelay} not passed)
     * hold the next batch back, and a trigger that runs no batch ends the run.
     */
    @Test
    void underAvailableNowMinOffsetsPerTriggerEndsTheRunWhenFewerRecordsAreLeftAsInSpark() {
        KafkaTestBroker.createTopic("available-now-min", 1);
        List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            records.add(record("available-now-min", 0, i, null, "r" + i));
        }
        KafkaTestBroker.send(records);
        QueryTestDriver driver = driver();
        driver.startRecording(kafka(driver, Map.of("subscribe", "available-now-min", "startingOffsets", "earliest",
                "minOffsetsPerTrigger", "4", "maxOffsetsPerTrigger", "4")).selectExpr("CAST(value AS STRING)"),
                w -> w.trigger(Trigger.availableNow()));

        while (driver.hasPendingTrigger()) {
            driver.runTrigger();
        }

        assertThat(driver.progress()).as(driver.history()).extracting(StreamingQueryProgress::numInputRows)
                .as("4 records, then 3 left, fewer than 4").containsExactly(4L);
        assertThat(driver.query().isActive()).isFalse();
    }

    @Test
    void aNewQueryStartsAtTheLatestOffsetsByDefaultAndPicksUpNewPartitionsFromTheirStart() {
        KafkaTestBroker.createTopic("growing", 1);
        KafkaTestBroker.send(List.of(record("growing", 0, 0, "old", "before")));
        QueryTestDriver driver = driver();
        driver.startRecording(kafka(driver, Map.of("subscribe", "growing")).selectExpr("CAST(value AS STRING)",
                "partition"), w -> w);
        assertThat(driver.runTrigger().numInputRows()).as("batch 0 of a latest query is empty").isZero();

        KafkaTestBroker.broker().doWithAdmin(admin -> admin.createPartitions(Map.of("growing",
                NewPartitions.increaseTo(2))));
        KafkaTestBroker.send(List.of(record("growing", 0, 1, null, "p0"), record("growing", 1, 2, null, "p1")));
        StreamingQueryProgress next = driver.runTrigger();
        assertThat(next.sources().get(0).endOffset()).isEqualTo("{\"growing\":{\"0\":2,\"1\":1}}");
        assertThat(texts(driver.rowsOf(1))).containsExactlyInAnyOrder("[p0,0]", "[p1,1]");
    }

    @Test
    void aSubscribedTopicThatDoesNotExistYetGivesNoDataUntilItIsCreated() {
        QueryTestDriver driver = driver();
        driver.startRecording(kafka(driver, Map.of("subscribePattern", "later-.*", "startingOffsets", "earliest"))
                .selectExpr("CAST(value AS STRING)", "topic"), w -> w);
        StreamingQueryProgress empty = driver.runTrigger();
        assertThat(empty.numInputRows()).isZero();
        assertThat(empty.sources().get(0).endOffset()).isEqualTo("{}");

        KafkaTestBroker.createTopic("later-1", 1);
        KafkaTestBroker.send(List.of(record("later-1", 0, 0, null, "hello")));
        driver.runTrigger();
        assertThat(texts(driver.rowsOf(1))).containsExactly("[hello,later-1]");
    }

    @Test
    void aDeletedTopicFailsTheQueryWithSparksDataLossErrorUnlessFailOnDataLossIsFalse() {
        for (String strategy : List.of("subscribe", "assign")) {
            for (boolean failOnDataLoss : List.of(true, false)) {
                String topic = "deleted-" + strategy + "-" + failOnDataLoss;
                KafkaTestBroker.createTopic(topic, 1);
                KafkaTestBroker.send(List.of(record(topic, 0, 0, null, "one")));
                QueryTestDriver driver = driver();
                driver.startRecording(kafka(driver, Map.of(strategy, strategy.equals("assign")
                                ? "{\"" + topic + "\":[0]}" : topic, "startingOffsets", "earliest",
                        "failOnDataLoss", Boolean.toString(failOnDataLoss))), w -> w);
                assertThat(driver.runTrigger().numInputRows()).isEqualTo(1);

                KafkaTestBroker.deleteTopic(topic);
                StreamingQueryProgress after = driver.runTrigger();
                if (failOnDataLoss) {
                    assertThat(after).as(strategy).isNull();
                    assertThat(driver.query().exception()).as(strategy).get().satisfies(e -> {
                        ArusException cause = (ArusException) e.getCause();
                        assertThat(cause.errorClass()).isEqualTo("KAFKA_DATA_LOSS.PARTITIONS_DELETED");
                        assertThat(cause.getMessage()).contains("Partitions [" + topic + "-0] have been deleted.");
                    });
                } else {
                    assertThat(after.numInputRows()).as(strategy).isZero();
                    assertThat(driver.query().isActive()).as(strategy).isTrue();
                }
            }
        }
    }
}
