package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import java.util.List;

/**
 * Spark's {@code factorial(n)}: {@code n!} as a BIGINT for an INT {@code n} from 0 to 20 (21! no
 * longer fits), NULL outside that range.
 */
final class Factorial extends RowwiseFunction {

    private static final long[] FACTORIALS = new long[21];

    static {
        FACTORIALS[0] = 1;
        for (int n = 1; n < FACTORIALS.length; n++) {
            FACTORIALS[n] = FACTORIALS[n - 1] * n;
        }
    }

    private Factorial(BoundExpression n, String sql) {
        super(AtomicType.LONG, true, List.of(n), sql);
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("factorial", arguments);
        return new Factorial(coerce(binder, call, sql, arguments, InputType.of(AtomicType.INT)).get(0), sql);
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        long n = integer(arguments[0], row);
        if (n < 0 || n >= FACTORIALS.length) {
            result.setNull(row);
        } else {
            setInteger(result, row, FACTORIALS[(int) n]);
        }
    }
}
