package dev.arus.engine.streaming;

import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import java.util.List;

/**
 * Rows read from a query's state, in the columns Spark's {@code statestore} source gives: 
 * {@code key}, {@code value} (structs) and {@code partition_id}; for a change feed
 * {@code batch_id}, {@code change_type} ({@code update} or {@code delete}, whose value is null),
 * {@code key}, {@code value} and {@code partition_id}. Ordered by partition and key (by batch
 * first, in a change feed), so that the same read gives the same order. {@code batchId} is the
 * batch whose committed state was read, or the last batch of a change feed.
 */
public record StateRead(long batchId, Schema schema, List<Row> rows) {

    public StateRead {
        rows = List.copyOf(rows);
    }
}
