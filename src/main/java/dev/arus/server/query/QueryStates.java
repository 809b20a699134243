package dev.arus.server.query;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.StateRead;
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

    List<StateOperatorView> operators(UUID id) {
        QueryStateReader reader = reader(id);
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

    StateRowsView rows(UUID id, StateRowsRequest request) {
        QueryStateReader reader = reader(id);
        StateRowsRequest.Cursor cursor = request.cursor();
        int pageSize = request.pageSize();
        List<KeyFilter> filters = request.keyFilters();
        StateRead read = inTurn(() -> reader.read(request.engineRequest(cursor)));
        // Only a key filter needs every row as JSON; a page without one converts its own rows alone.
        List<Map<String, Object>> matching = filters.isEmpty() ? null : JsonRows.of(read.rows(), Integer.MAX_VALUE)
                .stream().filter(row -> filters.stream().allMatch(filter -> filter.matches(key(row)))).toList();
        int total = matching == null ? read.rows().size() : matching.size();
        int from = Math.min(cursor.offset(), total);
        int to = Math.min(total, from + pageSize);
        List<Map<String, Object>> page = matching == null ? JsonRows.of(read.rows().subList(from, to), pageSize)
                : matching.subList(from, to);
        return new StateRowsView(read.batchId(), page, total,
                to < total ? cursor.next(read.batchId(), to - cursor.offset()) : null);
    }

    /** A state row's key, which the key filters look into. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> key(Map<String, Object> row) {
        return row.get("key") instanceof Map<?, ?> key ? (Map<String, Object>) key : Map.of();
    }

    private QueryStateReader reader(UUID id) {
        TranslatedQuery query = registry.translated(id);
        return query.stateReader().orElseThrow(() -> new ProblemException(ProblemType.NO_STATE, "Query " + id
                + " has no state to read: its state is read from its checkpoint, and it "
                + (query.files().checkpoint() == null ? "keeps none (give it a checkpointLocation)"
                        : "runs on an engine whose state Arus does not read yet")));
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
