package dev.arus.engine.exec;

import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.expr.BoundExpression;

/**
 * Keeps the rows for which the condition is true (not false, not NULL, as in SQL), packing them
 * into a reused output chunk. A chunk where every row passes goes on as it is.
 */
public final class FilterOperator implements Operator {

    private final BoundExpression condition;
    private final Operator downstream;
    private ColumnarBatch output;
    private boolean[] selected = new boolean[ColumnarBatch.INITIAL_CAPACITY];

    public FilterOperator(BoundExpression condition, Operator downstream) {
        this.condition = condition;
        this.downstream = downstream;
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        int size = chunk.size();
        BooleanVector result = (BooleanVector) condition.evaluate(chunk, context.evaluation());
        if (selected.length < size) {
            selected = new boolean[ColumnarBatch.capacityFor(size)];
        }
        boolean[] values = result.values();
        int kept = 0;
        for (int i = 0; i < size; i++) {
            boolean keep = values[i] && !result.isNull(i);
            selected[i] = keep;
            kept += keep ? 1 : 0;
        }
        if (kept == size) {
            downstream.process(chunk, context);
        } else if (kept > 0) {
            downstream.process(compact(chunk, size), context);
        }
    }

    private ColumnarBatch compact(ColumnarBatch chunk, int size) {
        if (output == null || output.schema() != chunk.schema() || output.column(0).capacity() < size) {
            output = ColumnarBatch.allocate(chunk.schema(), ColumnarBatch.capacityFor(size));
        }
        int kept = 0;
        for (int c = 0; c < chunk.schema().size(); c++) {
            kept = output.column(c).compact(chunk.column(c), selected, size);
        }
        output.setSize(kept);
        return output;
    }

}
