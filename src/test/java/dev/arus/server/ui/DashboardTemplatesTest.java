package dev.arus.server.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.kafka.KafkaTestBroker;
import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every template of the dashboard's create form, read from {@code frontend/src/templates.json}
 * (the file the form itself loads, not a copy), posted to the started service as the form fills
 * it in: each is created ({@code 201}) and runs batches without failing, then is deleted. The
 * service runs with the demo on, as the README starts it, since the stream-static join template
 * reads the demo's example table and the stream template the shop's {@code orders}; the Kafka
 * template reads a topic of the test's broker (its {@code kafka.bootstrap.servers} replaced by
 * the broker's), and the file template a directory the test makes where the template says. The
 * alert template's webhook host is allowed, as its operator would allow it; the template posts
 * only once a minute's window closes.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=true", "arus.http-sink.allowed-hosts=hooks.example.com",
                "arus.data-dir=${java.io.tmpdir}/arus-templates-${random.uuid}"})
class DashboardTemplatesTest {

    private static final Path TEMPLATES = Path.of("frontend", "src", "templates.json");
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The topics created on the shared broker, once each. */
    private static final Set<String> TOPICS = ConcurrentHashMap.newKeySet();

    @LocalServerPort
    int port;

    @Autowired
    ArusProperties properties;

    static Stream<Arguments> templates() throws IOException {
        List<Arguments> templates = new ArrayList<>();
        JSON.readTree(Files.readString(TEMPLATES)).forEach(template ->
                templates.add(Arguments.of(template.path("id").asString(), template.path("spec"))));
        assertThat(templates).as("templates in %s", TEMPLATES).isNotEmpty();
        return templates.stream();
    }

    @AfterEach
    void deleteTheTemplatesQueries() {
        ApiClient api = new ApiClient(port);
        api.get("/api/queries").json().forEach(query -> {
            if (query.path("name").asString().startsWith("template-")) {
                api.delete("/api/queries/" + query.path("id").asString());
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("templates")
    void everyTemplateIsAcceptedAndRuns(String id, JsonNode template) throws IOException {
        ApiClient api = new ApiClient(port);
        ObjectNode spec = asTheFormFillsItIn(id, template);
        provideTheInputsOf(spec);
        ApiClient.Response created = api.post("/api/queries", spec.toString());
        assertThat(created.status()).as("POST of template %s: %s", id, created.body()).isEqualTo(201);
        String queryId = created.json().path("id").asString();

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            JsonNode query = api.query(queryId);
            assertThat(query.path("exception").isMissingNode() || query.path("exception").isNull())
                    .as("template %s failed: %s", id, query.path("exception")).isTrue();
            assertThat(query.path("state").asString()).as("state of template %s", id).isEqualTo("ACTIVE");
            assertThat(query.path("lastProgress").path("batchId").asLong(-1)).as("batches of template %s", id)
                    .isGreaterThanOrEqualTo(1);
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("templates")
    void everyTemplateIsWrittenInSql(String id, JsonNode template) {
        assertThat(template.path("sql").isString()).as("template %s has sql", id).isTrue();
        assertThat(template.has("source") || template.has("steps")).as("template %s has steps", id).isFalse();
    }

    /**
     * What a user of a template provides: the Kafka topic it reads, on the test's broker, and
     * the directory of files it reads.
     */
    private void provideTheInputsOf(ObjectNode spec) throws IOException {
        for (JsonNode table : spec.path("tables")) {
            if (!(table.path("options") instanceof ObjectNode options)) {
                continue;
            }
            if ("kafka".equals(table.path("format").asString())) {
                String topic = options.path("subscribe").asString();
                if (TOPICS.add(topic)) {
                    KafkaTestBroker.createTopic(topic, 1);
                }
                options.put("kafka.bootstrap.servers", KafkaTestBroker.servers());
            } else if (table.has("schema") && !table.path("static").asBoolean(false)) {
                Files.createDirectories(properties.dataDir().resolve(options.path("path").asString()));
            }
        }
    }

    /**
     * What {@code templates.ts} does before the form shows a template: a name of its own (here
     * {@code template-<id>}, the form adds the time of day), and each {@code rate-micro-batch}
     * source, a join's too, starting at this minute.
     */
    private static ObjectNode asTheFormFillsItIn(String id, JsonNode template) {
        ObjectNode spec = (ObjectNode) template.deepCopy();
        spec.put("name", "template-" + id);
        long minute = Instant.now().toEpochMilli() / 60_000 * 60_000;
        startAt(spec, minute);
        return spec;
    }

    private static void startAt(JsonNode node, long startMillis) {
        if (node instanceof ObjectNode object && "rate-micro-batch".equals(object.path("format").asString(""))
                && object.path("options") instanceof ObjectNode options && !options.has("startTimestamp")) {
            options.put("startTimestamp", startMillis);
        }
        node.forEach(child -> startAt(child, startMillis));
    }
}
