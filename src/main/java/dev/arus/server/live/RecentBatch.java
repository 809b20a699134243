package dev.arus.server.live;

import java.util.List;
import java.util.Map;

/**
 * One batch's sink output as the service shows it.
 *
 * @param timestamp when the batch reached the sink (see {@link Timestamps})
 * @param rows      the rows, at most {@code arus.live.rows-per-batch} of them
 * @param numRows   how many rows the batch had, kept or not
 */
public record RecentBatch(long batchId, String timestamp, List<Map<String, Object>> rows, long numRows) {
}
