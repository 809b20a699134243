package dev.arus.engine.expr.json;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import java.util.List;

/**
 * {@code to_json(value)} (Spark's {@code StructsToJson}): a struct, array or map as compact JSON
 * text, written by {@link JsonValueWriter} in the session zone; NULL gives NULL. Named
 * {@code to_json(<value's SQL>)}.
 */
final class StructToJson extends BoundNode {

    private final BoundExpression value;
    private JsonValueWriter writer;

    private StructToJson(BoundExpression value, String sql) {
        super(AtomicType.STRING, true, sql);
        this.value = value;
    }

    static BoundExpression bind(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        BoundExpression value = arguments.get(0);
        String sql = FunctionBinder.sql("to_json", arguments);
        if (!value.dataType().isComplex()) {
            throw binder.mismatch("INVALID_JSON_SCHEMA", sql, "Input schema \"" + value.dataType().sql()
                    + "\" must be a struct, an array, a map or a variant.", call.position());
        }
        return new StructToJson(value, sql);
    }

    @Override
    public StringVector evaluate(ColumnarBatch input, EvaluationContext context) {
        if (writer == null || !writer.zone().equals(context.timeZone())) {
            writer = new JsonValueWriter(context.timeZone());
        }
        ColumnVector values = value.evaluate(input, context);
        int size = input.size();
        StringVector result = output(size);
        String[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (values.isNull(i)) {
                result.setNull(i);
            } else {
                out[i] = writer.write(values, i);
            }
        }
        return result;
    }
}
