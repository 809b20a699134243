package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import java.util.List;

/** {@code concat(a, b, ...)} of strings; NULL when any argument is NULL. */
final class Concat extends BoundNode {

    private final BoundExpression[] arguments;
    private final StringVector[] argumentValues;
    private final StringBuilder text = new StringBuilder();

    Concat(List<BoundExpression> arguments, String sql) {
        super(AtomicType.STRING, arguments.stream().anyMatch(BoundExpression::nullable), sql);
        this.arguments = arguments.toArray(BoundExpression[]::new);
        this.argumentValues = new StringVector[this.arguments.length];
    }

    /** Spark casts non-string arguments of concat to strings; complex values are refused. */
    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        for (int i = 0; i < arguments.size(); i++) {
            if (arguments.get(i).dataType().isComplex()) {
                throw binder.unexpectedType(call.sql(), call.position(), ExpressionBinder.ordinal(i),
                        "(\"STRING\" or \"BINARY\" or \"ARRAY\")", arguments.get(i));
            }
        }
        return new Concat(arguments.stream().map(a -> TypeCoercion.implicitCast(a, AtomicType.STRING)).toList(),
                FunctionBinder.sql("concat", arguments));
    }

    @Override
    public StringVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        StringVector result = output(size);
        boolean nulls = false;
        for (int k = 0; k < arguments.length; k++) {
            argumentValues[k] = (StringVector) arguments[k].evaluate(input, context);
            nulls |= NullMasks.propagate(result, argumentValues[k], size);
        }
        String[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (nulls && result.isNull(i)) {
                continue;
            }
            text.setLength(0);
            for (StringVector argument : argumentValues) {
                text.append(argument.values()[i]);
            }
            out[i] = text.toString();
        }
        return result;
    }
}
