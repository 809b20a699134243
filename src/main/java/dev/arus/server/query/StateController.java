package dev.arus.server.query;

import static dev.arus.server.web.ProblemType.CHECKPOINT_DAMAGED;
import static dev.arus.server.web.ProblemType.INVALID_PARAMETER;
import static dev.arus.server.web.ProblemType.NO_STATE;
import static dev.arus.server.web.ProblemType.OPERATOR_NOT_FOUND;
import static dev.arus.server.web.ProblemType.QUERY_NOT_FOUND;
import static dev.arus.server.web.ProblemType.SHUTTING_DOWN;
import static dev.arus.server.web.ProblemType.TOO_MANY_STATE_READS;

import dev.arus.server.web.ProblemException;
import dev.arus.server.web.Refuses;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The state views of DESIGN §12: a query's stateful operators and their rows, as Spark's state sources read them. */
@RestController
@RequestMapping(path = "/api/queries", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "state", description = "A query's state, read from its checkpoint as Spark's state sources read it")
class StateController {

    private final QueryStates states;

    StateController(QueryStates states) {
        this.states = states;
    }

    @GetMapping("/{id}/state")
    @Operation(summary = "The query's stateful operators, a row per store, as Spark's state-metadata source")
    @Refuses({QUERY_NOT_FOUND, NO_STATE, INVALID_PARAMETER, CHECKPOINT_DAMAGED, TOO_MANY_STATE_READS, SHUTTING_DOWN})
    List<StateOperatorView> operators(@PathVariable UUID id,
            @Parameter(description = "For a query on both engines, whose state to read: arus (the default) or "
                    + "spark, the state Spark's run commits beside Arus's")
            @RequestParam(required = false) String engine) {
        return states.operators(id, engine);
    }

    @GetMapping("/{id}/state/{operatorId}")
    @Operation(summary = "An operator's state at a committed batch, or its change feed, as Spark's statestore "
            + "source: a page at a time, read without holding up the query")
    @Refuses({QUERY_NOT_FOUND, NO_STATE, OPERATOR_NOT_FOUND, INVALID_PARAMETER, CHECKPOINT_DAMAGED,
            TOO_MANY_STATE_READS, SHUTTING_DOWN})
    StateRowsView rows(@PathVariable UUID id, @PathVariable int operatorId,
            @Parameter(description = "The committed batch whose state to read; the last committed by default")
            @RequestParam(required = false) Long batchId,
            @Parameter(description = "Only this state partition")
            @RequestParam(required = false) Integer partition,
            @Parameter(description = "The store, as the operators list names it (default)")
            @RequestParam(required = false) String storeName,
            @Parameter(description = "A stream-stream join's side, left or right: its buffered input rows")
            @RequestParam(required = false) String joinSide,
            @Parameter(description = "Read the changes the batches from changeStartBatchId to changeEndBatchId made")
            @RequestParam(defaultValue = "false") boolean readChangeFeed,
            @Parameter(description = "The first batch of the change feed")
            @RequestParam(required = false) Long changeStartBatchId,
            @Parameter(description = "The last batch of the change feed; the last committed by default")
            @RequestParam(required = false) Long changeEndBatchId,
            @Parameter(description = "Key filter, <field>=<value> as the rows show the key's field (window.start "
                    + "for a window's start); repeat for several")
            @RequestParam(required = false) List<String> key,
            @Parameter(description = "Value filter, <field>=<value> as the rows show the value's field (matched=false "
                    + "for a join's rows waiting for a match, read by storeName <side>-keyWithIndexToValue); repeat for "
                    + "several")
            @RequestParam(required = false) List<String> value,
            @Parameter(description = "At most this many rows (100 by default, 1000 at most)",
                    schema = @Schema(type = "integer", format = "int32", minimum = "1"))
            @RequestParam(required = false) Integer limit,
            @Parameter(description = "The nextPage of the page before: the next page, of the same batch")
            @RequestParam(required = false) String after,
            @Parameter(description = "For a query on both engines, whose state to read: arus (the default) or "
                    + "spark, the state Spark's run commits beside Arus's")
            @RequestParam(required = false) String engine) {
        return states.rows(id, engine, new StateRowsRequest(operatorId, batchId, partition, storeName, joinSide,
                readChangeFeed, changeStartBatchId, changeEndBatchId, key, value, limit, after));
    }

    @GetMapping("/{id}/state/{operatorId}/closing")
    @Operation(summary = "The windows an aggregation's or session window's last committed state holds, the one the "
            + "watermark closes next first, each with the watermark that closes it (its end)")
    @Refuses({QUERY_NOT_FOUND, NO_STATE, OPERATOR_NOT_FOUND, INVALID_PARAMETER, CHECKPOINT_DAMAGED,
            TOO_MANY_STATE_READS, SHUTTING_DOWN})
    ClosingWindowsView closing(@PathVariable UUID id, @PathVariable int operatorId,
            @Parameter(description = "At most this many windows (20 by default, 1000 at most)",
                    schema = @Schema(type = "integer", format = "int32", minimum = "1"))
            @RequestParam(required = false) Integer limit,
            @Parameter(description = "For a query on both engines, whose state to read: arus (the default) or "
                    + "spark, the state Spark's run commits beside Arus's")
            @RequestParam(required = false) String engine) {
        if (limit != null && limit < 1) {
            throw new ProblemException(INVALID_PARAMETER, "limit must be at least 1, was " + limit);
        }
        return states.closing(id, engine, operatorId, limit == null ? ClosingWindowsView.DEFAULT_WINDOWS
                : Math.min(limit, ClosingWindowsView.MAX_WINDOWS));
    }
}
