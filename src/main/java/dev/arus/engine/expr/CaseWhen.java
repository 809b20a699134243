package dev.arus.engine.expr;

import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import java.util.Arrays;
import java.util.List;

/**
 * {@code CASE WHEN c1 THEN v1 ... ELSE e END}: each row takes the value of its first true
 * condition, else the ELSE value (NULL without one). Conditions and values are evaluated only for
 * the rows that reach them, as Spark does.
 */
final class CaseWhen extends BoundNode {

    private final SelectiveEvaluation[] conditions;
    private final SelectiveEvaluation[] values;
    private final SelectiveEvaluation elseValue;
    private boolean[] open = new boolean[0];
    private boolean[] matched = new boolean[0];

    /** {@code elseValue} is already a NULL constant of {@code type} when the CASE has no ELSE. */
    CaseWhen(List<BoundExpression> conditions, List<BoundExpression> values, BoundExpression elseValue,
            DataType type, boolean nullable, String sql) {
        super(type, nullable, sql);
        this.conditions = conditions.stream().map(SelectiveEvaluation::new).toArray(SelectiveEvaluation[]::new);
        this.values = values.stream().map(SelectiveEvaluation::new).toArray(SelectiveEvaluation[]::new);
        this.elseValue = new SelectiveEvaluation(elseValue);
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        if (open.length < size) {
            open = new boolean[size];
            matched = new boolean[size];
        }
        Arrays.fill(open, 0, size, true);
        ColumnVector result = output(size);
        int remaining = size;
        for (int k = 0; k < conditions.length && remaining > 0; k++) {
            BooleanVector condition = (BooleanVector) conditions[k].evaluate(input, open, context);
            boolean[] truth = condition.values();
            int hits = 0;
            for (int i = 0; i < size; i++) {
                matched[i] = open[i] && truth[i] && !condition.isNull(i);
                hits += matched[i] ? 1 : 0;
            }
            if (hits > 0) {
                copyRows(values[k].evaluate(input, matched, context), matched, result, size);
                for (int i = 0; i < size; i++) {
                    open[i] &= !matched[i];
                }
                remaining -= hits;
            }
        }
        if (remaining > 0) {
            copyRows(elseValue.evaluate(input, open, context), open, result, size);
        }
        return result;
    }

    private static void copyRows(ColumnVector from, boolean[] rows, ColumnVector to, int size) {
        for (int i = 0; i < size; i++) {
            if (rows[i]) {
                from.copyRow(i, to, i);
            }
        }
    }
}
