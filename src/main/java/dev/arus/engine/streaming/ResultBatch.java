package dev.arus.engine.streaming;

import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import java.util.List;

/**
 * The rows a micro-batch hands to its sink, as {@code foreachBatch} and the console sink see
 * them: Spark's {@code Dataset<Row>} of that batch, already computed. {@code rows} are the first
 * rows of the batch, as many as the sink looks at; {@code count} is how many the batch has.
 */
public record ResultBatch(Schema schema, List<Row> rows, long count) {

    public ResultBatch {
        rows = List.copyOf(rows);
        if (count < rows.size()) {
            throw new IllegalArgumentException("a batch of " + count + " rows cannot hold " + rows.size());
        }
    }

    /** A batch of exactly {@code rows}. */
    public ResultBatch(Schema schema, List<Row> rows) {
        this(schema, rows, rows.size());
    }
}
