package dev.arus.server.web;

import dev.arus.server.ProblemResponses;
import dev.arus.server.ProblemWriter;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;

/**
 * The refusals in the OpenAPI document: the {@code Problem} schema (RFC 9457 with the service's
 * extension members), and per operation one response per status it can refuse with, as its
 * {@link Refuses} names them, each listing its problem types. Every operation also has a
 * {@code default} response for what HTTP itself refuses (an unknown path, 405, 406, 500), with
 * the {@code about:blank} type.
 */
@Configuration(proxyBeanMethods = false)
class ProblemDocumentation {

    @Bean
    OpenApiCustomizer problemSchema() {
        return openApi -> openApi.getComponents().addSchemas(ProblemResponses.SCHEMA, problem());
    }

    @Bean
    OperationCustomizer documentedRefusals() {
        return (operation, handler) -> {
            Refuses refuses = handler.getMethodAnnotation(Refuses.class);
            if (refuses != null) {
                byStatus(refuses.value()).forEach((status, types) -> ProblemResponses.add(operation.getResponses(),
                        status, types.stream().map(type -> "`" + type + "`").toList()));
            }
            operation.getResponses().setDefault(ProblemResponses.of("Refused by HTTP itself (about:blank): an unknown "
                    + "path, a method or media type this operation does not serve, an unexpected failure"));
            return operation;
        };
    }

    private static Map<HttpStatus, List<String>> byStatus(ProblemType[] types) {
        return Arrays.stream(types).collect(Collectors.groupingBy(ProblemType::status, TreeMap::new,
                Collectors.mapping(type -> type.uri().toString().substring(ProblemWriter.TYPE_BASE.length()),
                        Collectors.toList())));
    }

    private static Schema<?> problem() {
        Schema<?> problem = new ObjectSchema()
                .description("RFC 9457 problem details, with the service's extension members where they apply")
                .addProperty("type", new StringSchema().format("uri")
                        .description("The kind of problem, " + ProblemWriter.TYPE_BASE + "<kind>; absent for "
                                + "about:blank, a problem that says no more than its status"))
                .addProperty("title", new StringSchema().description("The kind of problem, for people"))
                .addProperty("status", new IntegerSchema().minimum(BigDecimal.valueOf(400))
                        .maximum(BigDecimal.valueOf(599)))
                .addProperty("detail", new StringSchema().description("What was wrong with this request"))
                .addProperty("instance", new StringSchema().format("uri-reference")
                        .description("The path of the refused request"))
                .addProperty("pointer", new StringSchema()
                        .description("The JSON pointer (RFC 6901) of the bad field of the request body"))
                .addProperty("position", counting(0, "The 0-based position of the error in the expression or the SQL "
                        + "statement at pointer"))
                .addProperty("line", counting(1, "The 1-based line of malformed JSON, of the bad event in NDJSON, or "
                        + "of the error in the SQL statement at pointer"))
                .addProperty("column", counting(1, "The 1-based column of malformed JSON, or of the error in the SQL "
                        + "statement at pointer"))
                .addProperty("index", counting(0, "The 0-based index of the bad event in a post of events"))
                .addProperty("field", new StringSchema().description("The bad field of that event"))
                .addProperty("limit", counting(0, "The limit a request went beyond"))
                .addProperty("errorClass", new StringSchema()
                        .description("The engine's or the event log's error class behind the problem"))
                .addProperty("retryAfterSeconds", counting(1, "When a rate-limited client may try again"));
        problem.required(List.of("title", "status", "detail"));
        return problem;
    }

    private static Schema<?> counting(long minimum, String description) {
        return new IntegerSchema().format("int64").minimum(BigDecimal.valueOf(minimum)).description(description);
    }
}
