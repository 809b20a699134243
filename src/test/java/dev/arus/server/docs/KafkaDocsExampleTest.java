package dev.arus.server.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.kafka.KafkaTestBroker;
import dev.arus.server.ApiClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The Kafka example of {@code docs/kafka.md} ("A shop's orders from Kafka") as written, against a
 * started service with the demo on (so a name that clashes with the demo's is refused here too)
 * and the in-JVM broker standing for {@code localhost:9092}: the topics its commands create, its
 * spec posted, the two orders its producer command sends, and the finished minute it says the
 * consumer prints, each taken from the page itself.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=true", "arus.data-dir=${java.io.tmpdir}/arus-kafka-docs-${random.uuid}"})
class KafkaDocsExampleTest {

    private static final Path PAGE = Path.of("docs", "kafka.md");
    private static final String SECTION = "## A shop's orders from Kafka";

    @LocalServerPort
    int port;

    @Test
    void theShopsOrdersExampleRunsAsWrittenAndWritesTheMinuteThePageShows() {
        String text = Docs.read(PAGE);
        int start = text.indexOf(SECTION);
        assertThat(start).as("the section %s of %s", SECTION, PAGE).isNotNegative();
        String section = text.substring(start, text.indexOf("\n## ", start + SECTION.length()));
        List<String> shell = blocks(section, "sh");
        String spec = blocks(section, "json").get(0);
        List<String> topics = all(Pattern.compile("--create --topic (\\S+)"), shell.get(0));
        List<String> orders = all(Pattern.compile("'(\\{[^']*})'"), shell.get(1));
        String printed = one(Pattern.compile("which prints, within two triggers,\\s*`([^`]*)`"), section);
        String output = one(Pattern.compile("--topic (\\S+) --from-beginning"), shell.get(1));
        assertThat(topics).contains(output).hasSize(2);
        assertThat(orders).hasSize(2);
        topics.forEach(topic -> KafkaTestBroker.createTopic(topic, 1));

        ApiClient.Response created = new ApiClient(port).post("/api/queries",
                spec.replace("localhost:9092", KafkaTestBroker.servers()));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String input = topics.stream().filter(topic -> !topic.equals(output)).findFirst().orElseThrow();
        KafkaTestBroker.send(orders.stream().map(order -> new ProducerRecord<byte[], byte[]>(input,
                order.getBytes(StandardCharsets.UTF_8))).toList());

        await().atMost(Duration.ofSeconds(60)).until(() -> !KafkaTestBroker.readAll(output, "read_committed").isEmpty());
        List<ConsumerRecord<byte[], byte[]>> written = KafkaTestBroker.readAll(output, "read_committed");
        assertThat(new String(written.get(0).value(), StandardCharsets.UTF_8)).isEqualTo(printed);
        new ApiClient(port).delete("/api/queries/" + created.json().path("id").asString());
    }

    private static List<String> blocks(String markdown, String language) {
        return all(Pattern.compile("```" + language + "\\n(.*?)\\n```", Pattern.DOTALL), markdown);
    }

    private static List<String> all(Pattern pattern, String text) {
        List<String> found = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }

    private static String one(Pattern pattern, String text) {
        List<String> found = all(pattern, text);
        assertThat(found).as("%s in %s", pattern, PAGE).hasSize(1);
        return found.get(0);
    }
}
