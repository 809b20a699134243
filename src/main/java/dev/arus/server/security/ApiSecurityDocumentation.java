package dev.arus.server.security;

import dev.arus.server.ProblemResponses;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.List;
import java.util.Set;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;

/**
 * The API token in the OpenAPI document, as {@link SecurityConfiguration} applies it: a bearer
 * scheme, required by every change (which may also be answered 401, and 429 when its client is
 * over its budget), optional for a read (a wrong token is refused with 401 all the same). So
 * Swagger UI's Authorize button sends the token with the changes tried from it.
 */
@Configuration(proxyBeanMethods = false)
class ApiSecurityDocumentation {

    static final String SCHEME = "apiToken";
    private static final Set<PathItem.HttpMethod> CHANGES = Set.of(PathItem.HttpMethod.POST, PathItem.HttpMethod.PUT,
            PathItem.HttpMethod.PATCH, PathItem.HttpMethod.DELETE);

    @Bean
    OpenApiCustomizer apiTokenScheme() {
        return openApi -> {
            openApi.getComponents().addSecuritySchemes(SCHEME, new SecurityScheme()
                    .type(SecurityScheme.Type.HTTP).scheme("bearer")
                    .description("arus.security.api-token. Without one set, the service listens on 127.0.0.1 only "
                            + "and takes every request without a token."));
            openApi.getPaths().values().forEach(path -> path.readOperationsMap().forEach((method, operation) -> {
                boolean change = CHANGES.contains(method);
                operation.setSecurity(change ? List.of(new SecurityRequirement().addList(SCHEME))
                        : List.of(new SecurityRequirement(), new SecurityRequirement().addList(SCHEME)));
                ProblemResponses.add(operation.getResponses(), HttpStatus.UNAUTHORIZED, List.of(change
                        ? "`unauthorized`: the API token is required, and was missing or wrong"
                        : "`unauthorized`: a wrong API token was sent"));
                if (change) {
                    ProblemResponses.add(operation.getResponses(), HttpStatus.TOO_MANY_REQUESTS, List.of(
                            "`too-many-requests`: the client address is over its budget of changes (or of posts "
                                    + "of events) per minute"));
                }
            }));
        };
    }
}
