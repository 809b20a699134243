package dev.arus.engine.expr.string;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import java.util.ArrayList;
import java.util.List;

/**
 * Spark's {@code concat_ws(sep, a, ...)}: the strings and the elements of arrays of strings
 * joined by the separator, NULLs skipped; NULL only when the separator is. Other atomic types are
 * read as strings. Named {@code concat_ws(,, a, b)}.
 */
final class ConcatWs extends BoundNode {

    private final BoundExpression separator;
    private final BoundExpression[] parts;
    private final ColumnVector[] partValues;
    private final StringBuilder text = new StringBuilder();

    private ConcatWs(BoundExpression separator, List<BoundExpression> parts, String sql) {
        super(AtomicType.STRING, separator.nullable(), sql);
        this.separator = separator;
        this.parts = parts.toArray(BoundExpression[]::new);
        this.partValues = new ColumnVector[this.parts.length];
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        if (arguments.isEmpty()) {
            throw FunctionBinder.wrongNumberOfArguments(binder, call, "> 0");
        }
        String sql = FunctionBinder.sql("concat_ws", arguments);
        BoundExpression separator = binder.require(sql, call.position(), "first", arguments.get(0),
                InputType.STRING);
        List<BoundExpression> parts = new ArrayList<>();
        for (int i = 1; i < arguments.size(); i++) {
            BoundExpression part = arguments.get(i);
            boolean strings = part.dataType() instanceof ArrayType array && array.elementType() == AtomicType.STRING;
            if (part.dataType().isComplex() && !strings) {
                throw binder.unexpectedType(sql, call.position(), ExpressionBinder.ordinal(i),
                        "(\"ARRAY<STRING>\" or \"STRING\")", part);
            }
            parts.add(strings ? part : binder.require(sql, call.position(), ExpressionBinder.ordinal(i), part,
                    InputType.STRING));
        }
        return new ConcatWs(separator, parts, sql);
    }

    @Override
    public StringVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        StringVector separators = (StringVector) separator.evaluate(input, context);
        for (int k = 0; k < parts.length; k++) {
            partValues[k] = parts[k].evaluate(input, context);
        }
        StringVector result = output(size);
        NullMasks.propagate(result, separators, size);
        String[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (!result.isNull(i)) {
                out[i] = join(separators.values()[i], i);
            }
        }
        return result;
    }

    private String join(String separator, int row) {
        text.setLength(0);
        boolean first = true;
        for (ColumnVector part : partValues) {
            if (part.isNull(row)) {
                continue;
            }
            if (part instanceof ArrayVector array) {
                StringVector elements = (StringVector) array.elements();
                for (int e = array.start(row); e < array.start(row) + array.length(row); e++) {
                    if (!elements.isNull(e)) {
                        first = append(separator, elements.values()[e], first);
                    }
                }
            } else {
                first = append(separator, ((StringVector) part).values()[row], first);
            }
        }
        return text.toString();
    }

    private boolean append(String separator, String value, boolean first) {
        if (!first) {
            text.append(separator);
        }
        text.append(value);
        return false;
    }
}
