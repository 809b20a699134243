package dev.arus.engine.expr.math;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.SelectiveEvaluation;
import java.util.Arrays;
import java.util.Set;

/**
 * {@code try_add}, {@code try_subtract}, {@code try_multiply} and {@code try_divide}: the
 * operator in Spark's TRY evaluation mode, NULL on the rows where it overflows or divides by
 * zero. Other errors, such as a string operand that is not a number, still raise. The whole chunk
 * is computed at once; only a chunk with such a row is gone through again row by row.
 */
final class TryArithmetic extends BoundNode {

    private static final Set<String> TOLERATED = Set.of("ARITHMETIC_OVERFLOW", "BINARY_ARITHMETIC_OVERFLOW",
            "DIVIDE_BY_ZERO", "REMAINDER_BY_ZERO", "INTERVAL_DIVIDED_BY_ZERO", "NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION");

    private final BoundExpression operation;
    private final SelectiveEvaluation oneRow;
    private boolean[] needed = new boolean[0];

    TryArithmetic(BoundExpression operation, String sql) {
        super(operation.dataType(), true, sql);
        this.operation = operation;
        this.oneRow = new SelectiveEvaluation(operation);
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        try {
            return operation.evaluate(input, context);
        } catch (EvaluationException e) {
            if (!TOLERATED.contains(e.errorClass())) {
                throw e;
            }
        }
        int size = input.size();
        if (needed.length < size) {
            needed = new boolean[size];
        }
        ColumnVector result = output(size);
        for (int i = 0; i < size; i++) {
            Arrays.fill(needed, 0, size, false);
            needed[i] = true;
            try {
                oneRow.evaluate(input, needed, context).copyRow(i, result, i);
            } catch (EvaluationException e) {
                if (!TOLERATED.contains(e.errorClass())) {
                    throw e;
                }
                result.setNull(i);
            }
        }
        return result;
    }
}
