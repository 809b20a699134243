package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import dev.arus.engine.expr.numeric.IntegralTypes;
import java.math.BigDecimal;
import java.util.List;

/**
 * Unary minus and {@code abs} on numbers and day-time intervals, of their operand's type. As in
 * Spark 4's ANSI mode, negating the smallest value of an integer type or of an interval overflows
 * and raises ARITHMETIC_OVERFLOW instead of wrapping; decimals and floating point never overflow.
 */
public final class UnaryMath extends BoundNode {

    enum Operation { NEGATE, ABS }

    /** What unary minus and plus accept, as Spark words it. */
    private static final String NUMERIC_OR_INTERVAL =
            "(\"NUMERIC\" or \"INTERVAL DAY TO SECOND\" or \"INTERVAL YEAR TO MONTH\" or \"INTERVAL\")";

    private final Operation operation;
    private final BoundExpression child;
    /** The value whose negation overflows: the type's smallest; none for decimals (whose range is symmetric). */
    private final long smallest;

    UnaryMath(Operation operation, BoundExpression child, String sql) {
        super(child.dataType(), child.nullable(), sql);
        this.operation = operation;
        this.child = child;
        this.smallest = child.dataType().isIntegral() ? IntegralTypes.min(child.dataType())
                : child.dataType() instanceof DecimalType ? 0 : Long.MIN_VALUE;
    }

    /** {@code -x}: a number or an interval; a string is read as a DOUBLE, as Spark's ANSI coercion does. */
    public static BoundExpression bindNegate(ExpressionBinder binder, Expression.Negate negate) {
        return negate(binder, binder.bind(negate.child()), negate.position());
    }

    /** {@code -x} of a bound operand; also Spark's {@code negative(x)}. */
    static BoundExpression negate(ExpressionBinder binder, BoundExpression child, int position) {
        String sql = SqlText.negate(child.sql());
        DataType type = child.dataType();
        if (type == AtomicType.STRING || type == AtomicType.NULL) {
            child = TypeCoercion.implicitCast(child, AtomicType.DOUBLE);
        } else if (!type.isNumeric() && !(type instanceof DayTimeIntervalType)) {
            throw binder.unexpectedType(sql, position, "first", NUMERIC_OR_INTERVAL, child);
        }
        return new UnaryMath(Operation.NEGATE, child, sql);
    }

    /** {@code abs(x)} of a number; a string is read as a DOUBLE. */
    static BoundExpression bindAbs(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        BoundExpression child = binder.requireNumeric(call, arguments.get(0));
        return new UnaryMath(Operation.ABS, child, FunctionBinder.sql("abs", arguments));
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector values = child.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        NullMasks.propagate(result, values, size);
        if (values instanceof DoubleVector doubles) {
            double[] in = doubles.values();
            double[] out = ((DoubleVector) result).values();
            for (int i = 0; i < size; i++) {
                out[i] = operation == Operation.NEGATE ? -in[i] : Math.abs(in[i]);
            }
        } else if (values instanceof BigDecimalVector decimals) {
            BigDecimal[] in = decimals.values();
            BigDecimal[] out = ((BigDecimalVector) result).values();
            for (int i = 0; i < size; i++) {
                out[i] = result.isNull(i) ? null : operation == Operation.NEGATE ? in[i].negate() : in[i].abs();
            }
        } else {
            longs(((LongVector) values).values(), ((LongVector) result).values(), result, size);
        }
        return result;
    }

    private void longs(long[] in, long[] out, ColumnVector result, int size) {
        for (int i = 0; i < size; i++) {
            long value = in[i];
            if (value == smallest && smallest != 0 && !result.isNull(i)) {
                throw EvaluationException.overflow(overflowWord(), null);
            }
            out[i] = operation == Operation.NEGATE || value < 0 ? -value : value;
        }
    }

    private String overflowWord() {
        if (dataType() == AtomicType.INT) {
            return "integer overflow";
        }
        if (dataType() == AtomicType.BYTE || dataType() == AtomicType.SHORT) {
            return dataType().simpleString() + " overflow";
        }
        return "long overflow";
    }
}
