package dev.arus.server.query;

import static dev.arus.server.web.ProblemType.INVALID_OPTION;
import static dev.arus.server.web.ProblemType.INVALID_PATH;
import static dev.arus.server.web.ProblemType.INVALID_SPEC;
import static dev.arus.server.web.ProblemType.JSON_LIMIT_EXCEEDED;
import static dev.arus.server.web.ProblemType.MALFORMED_JSON;
import static dev.arus.server.web.ProblemType.REQUEST_TOO_LARGE;
import static dev.arus.server.web.ProblemType.UNKNOWN_FORMAT;
import static dev.arus.server.web.ProblemType.UNSUPPORTED_MEDIA_TYPE;

import dev.arus.engine.api.SqlFunctionCatalog;
import dev.arus.server.web.Refuses;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * What an editor of a query in SQL may complete, from the service that runs it: the functions
 * the engine binds, and the columns of a spec's {@code tables} (an event-log stream's are in
 * {@code GET /api/streams}). Nothing here starts or writes anything.
 */
@RestController
@RequestMapping(path = "/api/sql", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "sql", description = "What a query in SQL may name: functions, and the columns of its tables")
class SqlController {

    /** The functions as the API shows them. */
    record SqlFunctionView(String name, @Schema(allowableValues = {"scalar", "aggregate", "generator", "window"})
            String kind) {
    }

    /** The body of {@code POST /api/sql/tables}: a spec's {@code tables}, so that problems point where the spec's do. */
    record SqlTablesRequest(@Schema(description = "As a spec's tables") @Nullable Map<String, QuerySpec.TableSpec> tables) {
    }

    private static final List<SqlFunctionView> FUNCTIONS = SqlFunctionCatalog.kinds().entrySet().stream()
            .map(function -> new SqlFunctionView(function.getKey(), function.getValue())).toList();

    private final QuerySpecTranslator translator;

    SqlController(QuerySpecTranslator translator) {
        this.translator = translator;
    }

    @GetMapping("/functions")
    @Operation(summary = "The functions a statement or an expression may call, by name, with their kind")
    List<SqlFunctionView> functions() {
        return FUNCTIONS;
    }

    @PostMapping(path = "/tables", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "The columns of each of a spec's tables, read as a query would read them; starts nothing")
    @Refuses({MALFORMED_JSON, JSON_LIMIT_EXCEEDED, INVALID_SPEC, UNKNOWN_FORMAT, INVALID_OPTION, INVALID_PATH,
            REQUEST_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE})
    List<SqlTableView> tables(@RequestBody SqlTablesRequest request) {
        return translator.tableColumns(request.tables() == null ? Map.of() : request.tables());
    }
}
