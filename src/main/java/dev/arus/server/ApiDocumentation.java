package dev.arus.server;

import dev.arus.server.demo.ChapterQuery;
import dev.arus.server.query.Step;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI description served at {@code /v3/api-docs} and {@code /swagger-ui.html}: the one
 * source of the wire contract, from which the dashboard's types are generated (its copy,
 * {@code frontend/openapi.json}, is held to it by {@code ApiDocumentationTest}). It names the
 * server by a relative URL, so that the document is the same wherever the service runs.
 */
@Configuration(proxyBeanMethods = false)
class ApiDocumentation {

    /** The RFC 9457 body of every refused request. */
    private static final String PROBLEM = "Problem";
    private static final String PROBLEM_JSON = "application/problem+json";

    static {
        // A step is a one-key object whose value may be a string, an array or an object: OpenAPI
        // models of the sealed Step fail on that, so it is described in words and an example.
        SpringDocUtils.getConfig().replaceWithSchema(Step.class, new ObjectSchema()
                .description(Step.FORMS)
                .minProperties(1)
                .maxProperties(1)
                .additionalProperties(true)
                .example(Map.of("filter", "value >= 0")));
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

    /** Every operation may refuse its request with a problem: the schema, and a 4XX response of it. */
    @Bean
    OpenApiCustomizer problemResponses() {
        return openApi -> {
            openApi.getComponents().addSchemas(PROBLEM, problem());
            ApiResponse refused = new ApiResponse().description("Refused: an RFC 9457 problem")
                    .content(new Content().addMediaType(PROBLEM_JSON,
                            new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM))));
            openApi.getPaths().values().forEach(path -> path.readOperations()
                    .forEach(operation -> operation.getResponses().addApiResponse("4XX", refused)));
        };
    }

    private static Schema<?> problem() {
        return new ObjectSchema()
                .description("RFC 9457 problem details, with the service's extension members where they apply")
                .addProperty("type", new StringSchema().description("The kind of problem, https://arus.dev/problems/<kind>"))
                .addProperty("title", new StringSchema())
                .addProperty("status", new IntegerSchema())
                .addProperty("detail", new StringSchema())
                .addProperty("instance", new StringSchema())
                .addProperty("pointer", new StringSchema().description("The JSON pointer of the bad field of the request body"))
                .addProperty("position", new IntegerSchema().description("The 0-based position of the error in the expression at pointer"))
                .addProperty("line", new IntegerSchema().description("The line of malformed JSON, or of the bad event in NDJSON"))
                .addProperty("column", new IntegerSchema().description("The column of malformed JSON"))
                .addProperty("index", new IntegerSchema().description("The 0-based index of the bad event in a post of events"))
                .addProperty("field", new StringSchema().description("The bad field of that event"))
                .addProperty("limit", new IntegerSchema().description("The limit a request went beyond"))
                .addProperty("retryAfterSeconds", new IntegerSchema().description("When a rate-limited client may try again"));
    }
}
