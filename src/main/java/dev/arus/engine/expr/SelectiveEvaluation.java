package dev.arus.engine.expr;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;

/**
 * Evaluates a child only for the rows that need it, as Spark's row-at-a-time evaluation of
 * {@code AND}, {@code OR}, {@code CASE} and {@code coalesce} does: {@code b != 0 AND a / b > 1}
 * must not fail on rows where {@code b = 0}. The child first runs over the whole chunk, the fast
 * path; only if that raises an {@link EvaluationException} are the needed rows packed into a
 * scratch chunk and evaluated again, so a genuine error still surfaces.
 */
public final class SelectiveEvaluation {

    private final BoundExpression child;
    private ColumnarBatch scratch;
    private ColumnVector scattered;

    public SelectiveEvaluation(BoundExpression child) {
        this.child = child;
    }

    /** The child's values for rows whose {@code needed} flag is set; other rows are unspecified. */
    public ColumnVector evaluate(ColumnarBatch input, boolean[] needed, EvaluationContext context) {
        try {
            return child.evaluate(input, context);
        } catch (EvaluationException e) {
            return evaluateNeededRows(input, needed, context);
        }
    }

    private ColumnVector evaluateNeededRows(ColumnarBatch input, boolean[] needed, EvaluationContext context) {
        int size = input.size();
        if (scratch == null || !scratch.schema().equals(input.schema())) {
            scratch = ColumnarBatch.allocate(input.schema(), size);
        }
        int packed = 0;
        for (int c = 0; c < input.schema().size(); c++) {
            ColumnVector column = scratch.column(c);
            column.ensureCapacity(size);
            packed = column.compact(input.column(c), needed, size);
        }
        scratch.setSize(packed);
        ColumnVector values = child.evaluate(scratch, context);
        if (scattered == null) {
            scattered = ColumnVector.allocate(child.dataType(), size);
        }
        scattered.ensureCapacity(size);
        scattered.resetNulls();
        int from = 0;
        for (int i = 0; i < size; i++) {
            if (needed[i]) {
                values.copyRow(from++, scattered, i);
            } else {
                scattered.setNull(i);
            }
        }
        return scattered;
    }
}
