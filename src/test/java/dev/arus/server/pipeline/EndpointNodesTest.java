package dev.arus.server.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ArusProperties;
import dev.arus.server.ShownPaths;
import dev.arus.server.pipeline.PipelineGraph.Node;
import dev.arus.server.query.QueryEndpoint;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The nodes a query's sources and sinks are: shared by what they are, or the query's own. */
class EndpointNodesTest {

    private static final UUID QUERY = UUID.fromString("00000000-0000-0000-0000-000000000007");

    @TempDir
    Path dataDir;

    private EndpointNodes nodes() {
        ArusProperties properties = new Binder(new MapConfigurationPropertySource(Map.of("arus.data-dir",
                dataDir.toString()))).bind("arus", ArusProperties.class).get();
        return new EndpointNodes(dataDir, new ShownPaths(properties));
    }

    private List<String> ids(QueryEndpoint endpoint, String place) {
        return nodes().of(endpoint, QUERY, "q", place).stream().map(Node::id).toList();
    }

    @Test
    void aKafkaSourceIsATopicOfItsBrokersEachOfThoseItSubscribesOrIsAssigned() {
        String servers = "kafka.bootstrap.servers";
        assertThat(ids(new QueryEndpoint("kafka", Map.of(servers, "b:9092", "subscribe", "orders, refunds")), "in0"))
                .containsExactly("kafka:b:9092/orders", "kafka:b:9092/refunds");
        assertThat(ids(new QueryEndpoint("kafka", Map.of(servers, "b:9092", "assign", "{\"orders\":[0,1],\"x\":[2]}")),
                "in0")).containsExactly("kafka:b:9092/orders", "kafka:b:9092/x");
        assertThat(ids(new QueryEndpoint("Kafka", Map.of(servers, "b:9092", "TOPIC", "totals")), "out"))
                .containsExactly("kafka:b:9092/totals");
        Node detail = nodes().of(new QueryEndpoint("kafka", Map.of(servers, "b:9092", "subscribePattern", "shop-.*",
                "kafka.sasl.jaas.config", "secret")), QUERY, "q", "in0").get(0);
        assertThat(detail).isEqualTo(new Node("kafka:b:9092/shop-.*", "kafka", "shop-.*", "b:9092", null, null));
    }

    @Test
    void filesAreTheirDirectoryInTheDataDirectoryAndTheRestTheQuerysOwn() {
        assertThat(ids(new QueryEndpoint("parquet", Map.of("path", dataDir.resolve("out/sales").toString())), "out"))
                .containsExactly("files:out/sales");
        assertThat(ids(new QueryEndpoint("csv", Map.of("path", "in/sales")), "in1")).containsExactly("files:in/sales");
        assertThat(ids(new QueryEndpoint("stream", Map.of("stream", "orders")), "in0")).containsExactly("stream:orders");
        assertThat(ids(new QueryEndpoint("memory", Map.of()), "out")).containsExactly("memory:q");
        assertThat(ids(new QueryEndpoint("console", Map.of()), "out")).containsExactly("console:" + QUERY + ":out");
        assertThat(nodes().of(new QueryEndpoint("rate", Map.of()), QUERY, "q", "in0").get(0).kind())
                .isEqualTo("generator");
    }
}
