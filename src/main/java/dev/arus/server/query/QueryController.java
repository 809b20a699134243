package dev.arus.server.query;

import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
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
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/** The REST API of DESIGN §4: create, list, watch, stop, start and delete queries. */
@RestController
@RequestMapping(path = "/api/queries", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "queries", description = "Continuous queries from a JSON spec")
class QueryController {

    private static final String BEFORE = "Only those of batches before this batch id: to page back, the oldest "
            + "batchId already seen (of a live snapshot, or of the previous page)";

    private final QueryRegistry registry;

    QueryController(QueryRegistry registry) {
        this.registry = registry;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Validate, create and start a query; its URL in Location")
    ResponseEntity<QueryView> create(@RequestBody QuerySpec spec) {
        UUID id = registry.create(spec);
        URI location = ServletUriComponentsBuilder.fromCurrentRequest().path("/{id}").buildAndExpand(id).toUri();
        return ResponseEntity.created(location).body(registry.view(id));
    }

    @GetMapping
    @Operation(summary = "All queries, with status and last progress, in the order they were created")
    List<QueryView> list() {
        return registry.views();
    }

    @GetMapping("/{id}")
    @Operation(summary = "One query: spec, status, last progress, exception")
    QueryView get(@PathVariable UUID id) {
        return registry.view(id);
    }

    @GetMapping("/{id}/progress")
    @Operation(summary = "Recent progress of the current run, oldest first")
    List<ProgressView> progress(@PathVariable UUID id, @Parameter(description = "At most this many, the latest")
            @RequestParam(required = false) Integer limit, @Parameter(description = BEFORE)
            @RequestParam(required = false) Long before) {
        return registry.recentProgress(id, upTo(before), checked(limit)).stream().map(ProgressView::of).toList();
    }

    @GetMapping("/{id}/batches")
    @Operation(summary = "Recent sink output, oldest first")
    List<RecentBatch> batches(@PathVariable UUID id, @Parameter(description = "At most this many, the latest")
            @RequestParam(required = false) Integer limit, @Parameter(description = BEFORE)
            @RequestParam(required = false) Long before) {
        return registry.recentBatches(id, upTo(before), checked(limit));
    }

    @GetMapping("/{id}/table")
    @Operation(summary = "The rows of a memory sink's table, as Spark's spark.table(name): oldest first, a page at a time")
    MemoryTableView table(@PathVariable UUID id,
            @Parameter(description = "Rows to skip from the first") @RequestParam(defaultValue = "0") int offset,
            @Parameter(description = "At most this many rows") @RequestParam(required = false) Integer limit) {
        if (offset < 0) {
            throw new ProblemException(ProblemType.INVALID_PARAMETER, "offset must not be negative, was " + offset);
        }
        return registry.memoryTable(id, offset, Math.min(checked(limit), MemoryTableView.MAX_PAGE));
    }

    @PostMapping("/{id}/stop")
    @Operation(summary = "Stop the query after its batch in flight; stopping a stopped query is fine")
    QueryView stop(@PathVariable UUID id) {
        registry.stop(id);
        return registry.view(id);
    }

    @PostMapping("/{id}/start")
    @Operation(summary = "Start a stopped or failed query again: same id, new runId")
    QueryView start(@PathVariable UUID id) {
        registry.start(id);
        return registry.view(id);
    }

    @DeleteMapping("/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Stop the query and forget it; its checkpoint stays unless purge is true")
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
