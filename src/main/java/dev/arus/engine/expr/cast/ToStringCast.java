package dev.arus.engine.expr.cast;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.ComplexValueText;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.ValueText;
import java.nio.charset.StandardCharsets;

/**
 * {@code CAST(x AS STRING)}: atomic values as {@link ValueText} writes them (timestamps in the
 * session zone, decimals with every digit of their scale), binary decoded as UTF-8 as Spark's
 * {@code UTF8String.fromBytes} does, structs, arrays and maps as {@link ComplexValueText} writes
 * them. One reused buffer per node. Not thread-safe.
 */
final class ToStringCast extends BoundNode {

    private final BoundExpression child;
    private final ComplexValueText complexText;
    private final StringBuilder text = new StringBuilder();

    ToStringCast(BoundExpression child, String sql) {
        super(AtomicType.STRING, child.nullable(), sql);
        this.child = child;
        this.complexText = child.dataType().isComplex() ? new ComplexValueText() : null;
    }

    @Override
    public StringVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector values = child.evaluate(input, context);
        int size = input.size();
        StringVector result = output(size);
        NullMasks.propagate(result, values, size);
        String[] out = result.values();
        if (values instanceof StringVector strings) {
            System.arraycopy(strings.values(), 0, out, 0, size);
        } else if (complexText != null) {
            for (int i = 0; i < size; i++) {
                out[i] = result.isNull(i) ? null : complexText.format(values, i, context.timeZone());
            }
        } else if (values instanceof BinaryVector binaries) {
            byte[][] in = binaries.values();
            for (int i = 0; i < size; i++) {
                out[i] = result.isNull(i) ? null : new String(in[i], StandardCharsets.UTF_8);
            }
        } else {
            for (int i = 0; i < size; i++) {
                if (result.isNull(i)) {
                    out[i] = null;
                } else {
                    text.setLength(0);
                    ValueText.append(text, values, i, context.timeZone());
                    out[i] = text.toString();
                }
            }
        }
        return result;
    }
}
