package dev.arus.server.query;

import static dev.arus.server.web.ProblemType.CHECKPOINT_DAMAGED;
import static dev.arus.server.web.ProblemType.CHECKPOINT_INCOMPATIBLE;
import static dev.arus.server.web.ProblemType.DUPLICATE_NAME;
import static dev.arus.server.web.ProblemType.EVENT_LOG_WRITE_FAILED;
import static dev.arus.server.web.ProblemType.INVALID_EXPRESSION;
import static dev.arus.server.web.ProblemType.INVALID_SQL;
import static dev.arus.server.web.ProblemType.INVALID_INTERVAL;
import static dev.arus.server.web.ProblemType.INVALID_OPTION;
import static dev.arus.server.web.ProblemType.INVALID_OUTPUT_MODE;
import static dev.arus.server.web.ProblemType.INVALID_PARAMETER;
import static dev.arus.server.web.ProblemType.ENGINE_NOT_BUILT;
import static dev.arus.server.web.ProblemType.INVALID_PATH;
import static dev.arus.server.web.ProblemType.INVALID_SPEC;
import static dev.arus.server.web.ProblemType.JSON_LIMIT_EXCEEDED;
import static dev.arus.server.web.ProblemType.LOCATION_IN_USE;
import static dev.arus.server.web.ProblemType.MALFORMED_JSON;
import static dev.arus.server.web.ProblemType.NO_CHECKPOINT;
import static dev.arus.server.web.ProblemType.NO_MEMORY_TABLE;
import static dev.arus.server.web.ProblemType.QUERY_ACTIVE;
import static dev.arus.server.web.ProblemType.QUERY_NOT_FOUND;
import static dev.arus.server.web.ProblemType.REQUEST_TOO_LARGE;
import static dev.arus.server.web.ProblemType.SHUTTING_DOWN;
import static dev.arus.server.web.ProblemType.STORAGE_FULL;
import static dev.arus.server.web.ProblemType.STORAGE_UNAVAILABLE;
import static dev.arus.server.web.ProblemType.STREAM_DAMAGED;
import static dev.arus.server.web.ProblemType.STREAM_SCHEMA_MISMATCH;
import static dev.arus.server.web.ProblemType.TOO_MANY_PREVIEWS;
import static dev.arus.server.web.ProblemType.TOO_MANY_QUERIES;
import static dev.arus.server.web.ProblemType.UNKNOWN_FORMAT;
import static dev.arus.server.web.ProblemType.UNSUPPORTED_MEDIA_TYPE;
import static dev.arus.server.web.ProblemType.UNSUPPORTED_OPERATION;

import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import dev.arus.server.web.Refuses;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/** The REST API of DESIGN §4: create, list, watch, edit, stop, start and delete queries. */
@RestController
@RequestMapping(path = "/api/queries", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "queries", description = "Continuous queries from a JSON spec")
class QueryController {

    private static final String BEFORE = "Only those of batches before this batch id: to page back, the oldest "
            + "batchId already seen (of a live snapshot, or of the previous page)";

    private final QueryRegistry registry;
    private final QueryPreviews previews;

    QueryController(QueryRegistry registry, QueryPreviews previews) {
        this.registry = registry;
        this.previews = previews;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Validate, create and start a query; its URL in Location")
    @Refuses({MALFORMED_JSON, JSON_LIMIT_EXCEEDED, INVALID_SPEC, UNKNOWN_FORMAT, INVALID_OPTION, INVALID_INTERVAL,
            INVALID_EXPRESSION, INVALID_SQL, INVALID_OUTPUT_MODE, UNSUPPORTED_OPERATION, ENGINE_NOT_BUILT, INVALID_PATH,
            DUPLICATE_NAME, LOCATION_IN_USE, CHECKPOINT_INCOMPATIBLE, CHECKPOINT_DAMAGED, REQUEST_TOO_LARGE,
            UNSUPPORTED_MEDIA_TYPE, TOO_MANY_QUERIES, SHUTTING_DOWN, STORAGE_UNAVAILABLE, STORAGE_FULL,
            STREAM_SCHEMA_MISMATCH, STREAM_DAMAGED, EVENT_LOG_WRITE_FAILED})
    ResponseEntity<QueryView> create(@RequestBody QuerySpec spec) {
        UUID id = registry.create(spec);
        URI location = ServletUriComponentsBuilder.fromCurrentRequest().path("/{id}").buildAndExpand(id).toUri();
        return ResponseEntity.created(location).body(registry.view(id));
    }

    @PostMapping(path = "/preview", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Run a spec for a few batches on a throwaway checkpoint and show its rows; nothing is "
            + "created, saved or written")
    @Refuses({MALFORMED_JSON, JSON_LIMIT_EXCEEDED, INVALID_SPEC, UNKNOWN_FORMAT, INVALID_OPTION, INVALID_INTERVAL,
            INVALID_EXPRESSION, INVALID_SQL, INVALID_OUTPUT_MODE, UNSUPPORTED_OPERATION, INVALID_PARAMETER, INVALID_PATH,
            LOCATION_IN_USE, REQUEST_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, TOO_MANY_PREVIEWS, STORAGE_UNAVAILABLE,
            STORAGE_FULL})
    PreviewView preview(@RequestBody QuerySpec spec,
            @Parameter(description = "Stop once this many batches wrote rows (at most, and by default, "
                    + "arus.preview.max-batches)", schema = @Schema(type = "integer", format = "int32", minimum = "1"))
            @RequestParam(required = false) Integer batches,
            @Parameter(description = "Stop after this many seconds at the latest (at most, and by default, "
                    + "arus.preview.max-duration)", schema = @Schema(type = "integer", format = "int32", minimum = "1"))
            @RequestParam(required = false) Integer seconds) {
        return previews.preview(spec, batches, seconds);
    }

    @GetMapping
    @Operation(summary = "All queries, with status and last progress, in the order they were created")
    List<QueryView> list() {
        return registry.views();
    }

    @GetMapping("/{id}")
    @Operation(summary = "One query: spec, status, last progress, exception")
    @Refuses(QUERY_NOT_FOUND)
    QueryView get(@PathVariable UUID id) {
        return registry.view(id);
    }

    @PutMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Replace the query's definition and run it as the query ran, keeping its id, name and "
            + "checkpoint: everything is checked before the old run stops; a change its checkpoint does not allow "
            + "(Spark's rules on changes between restarts) is refused unless resetCheckpoint asks to start afresh")
    @Refuses({QUERY_NOT_FOUND, MALFORMED_JSON, JSON_LIMIT_EXCEEDED, INVALID_SPEC, UNKNOWN_FORMAT, INVALID_OPTION,
            INVALID_INTERVAL, INVALID_EXPRESSION, INVALID_SQL, INVALID_OUTPUT_MODE, UNSUPPORTED_OPERATION,
            ENGINE_NOT_BUILT, INVALID_PATH, QUERY_ACTIVE, LOCATION_IN_USE, CHECKPOINT_INCOMPATIBLE, CHECKPOINT_DAMAGED,
            REQUEST_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, SHUTTING_DOWN, STORAGE_UNAVAILABLE, STORAGE_FULL,
            STREAM_SCHEMA_MISMATCH, STREAM_DAMAGED, EVENT_LOG_WRITE_FAILED})
    QueryView replace(@PathVariable UUID id, @RequestBody QuerySpec spec,
            @Parameter(description = "Delete the query's checkpoint once its old run has stopped and start the new "
                    + "definition afresh on it, under the same id: for a change the checkpoint does not allow")
            @RequestParam(defaultValue = "false") boolean resetCheckpoint) {
        return registry.replace(id, spec, resetCheckpoint);
    }

    @GetMapping("/{id}/checkpoint")
    @Operation(summary = "Where the query keeps its checkpoint, and the last batch it committed, read from disk")
    @Refuses({QUERY_NOT_FOUND, NO_CHECKPOINT, CHECKPOINT_DAMAGED})
    CheckpointView checkpoint(@PathVariable UUID id) {
        return registry.checkpoint(id);
    }

    @GetMapping("/{id}/progress")
    @Operation(summary = "Recent progress of the current run, oldest first")
    @Refuses({QUERY_NOT_FOUND, INVALID_PARAMETER})
    List<ProgressView> progress(@PathVariable UUID id, @Parameter(description = "At most this many, the latest",
            schema = @Schema(type = "integer", format = "int32", minimum = "1"))
            @RequestParam(required = false) Integer limit, @Parameter(description = BEFORE)
            @RequestParam(required = false) Long before) {
        return registry.recentProgress(id, upTo(before), checked(limit));
    }

    @GetMapping("/{id}/batches")
    @Operation(summary = "Recent sink output, oldest first")
    @Refuses({QUERY_NOT_FOUND, INVALID_PARAMETER})
    List<RecentBatch> batches(@PathVariable UUID id, @Parameter(description = "At most this many, the latest",
            schema = @Schema(type = "integer", format = "int32", minimum = "1"))
            @RequestParam(required = false) Integer limit, @Parameter(description = BEFORE)
            @RequestParam(required = false) Long before) {
        return registry.recentBatches(id, upTo(before), checked(limit));
    }

    @GetMapping("/{id}/table")
    @Operation(summary = "The rows of a memory sink's table, as Spark's spark.table(name): oldest first, a page at a time")
    @Refuses({QUERY_NOT_FOUND, NO_MEMORY_TABLE, INVALID_PARAMETER})
    MemoryTableView table(@PathVariable UUID id,
            @Parameter(description = "Rows to skip from the first",
                    schema = @Schema(type = "integer", format = "int32", minimum = "0", defaultValue = "0")) @RequestParam(defaultValue = "0") int offset,
            @Parameter(description = "At most this many rows",
                    schema = @Schema(type = "integer", format = "int32", minimum = "1")) @RequestParam(required = false) Integer limit) {
        if (offset < 0) {
            throw new ProblemException(ProblemType.INVALID_PARAMETER, "offset must not be negative, was " + offset);
        }
        return registry.memoryTable(id, offset, Math.min(checked(limit), MemoryTableView.MAX_PAGE));
    }

    @PostMapping("/{id}/stop")
    @Operation(summary = "Stop the query after its batch in flight; stopping a stopped query is fine")
    @Refuses({QUERY_NOT_FOUND, STORAGE_UNAVAILABLE, STORAGE_FULL})
    QueryView stop(@PathVariable UUID id) {
        registry.stop(id);
        return registry.view(id);
    }

    @PostMapping("/{id}/start")
    @Operation(summary = "Start a stopped or failed query again: same id, new runId")
    @Refuses({QUERY_NOT_FOUND, QUERY_ACTIVE, LOCATION_IN_USE, CHECKPOINT_INCOMPATIBLE, CHECKPOINT_DAMAGED, SHUTTING_DOWN,
            STORAGE_UNAVAILABLE, STORAGE_FULL, STREAM_SCHEMA_MISMATCH, STREAM_DAMAGED, EVENT_LOG_WRITE_FAILED})
    QueryView start(@PathVariable UUID id) {
        registry.start(id);
        return registry.view(id);
    }

    @DeleteMapping("/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Stop the query and forget it; its checkpoint stays unless purge is true")
    @Refuses({QUERY_NOT_FOUND, STORAGE_UNAVAILABLE, STORAGE_FULL})
    ResponseEntity<Void> delete(@PathVariable UUID id, @Parameter(description = "Also delete the query's checkpoint")
            @RequestParam(defaultValue = "false") boolean purge) {
        registry.delete(id, purge);
        return ResponseEntity.noContent().build();
    }

    private static long upTo(Long before) {
        return before == null ? Long.MAX_VALUE : before;
    }

    private static int checked(Integer limit) {
        if (limit == null) {
            return Integer.MAX_VALUE;
        }
        if (limit < 1) {
            throw new ProblemException(ProblemType.INVALID_PARAMETER, "limit must be at least 1, was " + limit);
        }
        return limit;
    }
}
