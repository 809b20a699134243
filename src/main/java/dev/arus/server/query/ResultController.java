package dev.arus.server.query;

import static dev.arus.server.web.ProblemType.INVALID_PARAMETER;
import static dev.arus.server.web.ProblemType.NO_RESULT;
import static dev.arus.server.web.ProblemType.QUERY_NOT_FOUND;

import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import dev.arus.server.web.Refuses;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** A query's materialized result (DESIGN §12): the last row written for each key, looked up by key. */
@RestController
@RequestMapping(path = "/api/queries", produces = MediaType.APPLICATION_JSON_VALUE)
class ResultController {

    private final QueryRegistry registry;

    ResultController(QueryRegistry registry) {
        this.registry = registry;
    }

    @GetMapping("/{id}/result")
    @Operation(tags = "state", summary = "The current result of a query in update or complete mode: the last row "
            + "written for each key, whatever the sink, and the batch it reflects; looked up by key, a page at a time")
    @Refuses({QUERY_NOT_FOUND, NO_RESULT, INVALID_PARAMETER})
    ResultView result(@PathVariable UUID id,
            @Parameter(description = "Key lookup, <column>=<value> on a column of the key as the rows show it "
                    + "(window.start=2026-12-01T10:00:00.000Z for a window's start, word=arus); repeat for several, "
                    + "a row matches when all do")
            @RequestParam(required = false) List<String> key,
            @Parameter(description = "Rows to skip from the first",
                    schema = @Schema(type = "integer", format = "int32", minimum = "0", defaultValue = "0"))
            @RequestParam(defaultValue = "0") int offset,
            @Parameter(description = "At most this many rows (100 by default, 1000 at most)",
                    schema = @Schema(type = "integer", format = "int32", minimum = "1"))
            @RequestParam(required = false) Integer limit) {
        if (offset < 0) {
            throw new ProblemException(ProblemType.INVALID_PARAMETER, "offset must not be negative, was " + offset);
        }
        if (limit != null && limit < 1) {
            throw new ProblemException(ProblemType.INVALID_PARAMETER, "limit must be at least 1, was " + limit);
        }
        return registry.result(id, KeyFilter.parse(key), offset,
                limit == null ? ResultView.DEFAULT_PAGE : Math.min(limit, ResultView.MAX_PAGE));
    }
}
