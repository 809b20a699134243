package dev.arus.engine.streaming;

import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import java.util.List;

/**
 * The rows a micro-batch hands to its sink, as {@code foreachBatch} and the console sink see
 * them: Spark's {@code Dataset<Row>} of that batch, already computed.
 */
public record ResultBatch(Schema schema, List<Row> rows) {

    public ResultBatch {
        rows = List.copyOf(rows);
    }

    public long count() {
        return rows.size();
    }
}
