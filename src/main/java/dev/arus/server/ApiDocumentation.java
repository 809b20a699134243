package dev.arus.server;

import dev.arus.server.demo.ChapterQuery;
import dev.arus.server.query.Step;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import java.util.Map;
import java.util.Optional;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/** The OpenAPI description served at {@code /v3/api-docs} and {@code /swagger-ui.html}. */
@Configuration(proxyBeanMethods = false)
class ApiDocumentation {

    static {
        // A step is a one-key object whose value may be a string, an array or an object: OpenAPI
        // models of the sealed Step fail on that, so it is described in words and an example.
        SpringDocUtils.getConfig().replaceWithSchema(Step.class, new ObjectSchema()
                .description(Step.FORMS)
                .example(Map.of("filter", "value >= 0")));
    }

    @Bean
    OpenAPI arusOpenApi() {
        return new OpenAPI().info(new Info()
                .title("Arus")
                .version("1")
                .description("Continuous queries in the micro-batch model of Spark Structured Streaming. "
                        + "Errors are RFC 9457 problem details (application/problem+json)."));
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
}
