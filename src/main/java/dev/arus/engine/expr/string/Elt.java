package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SelectiveEvaluation;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.TypeCoercion;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Spark's {@code elt(n, input1, input2, ...)}: the {@code n}-th input, counted from 1; a binary
 * when every input is one, otherwise a string, the inputs cast to strings. An input is evaluated
 * only for the rows that pick it, as Spark evaluates only the picked one. Under ANSI mode an
 * {@code n} outside the inputs raises INVALID_ARRAY_INDEX; a NULL {@code n} gives NULL.
 */
final class Elt extends BoundNode {

    private final BoundExpression index;
    private final SelectiveEvaluation[] inputs;
    private boolean[] picks = new boolean[0];

    private Elt(BoundExpression index, List<BoundExpression> inputs, DataType type, String sql) {
        super(type, true, sql);
        this.index = index;
        this.inputs = inputs.stream().map(SelectiveEvaluation::new).toArray(SelectiveEvaluation[]::new);
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        if (arguments.size() < 2) {
            throw FunctionBinder.wrongNumberOfArguments(binder, call, "> 1");
        }
        String sql = FunctionBinder.sql("elt", arguments);
        BoundExpression index = binder.require(sql, call.position(), "first", arguments.get(0),
                InputType.of(AtomicType.INT));
        List<BoundExpression> inputs = arguments.subList(1, arguments.size());
        boolean binary = inputs.stream().allMatch(input -> input.dataType() == AtomicType.BINARY);
        DataType type = binary ? AtomicType.BINARY : AtomicType.STRING;
        if (inputs.stream().anyMatch(input -> input.dataType().isComplex())) {
            throw binder.mismatch("UNEXPECTED_INPUT_TYPE", sql, "The second... parameter requires the \"STRING\" or"
                    + " \"BINARY\" type, however \"" + inputs.stream().map(BoundExpression::sql)
                    .collect(Collectors.joining("\",\"")) + "\" has the type \"" + inputs.stream()
                    .map(input -> input.dataType().sql()).collect(Collectors.joining("\",\"")) + "\".",
                    call.position());
        }
        return new Elt(index, inputs.stream().map(input -> TypeCoercion.implicitCast(input, type)).toList(), type,
                sql);
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        LongVector picked = (LongVector) index.evaluate(input, context);
        long[] n = picked.values();
        ColumnVector result = output(size);
        for (int i = 0; i < size; i++) {
            if (picked.isNull(i)) {
                result.setNull(i);
            } else if (n[i] < 1 || n[i] > inputs.length) {
                throw EvaluationException.invalidArrayIndex(n[i], inputs.length);
            }
        }
        if (picks.length < size) {
            picks = new boolean[size];
        }
        for (int k = 0; k < inputs.length; k++) {
            boolean any = false;
            for (int i = 0; i < size; i++) {
                picks[i] = !picked.isNull(i) && n[i] == k + 1;
                any |= picks[i];
            }
            if (any) {
                ColumnVector values = inputs[k].evaluate(input, picks, context);
                for (int i = 0; i < size; i++) {
                    if (picks[i]) {
                        values.copyRow(i, result, i);
                    }
                }
            }
        }
        return result;
    }
}
