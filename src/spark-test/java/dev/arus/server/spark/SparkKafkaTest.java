package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.kafka.KafkaTestBroker;
import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The same Kafka spec as on Arus runs on Spark against a real broker (Spark's Kafka connector on
 * the service's kafka-clients): orders read with {@code from_json}, written back to a topic by
 * the foreachBatch wrapper, and shown in the live results. In {@code exactlyOnce} mode Arus's
 * Kafka sink writes each batch in a transaction that records its id, so that a batch Spark runs
 * again is in the topic once for a {@code read_committed} reader.
 */
@SparkService
class SparkKafkaTest {

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    @Autowired
    DataDirectory dataDirectory;

    private final RegistryEvents events = new RegistryEvents();

    @BeforeEach
    void hear() {
        registry.addListener(events);
    }

    @Test
    void readsOrdersFromATopicAndWritesThemBackToAnother() throws Exception {
        KafkaTestBroker.createTopic("spark-orders", 2);
        KafkaTestBroker.createTopic("spark-out", 1);
        KafkaTestBroker.send(List.of(
                new ProducerRecord<>("spark-orders", 0, null, bytes("{\"order_id\":\"o-1\",\"category\":\"books\",\"amount\":12.5}")),
                new ProducerRecord<>("spark-orders", 1, null, bytes("{\"order_id\":\"o-2\",\"category\":\"games\",\"amount\":30.0}"))));
        String servers = KafkaTestBroker.servers();
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "orders-on-spark", "engine": "spark",
                 "source": {"format": "kafka", "options": {"kafka.bootstrap.servers": "%s", "subscribe": "spark-orders",
                            "startingOffsets": "earliest"}},
                 "steps": [{"selectExpr": ["from_json(CAST(value AS STRING), 'order_id STRING, category STRING, amount DOUBLE') AS o"]},
                           {"selectExpr": ["o.category AS key", "concat(o.order_id, ':', CAST(o.amount AS STRING)) AS value"]}],
                 "trigger": {"once": true},
                 "sink": {"format": "kafka", "options": {"kafka.bootstrap.servers": "%s", "topic": "spark-out"}}}
                """.formatted(servers, servers));
        try {
            events.awaitBatches(id, 1);

            assertThat(KafkaTestBroker.readAll("spark-out", "read_uncommitted").stream()
                    .map(r -> new String(r.key(), StandardCharsets.UTF_8) + "=" + new String(r.value(), StandardCharsets.UTF_8)))
                    .containsExactlyInAnyOrder("books=o-1:12.5", "games=o-2:30.0");
            assertThat(api.get("/api/queries/" + id + "/batches").json().get(0).path("rows").toString())
                    .contains("\"key\":\"books\"", "\"value\":\"o-2:30.0\"");
            assertThat(api.query(id).path("lastProgress").path("sources").path(0).path("description").asString())
                    .isEqualTo("KafkaV2[Subscribe[spark-orders]]");
        } finally {
            api.delete("/api/queries/" + id);
        }
    }

    @Test
    void writesEachBatchInATransactionOnceInExactlyOnceModeEvenWhenSparkRunsItAgain() throws Exception {
        KafkaTestBroker.createTopic("spark-exactly", 1);
        ApiClient api = new ApiClient(port);
        String id = api.create("""
                {"name": "spark-exactly-once", "engine": "spark",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 4}},
                 "steps": [{"selectExpr": ["CAST(value AS STRING) AS value"]}],
                 "trigger": {"processingTime": "200 milliseconds"},
                 "checkpointLocation": "checkpoints/spark-exactly-once",
                 "sink": {"format": "kafka", "options": {"kafka.bootstrap.servers": "%s", "topic": "spark-exactly",
                          "exactlyOnce": true}}}
                """.formatted(KafkaTestBroker.servers()));
        try {
            events.awaitBatches(id, 3);
            assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
            long last = CommittedBatches.forgetLatest(dataDirectory.resolve("checkpoints/spark-exactly-once"));
            int heard = events.outputs(id);
            assertThat(api.post("/api/queries/" + id + "/start").status()).isEqualTo(200);
            events.awaitBatches(id, heard + 2); // batch `last` again, then the one after it
            assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);

            JsonNode outputs = api.get("/api/queries/" + id + "/batches?limit=1000").json();
            List<Long> outputIds = new ArrayList<>();
            outputs.forEach(output -> outputIds.add(output.path("batchId").asLong()));
            assertThat(outputIds).as("batch %d computed by both runs", last).filteredOn(batchId -> batchId == last)
                    .hasSize(2);
            long batches = outputIds.get(outputIds.size() - 1) + 1;
            List<Long> values = new ArrayList<>(KafkaTestBroker.readAll("spark-exactly", "read_committed").stream()
                    .map(record -> Long.parseLong(new String(record.value(), StandardCharsets.UTF_8))).toList());
            values.sort(null);
            assertThat(values).as("each of %d batches once", batches)
                    .containsExactlyElementsOf(LongStream.range(0, batches * 4).boxed().toList());
        } finally {
            api.delete("/api/queries/" + id + "?purge=true");
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
