package dev.arus.server.query;

import dev.arus.engine.streaming.StateReadRequest;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What {@code GET /api/queries/{id}/state/{operatorId}} asks for: the options of Spark's
 * {@code statestore} source, a key filter, a value filter (Arus's), and a page. A key filter is
 * {@code path=value}: the key's field at {@code path} (dot-separated, {@code window.start}) shown as
 * {@code value}, as the rows show it; a value filter likewise on the value ({@code matched=false},
 * a join's rows waiting for a match); a row matches when every filter does. A page starts {@code after} a cursor, which
 * names the batch the first page read, so that every page reads the same committed batch.
 */
record StateRowsRequest(int operatorId, @Nullable Long batchId, @Nullable Integer partition,
                        @Nullable String storeName, @Nullable String joinSide, boolean readChangeFeed,
                        @Nullable Long changeStartBatchId, @Nullable Long changeEndBatchId, List<String> keys,
                        List<String> values, @Nullable Integer limit, @Nullable String after) {

    StateRowsRequest {
        keys = keys == null ? List.of() : List.copyOf(keys);
        values = values == null ? List.of() : List.copyOf(values);
    }

    /** The most rows of the page: {@code limit}, at most {@link StateRowsView#MAX_PAGE}. */
    int pageSize() {
        if (limit == null) {
            return StateRowsView.DEFAULT_PAGE;
        }
        if (limit < 1) {
            throw new ProblemException(ProblemType.INVALID_PARAMETER, "limit must be at least 1, was " + limit);
        }
        return Math.min(limit, StateRowsView.MAX_PAGE);
    }

    /** Where the page starts: the cursor's batch (null: none given) and the rows before it. */
    Cursor cursor() {
        if (after == null) {
            return new Cursor(null, 0);
        }
        String[] parts = after.split("-", 2);
        try {
            if (parts.length == 2 && parts[0].startsWith("b")) {
                int offset = Integer.parseInt(parts[1]);
                if (offset >= 0) {
                    return new Cursor(Long.parseLong(parts[0].substring(1)), offset);
                }
            }
        } catch (NumberFormatException notACursor) {
            // refused below
        }
        throw new ProblemException(ProblemType.INVALID_PARAMETER, "after must be the nextPage of an earlier page, "
                + "was '" + after + "'");
    }

    /** The engine's request, the batch read being the cursor's when the request names none. */
    StateReadRequest engineRequest(Cursor cursor) {
        Long batch = readChangeFeed || batchId != null ? batchId : cursor.batchId();
        Long end = readChangeFeed && changeEndBatchId == null ? cursor.batchId() : changeEndBatchId;
        return new StateReadRequest(operatorId, batch, partition, storeName, joinSide, readChangeFeed,
                changeStartBatchId, end);
    }

    /** The key filters, each a path into the key and the value shown there. */
    List<KeyFilter> keyFilters() {
        return KeyFilter.parse(keys);
    }

    /** The value filters, each a path into the value ({@code matched} of a join's row) and what it shows there. */
    List<KeyFilter> valueFilters() {
        return KeyFilter.parse(values);
    }

    /** A page's start: the batch the first page read and how many rows came before. */
    record Cursor(@Nullable Long batchId, int offset) {

        String next(long batch, int rows) {
            return "b" + batch + "-" + (offset + rows);
        }
    }
}
