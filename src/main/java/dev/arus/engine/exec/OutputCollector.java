package dev.arus.engine.exec;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * The end of a pipeline: counts the batch's output rows and, when the sink looks at rows, keeps
 * a copy of them (the chunks it receives are reused upstream).
 */
public final class OutputCollector implements Operator {

    private final Schema schema;
    private final boolean keepRows;
    private final List<Row> rows = new ArrayList<>();
    private long count;

    public OutputCollector(Schema schema, boolean keepRows) {
        this.schema = schema;
        this.keepRows = keepRows;
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        count += chunk.size();
        if (keepRows) {
            rows.addAll(chunk.toRows());
        }
    }

    public Schema schema() {
        return schema;
    }

    /** The rows collected since the last call, which starts the next batch. */
    public List<Row> takeRows() {
        List<Row> taken = List.copyOf(rows);
        rows.clear();
        return taken;
    }

    /** The number of rows since the last call, which starts the next batch. */
    public long takeCount() {
        long taken = count;
        count = 0;
        return taken;
    }
}
