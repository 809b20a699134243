package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import dev.arus.server.query.Step;
import dev.arus.server.web.ProblemType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The wire contract has one source: the OpenAPI document the started service serves at
 * {@code /v3/api-docs}. A copy of it, {@code frontend/openapi.json}, is what the dashboard's
 * TypeScript types are generated from (openapi-typescript, in its npm build), so this test
 * fails as soon as the two differ. After a change to the API, refresh the copy with
 * {@value #REFRESH} and commit it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "arus.demo.enabled=false")
class ApiDocumentationTest {

    static final String REFRESH = "./mvnw test -Dtest=ApiDocumentationTest -Darus.openapi.update=true";
    private static final Path COPY = Path.of("frontend/openapi.json");
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** As JSON.stringify(value, null, 2) writes it. */
    private static final DefaultPrettyPrinter INDENTED = new DefaultPrettyPrinter(Separators.createDefaultInstance()
            .withObjectNameValueSpacing(Separators.Spacing.AFTER).withObjectEmptySeparator("").withArrayEmptySeparator(""))
            .withArrayIndenter(new DefaultIndenter("  ", "\n")).withObjectIndenter(new DefaultIndenter("  ", "\n"));

    @LocalServerPort
    int port;

    @Test
    void servesTheDocumentTheDashboardsTypesAreGeneratedFrom() throws IOException {
        JsonNode served = sorted(served());
        if (Boolean.getBoolean("arus.openapi.update")) {
            Files.writeString(COPY, JSON.writer().with(INDENTED).writeValueAsString(served) + "\n");
        }

        JsonNode copy = JSON.readTree(Files.readString(COPY));

        List<String> differences = new ArrayList<>();
        compare("", copy, served, differences);
        assertThat(differences).as("""
                %s differs from the service's /v3/api-docs (copy vs served) at the JSON pointers below. \
                Refresh it with `%s` and commit it, so that the dashboard's types follow the API.""", COPY, REFRESH)
                .isEmpty();
    }

    @Test
    void listsTheRealResponsesOfEachOperationWithProblemsAsProblemJson() {
        JsonNode document = served();
        JsonNode create = document.at("/paths/~1api~1queries/post/responses");
        JsonNode delete = document.at("/paths/~1api~1queries~1{id}/delete/responses");

        assertThat(create.propertyNames()).containsExactlyInAnyOrder("201", "400", "401", "409", "413", "415", "429",
                "503", "507", "default");
        assertThat(create.at("/201/headers/Location/schema/format").asString()).isEqualTo("uri");
        assertThat(create.at("/429/description").asString()).contains("`too-many-queries`", "`too-many-requests`");
        assertThat(delete.propertyNames()).contains("204", "404");
        assertThat(delete.path("204").has("content")).as("204 has no body").isFalse();
        List<String> problems = new ArrayList<>();
        forEachOperation(document, (where, operation) -> operation.path("responses").properties().forEach(response -> {
            if (!response.getKey().startsWith("2")) {
                assertThat(response.getValue().at("/content/application~1problem+json/schema/$ref").asString())
                        .as("%s %s", where, response.getKey()).isEqualTo("#/components/schemas/Problem");
                problems.add(response.getValue().path("description").asString());
            }
        }));
        assertThat(Arrays.stream(ProblemType.values()).map(type -> "`" + type.uri().toString().substring(ProblemWriter.TYPE_BASE.length()) + "`"))
                .as("every kind of problem is documented where it happens")
                .allSatisfy(type -> assertThat(problems).anySatisfy(description -> assertThat(description).contains(type)));
        assertThat(document.at("/components/schemas/Problem/properties").propertyNames()).contains("type", "title",
                "status", "detail", "instance", "pointer", "position", "line", "column", "limit", "index", "field");
    }

    @Test
    void asksForTheApiTokenOnEveryChangeSoThatSwaggerUiCanSendIt() {
        JsonNode document = served();

        assertThat(document.at("/components/securitySchemes/apiToken/scheme").asString()).isEqualTo("bearer");
        forEachOperation(document, (where, operation) -> {
            String security = operation.path("security").toString();
            assertThat(security).as(where).isEqualTo(where.startsWith("get ")
                    ? "[{},{\"apiToken\":[]}]" : "[{\"apiToken\":[]}]");
        });
    }

    @Test
    void marksNullableFieldsTimestampsAndBounds() {
        JsonNode schemas = served().at("/components/schemas");

        assertThat(schemas.at("/QueryView/properties/runId/type").toString()).contains("null");
        assertThat(schemas.at("/QueryView/properties/lastProgress/oneOf").toString()).contains("null");
        assertThat(schemas.at("/QueryView/required").toString()).as("exception is left out when there is none")
                .doesNotContain("exception");
        assertThat(schemas.at("/StatusMessage/properties/exception/oneOf").toString()).contains("null");
        assertThat(List.of(schemas.at("/ProgressView/properties/timestamp/format"),
                schemas.at("/ProgressView/properties/eventTime/additionalProperties/format"),
                schemas.at("/RecentBatch/properties/timestamp/format"),
                schemas.at("/BatchMessage/properties/timestamp/format")))
                .extracting(JsonNode::asString).containsOnly("date-time");
        JsonNode limit = served().at("/paths/~1api~1queries~1{id}~1batches/get/parameters/1");
        assertThat(limit.path("name").asString()).isEqualTo("limit");
        assertThat(limit.at("/schema/type").asString()).isEqualTo("integer");
        assertThat(limit.at("/schema/minimum").asInt()).isEqualTo(1);
    }

    @Test
    void describesEachKindOfStepWithAnExampleOfItsOwn() {
        JsonNode schemas = served().at("/components/schemas");
        JsonNode kinds = schemas.at("/Step/oneOf");

        assertThat(kinds).hasSize(Step.class.getAnnotation(JsonSubTypes.class).value().length);
        kinds.forEach(kind -> {
            JsonNode step = schemas.path(kind.path("$ref").asString().substring("#/components/schemas/".length()));
            String key = step.path("required").get(0).asString();
            assertThat(step.path("example").isObject()).as(key).isTrue();
            assertThat(step.path("example").propertyNames()).as(key).containsExactly(key);
            assertThat(step.path("additionalProperties").asBoolean(true)).as(key).isFalse();
        });
    }

    @Test
    void namesEachSourceAndSinkFormatWithTheOptionsItKnows() {
        JsonNode schemas = served().at("/components/schemas");
        Map<String, JsonNode> sources = branchesByTitle(schemas.at("/SourceSpec/oneOf"));
        Map<String, JsonNode> sinks = branchesByTitle(schemas.at("/SinkSpec/oneOf"));

        assertThat(sources.keySet()).containsExactlyInAnyOrder("csv", "json", "kafka", "parquet", "rate",
                "rate-micro-batch", "stream");
        assertThat(sources.get("json").at("/required").toString()).contains("schema");
        assertThat(sources.get("parquet").at("/required").toString()).contains("schema");
        assertThat(sources.get("json").at("/properties/options/propertyNames/enum").toString())
                .contains("multiLine", "timestampFormat");
        assertThat(sources.get("parquet").at("/properties/options/propertyNames/enum").toString())
                .contains("maxFilesPerTrigger", "mergeSchema").doesNotContain("mode");
        assertThat(sources.get("csv").at("/properties/options/propertyNames/enum").toString())
                .contains("maxFilesPerTrigger", "cleanSource", "header", "sep", "mode");
        assertThat(sources.get("rate").at("/properties/options/propertyNames/enum").toString())
                .contains("rowsPerSecond", "rampUpTime", "numPartitions");
        JsonNode kafkaNames = sources.get("kafka").at("/properties/options/propertyNames/anyOf");
        assertThat(kafkaNames.get(0).path("enum").toString()).contains("subscribe", "startingOffsets")
                .doesNotContain("kafka.*");
        assertThat(kafkaNames.get(1).path("pattern").asString()).as("kafka.* options go to the client")
                .isEqualTo("^kafka\\..+$");
        assertThat(sinks.keySet()).contains("console", "memory", "json", "csv", "stream", "noop", "kafka")
                .doesNotContain("foreachBatch");
        assertThat(sinks.get("noop").at("/properties/options/maxProperties").asInt()).isZero();
        assertThat(schemas.at("/QuerySpec/properties/outputMode/examples").toString())
                .isEqualTo("[\"append\",\"update\",\"complete\"]");
    }

    private static Map<String, JsonNode> branchesByTitle(JsonNode oneOf) {
        Map<String, JsonNode> branches = new TreeMap<>();
        oneOf.forEach(branch -> branches.put(branch.path("title").asString(), branch));
        return branches;
    }

    private JsonNode served() {
        ApiClient.Response response = new ApiClient(port).get("/v3/api-docs");
        assertThat(response.status()).isEqualTo(200);
        return response.json();
    }

    /** Calls {@code check} with "method path" and each operation of the document. */
    private static void forEachOperation(JsonNode document, BiConsumer<String, JsonNode> check) {
        document.path("paths").properties().forEach(path -> path.getValue().properties()
                .forEach(operation -> check.accept(operation.getKey() + " " + path.getKey(), operation.getValue())));
    }

    /** {@code node} with the keys of every object in order, so that the written copy diffs well. */
    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            ObjectNode sorted = JSON.createObjectNode();
            new TreeSet<>(node.propertyNames()).forEach(name -> sorted.set(name, sorted(node.get(name))));
            return sorted;
        }
        if (node.isArray()) {
            var array = JSON.createArrayNode();
            node.forEach(element -> array.add(sorted(element)));
            return array;
        }
        return node;
    }

    /** Adds the pointer of each place where {@code copy} and {@code served} differ, objects compared key by key. */
    private static void compare(String pointer, JsonNode copy, JsonNode served, List<String> differences) {
        if (copy.isObject() && served.isObject()) {
            TreeSet<String> names = new TreeSet<>(copy.propertyNames());
            names.addAll(served.propertyNames());
            for (String name : names) {
                String at = pointer + "/" + name.replace("~", "~0").replace("/", "~1");
                if (!copy.has(name)) {
                    differences.add(at + " only served");
                } else if (!served.has(name)) {
                    differences.add(at + " only in the copy");
                } else {
                    compare(at, copy.get(name), served.get(name), differences);
                }
            }
        } else if (!copy.equals(served)) {
            differences.add(pointer + ": " + copy + " vs " + served);
        }
    }
}
