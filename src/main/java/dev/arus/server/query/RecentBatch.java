package dev.arus.server.query;

import dev.arus.engine.streaming.ResultBatch;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One batch's sink output as the service shows it.
 *
 * @param timestamp   when the batch reached the sink (see {@link Timestamps})
 * @param rows        the rows, at most {@code arus.live.rows-per-batch} of them
 * @param numRows     how many rows the batch had, kept or not
 * @param omittedRows how many of them were left out of {@code rows} ({@code numRows} minus the
 *                    rows kept): the marker of a truncated batch, 0 when it is complete
 */
public record RecentBatch(long batchId, @Schema(format = "date-time") String timestamp, List<Map<String, Object>> rows, long numRows,
                          long omittedRows) {

    /** A batch of {@code numRows} rows of which {@code rows} were kept. */
    public RecentBatch(long batchId, String timestamp, List<Map<String, Object>> rows, long numRows) {
        this(batchId, timestamp, rows, numRows, Math.max(0, numRows - rows.size()));
    }

    /**
     * {@code batch} as it reached the sink at {@code at}, keeping its first {@code rowsPerBatch}
     * rows, converted to JSON objects when first read ({@link KeptRows}).
     */
    static RecentBatch of(long batchId, Instant at, ResultBatch batch, int rowsPerBatch) {
        return new RecentBatch(batchId, Timestamps.format(at), KeptRows.of(batch, rowsPerBatch), batch.count());
    }
}
