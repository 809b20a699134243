package dev.arus.engine.exec;

import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.expr.BoundExpression;

/**
 * Keeps the rows for which the condition is true (not false, not NULL, as in SQL), packing them
 * into a reused output chunk. A chunk where every row passes goes on as it is. The kept rows'
 * positions are found once, then each column gathers them: a pass over the condition, not one
 * per column.
 */
public final class FilterOperator implements Operator {

    private final BoundExpression condition;
    private final Operator downstream;
    private ColumnarBatch output;
    private int[] kept = new int[ColumnarBatch.INITIAL_CAPACITY];

    public FilterOperator(BoundExpression condition, Operator downstream) {
        this.condition = condition;
        this.downstream = downstream;
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        int size = chunk.size();
        BooleanVector result = (BooleanVector) condition.evaluate(chunk, context.evaluation());
        if (kept.length < size) {
            kept = new int[ColumnarBatch.capacityFor(size)];
        }
        boolean[] values = result.values();
        int count = 0;
        // branch-free: every row's position is written, only a kept one advances
        if (result.hasNulls()) {
            for (int i = 0; i < size; i++) {
                kept[count] = i;
                count += values[i] && !result.isNull(i) ? 1 : 0;
            }
        } else {
            for (int i = 0; i < size; i++) {
                kept[count] = i;
                count += values[i] ? 1 : 0;
            }
        }
        if (count == size) {
            downstream.process(chunk, context);
        } else if (count > 0) {
            downstream.process(gather(chunk, size, count), context);
        }
    }

    private ColumnarBatch gather(ColumnarBatch chunk, int size, int count) {
        if (output == null || output.schema() != chunk.schema() || output.column(0).capacity() < size) {
            output = ColumnarBatch.allocate(chunk.schema(), ColumnarBatch.capacityFor(size));
        }
        for (int c = 0; c < chunk.schema().size(); c++) {
            ColumnVector column = output.column(c);
            column.resetNulls();
            column.gather(chunk.column(c), kept, count, 0);
        }
        output.setSize(count);
        return output;
    }

}
