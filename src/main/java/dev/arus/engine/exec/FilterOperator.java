package dev.arus.engine.exec;

import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.logic.ConstantComparisonSelection;

/**
 * Keeps the rows for which the condition is true (not false, not NULL, as in SQL), packing them
 * into a reused output chunk. A chunk where every row passes goes on as it is. The kept rows'
 * positions are found once, then each column gathers them: a pass over the condition, not one
 * per column. A comparison of a long with a constant writes the positions itself
 * ({@link ConstantComparisonSelection}), without a boolean vector between.
 */
public final class FilterOperator implements Operator {

    private final BoundExpression condition;
    private final Operator downstream;
    /** The condition as a comparison of a long with a constant, which writes the positions itself; or null. */
    private final ConstantComparisonSelection constantComparison;
    private ColumnarBatch output;
    private int[] kept = new int[ColumnarBatch.INITIAL_CAPACITY];

    public FilterOperator(BoundExpression condition, Operator downstream) {
        this.condition = condition;
        this.downstream = downstream;
        this.constantComparison = ConstantComparisonSelection.of(condition);
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        int size = chunk.size();
        if (kept.length < size) {
            kept = new int[ColumnarBatch.capacityFor(size)];
        }
        int count = constantComparison != null
                ? constantComparison.select(chunk, context.evaluation(), kept)
                : selectByCondition(chunk, context, size);
        if (count == size) {
            downstream.process(chunk, context);
        } else if (count > 0) {
            downstream.process(gather(chunk, size, count), context);
        }
    }

    private int selectByCondition(ColumnarBatch chunk, BatchContext context, int size) {
        BooleanVector result = (BooleanVector) condition.evaluate(chunk, context.evaluation());
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
        return count;
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
