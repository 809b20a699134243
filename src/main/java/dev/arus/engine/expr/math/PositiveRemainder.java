package dev.arus.engine.expr.math;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.numeric.DecimalMath;
import java.math.BigDecimal;

/**
 * {@code pmod(a, n)}: the remainder {@code a % n} moved into the divisor's side of zero as
 * Spark's {@code Pmod} does, {@code (r + n) % n} where {@code r} is negative. Shares the type
 * rules and the zero check of {@code %}, whose node computes {@code r}.
 */
final class PositiveRemainder extends BoundNode {

    private final BoundExpression remainder;
    /** The divisor as the remainder's operands have it: of the result's type, or a decimal of its own. */
    private final BoundExpression divisor;

    PositiveRemainder(BoundExpression remainder, BoundExpression divisor, String sql) {
        super(remainder.dataType(), remainder.nullable(), sql);
        this.remainder = remainder;
        this.divisor = divisor;
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector r = remainder.evaluate(input, context);
        ColumnVector n = divisor.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        for (int i = 0; i < size; i++) {
            r.copyRow(i, result, i);
        }
        if (dataType() instanceof DecimalType) {
            DecimalType type = (DecimalType) dataType();
            DecimalType divisorType = (DecimalType) divisor.dataType();
            for (int i = 0; i < size; i++) {
                if (!result.isNull(i) && DecimalMath.read(r, i, type).signum() < 0) {
                    BigDecimal m = DecimalMath.read(n, i, divisorType);
                    DecimalMath.write(result, i, DecimalMath.read(r, i, type).add(m).remainder(m));
                }
            }
        } else if (result instanceof DoubleVector doubles) {
            double[] out = doubles.values();
            double[] m = ((DoubleVector) n).values();
            for (int i = 0; i < size; i++) {
                if (out[i] < 0 && !result.isNull(i)) {
                    out[i] = (out[i] + m[i]) % m[i];
                }
            }
        } else {
            long[] out = ((LongVector) result).values();
            long[] m = ((LongVector) n).values();
            for (int i = 0; i < size; i++) {
                if (out[i] < 0 && !result.isNull(i)) {
                    out[i] = (out[i] + m[i]) % m[i];
                }
            }
        }
        return result;
    }
}
