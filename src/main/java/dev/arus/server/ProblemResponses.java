package dev.arus.server;

import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.List;
import org.springframework.http.HttpStatus;

/**
 * Responses of the OpenAPI document whose body is a problem ({@code application/problem+json},
 * the {@value #SCHEMA} schema): what the API's handler and the security filters refuse with.
 */
public final class ProblemResponses {

    /** The name of the problem's schema among the document's components. */
    public static final String SCHEMA = "Problem";

    private ProblemResponses() {
    }

    /**
     * Adds to {@code responses} that the operation may refuse with {@code status} for these
     * reasons (each a problem type in backquotes, and what it means where that helps), after those
     * of that status already there.
     */
    public static void add(ApiResponses responses, HttpStatus status, List<String> reasons) {
        String code = String.valueOf(status.value());
        ApiResponse existing = responses.get(code);
        String listed = String.join(", ", reasons);
        responses.addApiResponse(code, of(existing == null ? status.getReasonPhrase() + ": " + listed
                : existing.getDescription() + ", " + listed));
    }

    /** A response whose body is a problem; {@code description} says which. */
    public static ApiResponse of(String description) {
        return new ApiResponse().description(description).content(new Content().addMediaType(
                org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON_VALUE,
                new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + SCHEMA))));
    }
}
