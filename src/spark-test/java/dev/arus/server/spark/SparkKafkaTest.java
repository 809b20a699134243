package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.kafka.KafkaTestBroker;
import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The same Kafka spec as on Arus runs on Spark against a real broker (Spark's Kafka connector on
 * the service's kafka-clients): orders read with {@code from_json}, written back to a topic by
 * the foreachBatch wrapper, and shown in the live results.
 */
@SparkService
class SparkKafkaTest {

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

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

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
