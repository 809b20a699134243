package dev.arus.server.query;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A page of a query's materialized result as {@code GET /api/queries/{id}/result} shows it: the
 * last row written for each key, the batch it reflects, and whether the bound on the keys kept
 * left rows out.
 */
@Schema(description = "A query's current result: the last row written for each key, as a materialized view")
public record ResultView(
        @Schema(description = "The query's output mode", allowableValues = {"update", "complete"})
        String outputMode,
        @Schema(description = "The columns that key a row: a windowed aggregation's window and group columns; "
                + "empty for a complete-mode result whose key the engine does not know")
        List<String> keyColumns,
        @Schema(description = "The last batch whose rows the result reflects; null before the first batch")
        @Nullable Long batchId,
        @Schema(description = "The first batch the result saw since the service holds the query: in update mode, "
                + "keys last written before it are not in the result")
        @Nullable Long sinceBatchId,
        @Schema(description = "The rows matching the key filter, the one written longest ago first, each as the "
                + "sink got it")
        List<Map<String, Object>> rows,
        @Schema(description = "Rows matching the key filter in all")
        long numRows,
        @Schema(description = "Keys the result holds in all")
        long numKeys,
        @Schema(description = "The most keys the result keeps (arus.live.result-max-keys)")
        int maxKeys,
        @Schema(description = "Whether rows were left out: more keys than maxKeys were written (update mode "
                + "forgets the rows written longest ago, complete mode keeps the batch's first rows)")
        boolean truncated,
        @Schema(description = "How many written rows the result left out because of the bound")
        long omittedRows) {

    /** The most rows one page holds, whatever the limit asked for. */
    static final int MAX_PAGE = 1000;

    /** The rows of a page when no limit is asked for. */
    static final int DEFAULT_PAGE = 100;
}
