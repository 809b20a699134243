package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
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
        ApiClient.Response response = new ApiClient(port).get("/v3/api-docs");
        assertThat(response.status()).isEqualTo(200);
        JsonNode served = sorted(response.json());
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
