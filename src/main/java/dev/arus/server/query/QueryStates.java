package dev.arus.server.query;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.StateRead;
import dev.arus.engine.streaming.StateReadRequest;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * The state views of DESIGN §12: a query's stateful operators and their rows, read from its
 * checkpoint by the engine's {@link QueryStateReader}, whether the query runs or not, and turned
 * into pages of JSON rows filtered by key. A read takes a core while it lasts (a state of a
 * million groups, seconds), so at most half the cores read at once, and the queries' batches keep
 * the rest ({@link ReadTurns}). Holds nothing between requests; thread-safe.
 */
@Component
class QueryStates {

    private final QueryRegistry registry;
    private final ReadTurns turns = ReadTurns.forThisMachine();

    QueryStates(QueryRegistry registry) {
        this.registry = registry;
    }

    List<StateOperatorView> operators(UUID id, String engine) {
        QueryStateReader reader = reader(id, engine);
        return inTurn(() -> reader.metadata().stream().map(StateOperatorView::of).toList());
    }

    /** {@code read} in its turn, with the engine's refusals as problems. */
    private <T> T inTurn(Supplier<T> read) {
        return turns.run(() -> {
            try {
                return read.get();
            } catch (ArusException refused) {
                throw problem(refused);
            }
        });
    }

    StateRowsView rows(UUID id, String engine, StateRowsRequest request) {
        QueryStateReader reader = reader(id, engine);
        StateRowsRequest.Cursor cursor = request.cursor();
        int pageSize = request.pageSize();
        List<KeyFilter> keys = request.keyFilters();
        List<KeyFilter> values = request.valueFilters();
        StateRead read = inTurn(() -> reader.read(request.engineRequest(cursor)));
        // Only a filter needs every row as JSON; a page without one converts its own rows alone.
        List<Map<String, Object>> matching = keys.isEmpty() && values.isEmpty() ? null
                : JsonRows.of(read.rows(), Integer.MAX_VALUE).stream()
                        .filter(row -> keys.stream().allMatch(filter -> filter.matches(struct(row, "key")))
                                && values.stream().allMatch(filter -> filter.matches(struct(row, "value"))))
                        .toList();
        int total = matching == null ? read.rows().size() : matching.size();
        int from = Math.min(cursor.offset(), total);
        int to = Math.min(total, from + pageSize);
        List<Map<String, Object>> page = matching == null ? JsonRows.of(read.rows().subList(from, to), pageSize)
                : matching.subList(from, to);
        return new StateRowsView(read.batchId(), page, total,
                to < total ? cursor.next(read.batchId(), to - cursor.offset()) : null);
    }

    /**
     * The windows in the last committed state of operator {@code operatorId} (an aggregation's or
     * session window's), the first {@code limit} to close: see {@link WindowsToClose}.
     */
    ClosingWindowsView closing(UUID id, String engine, int operatorId, int limit) {
        QueryStateReader reader = reader(id, engine);
        StateRead read = inTurn(() -> reader.read(StateReadRequest.latest(operatorId)));
        return WindowsToClose.of(read.batchId(), JsonRows.of(read.rows(), Integer.MAX_VALUE), limit);
    }

    /** A state row's key or value, which the filters look into. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> struct(Map<String, Object> row, String column) {
        return row.get(column) instanceof Map<?, ?> struct ? (Map<String, Object>) struct : Map.of();
    }

    /**
     * The reader of engine {@code engine}'s state ({@code null}: the query's own): a query on
     * both engines has Arus's and, beside it, Spark's; a query on one engine has its own alone.
     */
    private QueryStateReader reader(UUID id, String engine) {
        TranslatedQuery query = registry.translated(id);
        String runsOn = registry.handle(id).map(QueryRegistry.QueryHandle::engine).orElse("arus");
        boolean both = runsOn.equalsIgnoreCase("both");
        if (engine != null && !engine.equalsIgnoreCase(runsOn)
                && !(both && (engine.equalsIgnoreCase("arus") || engine.equalsIgnoreCase("spark")))) {
            throw new ProblemException(ProblemType.INVALID_PARAMETER, "Query " + id + " runs on " + runsOn
                    + ": read its state with engine " + (both ? "arus or spark" : runsOn) + ", not " + engine);
        }
        boolean beside = both && "spark".equalsIgnoreCase(engine);
        return (beside ? query.besideStateReader() : query.stateReader()).orElseThrow(() -> new ProblemException(
                ProblemType.NO_STATE, "Query " + id + " has no state to read: its state is read from its checkpoint, "
                + "and it keeps none (give it a checkpointLocation)"));
    }

    private static ProblemException problem(ArusException refused) {
        ProblemType type;
        if (refused.is(QueryStateReader.OPERATOR_NOT_FOUND)) {
            type = ProblemType.OPERATOR_NOT_FOUND;
        } else if (refused.is(CheckpointException.DAMAGED)) {
            type = ProblemType.CHECKPOINT_DAMAGED;
        } else if (refused.is(QueryStateReader.NO_COMMITTED_BATCH)) {
            type = ProblemType.NO_STATE;
        } else {
            type = ProblemType.INVALID_PARAMETER;
        }
        return new ProblemException(type, refused.getMessage(), Map.of("errorClass", refused.errorClass()))
                .causedBy(refused);
    }
}
