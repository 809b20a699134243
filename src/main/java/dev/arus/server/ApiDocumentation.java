package dev.arus.server;

import dev.arus.server.demo.ChapterQuery;
import dev.arus.server.query.Step;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import java.util.Optional;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI description served at {@code /v3/api-docs} and {@code /swagger-ui.html}: the one
 * source of the wire contract, from which the dashboard's types are generated (its copy,
 * {@code frontend/openapi.json}, is held to it by {@code ApiDocumentationTest}). It names the
 * server by a relative URL, so that the document is the same wherever the service runs.
 */
@Configuration(proxyBeanMethods = false)
class ApiDocumentation {

    static {
        // A step is a one-key object whose value may be a string, an array or an object, which
        // springdoc's model of the sealed Step cannot say: StepSchemas writes it by hand.
        SpringDocUtils.getConfig().replaceWithSchema(Step.class,
                new Schema<>().$ref("#/components/schemas/" + StepSchemas.STEP));
    }

    @Bean
    OpenAPI arusOpenApi() {
        return new OpenAPI().info(new Info()
                        .title("Arus")
                        .version("1")
                        .description("Continuous queries in the micro-batch model of Spark Structured Streaming. "
                                + "Errors are RFC 9457 problem details (application/problem+json)."))
                .servers(List.of(new Server().url("/")));
    }

    /** Required and nullable fields of the wire records, as Jackson writes them. */
    @Bean
    RecordSchemas recordSchemas() {
        return new RecordSchemas();
    }

    /** The chapter's query is the example of a create request: the one query every reader knows. */
    @Bean
    OpenApiCustomizer chapterQueryExample(JsonMapper json) {
        Object example = json.readValue(ChapterQuery.SPEC_JSON, Object.class);
        return openApi -> Optional.ofNullable(openApi.getPaths())
                .map(paths -> paths.get("/api/queries"))
                .map(path -> path.getPost())
                .map(Operation::getRequestBody)
                .map(body -> body.getContent().get(org.springframework.http.MediaType.APPLICATION_JSON_VALUE))
                .ifPresent((MediaType media) -> media.setExample(example));
    }

    /** The steps of a query spec, one schema per kind (see {@link StepSchemas}). */
    @Bean
    OpenApiCustomizer stepSchemas() {
        return openApi -> StepSchemas.addTo(openApi.getComponents());
    }

    /** A 201 Created names what it created in its Location header. */
    @Bean
    OpenApiCustomizer createdLocations() {
        return openApi -> openApi.getPaths().values().forEach(path -> path.readOperations().forEach(operation -> {
            ApiResponse created = operation.getResponses().get("201");
            if (created != null) {
                created.addHeaderObject(HttpHeaders.LOCATION, new Header().required(true)
                        .description("The URL of what was created")
                        .schema(new StringSchema().format("uri")));
            }
        }));
    }
}
