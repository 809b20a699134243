package dev.arus.server.query;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A page of an operator's state as {@code GET /api/queries/{id}/state/{operatorId}} shows it:
 * rows with the columns of Spark's {@code statestore} source, and the cursor of the next page.
 */
@Schema(description = "A page of an operator's state, rows as Spark's statestore source gives them")
public record StateRowsView(
        @Schema(description = "The batch whose committed state was read; for a change feed, its last batch")
        long batchId,
        @Schema(description = "Rows matching the key filter: {key, value, partition_id}, or for a change feed "
                + "{batch_id, change_type, key, value, partition_id}; key and value are structs with Spark's "
                + "field names, value null for a delete")
        List<Map<String, Object>> rows,
        @Schema(description = "Rows matching the key filter in all")
        long numRows,
        @Schema(description = "Pass as 'after' for the next page, which reads the same batch; absent on the last page")
        @Nullable String nextPage) {

    /** The most rows one page holds, whatever the limit asked for. */
    static final int MAX_PAGE = 1000;

    /** The rows of a page when no limit is asked for. */
    static final int DEFAULT_PAGE = 100;
}
