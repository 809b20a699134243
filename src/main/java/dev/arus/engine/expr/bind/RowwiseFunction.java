package dev.arus.engine.expr.bind;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.NullMasks;
import java.util.ArrayList;
import java.util.List;

/**
 * A function whose result for a row depends on that row's arguments alone, and is NULL where an
 * argument is NULL unless the function says otherwise ({@link #propagatesNull}). The arguments
 * are evaluated a chunk at a time and {@link #compute} reads a row's values straight from their
 * vectors, so a function of integers boxes nothing. The shape Spark's string functions share.
 */
public abstract class RowwiseFunction extends BoundNode {

    private final BoundExpression[] arguments;
    private final ColumnVector[] values;

    protected RowwiseFunction(DataType type, List<BoundExpression> arguments, String sql) {
        this(type, arguments.stream().anyMatch(BoundExpression::nullable), arguments, sql);
    }

    protected RowwiseFunction(DataType type, boolean nullable, List<BoundExpression> arguments, String sql) {
        super(type, nullable, sql);
        this.arguments = arguments.toArray(BoundExpression[]::new);
        this.values = new ColumnVector[this.arguments.length];
    }

    /**
     * The arguments brought to the types a function accepts by Spark's ANSI implicit casts, each
     * refused with UNEXPECTED_INPUT_TYPE naming its position when it cannot be.
     */
    protected static List<BoundExpression> coerce(ExpressionBinder binder, Expression.FunctionCall call, String sql,
            List<BoundExpression> arguments, InputType... accepted) {
        List<BoundExpression> coerced = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            coerced.add(binder.require(sql, call.position(), ExpressionBinder.ordinal(i), arguments.get(i),
                    accepted[i]));
        }
        return coerced;
    }

    /** An INT literal standing for an argument Spark fills in when a call leaves it out. */
    protected static BoundExpression defaultInt(int value) {
        return new Constant(value, AtomicType.INT, Integer.toString(value));
    }

    /** A STRING literal standing for an argument Spark fills in when a call leaves it out. */
    protected static BoundExpression defaultString(String value) {
        return new Constant(value, AtomicType.STRING, value);
    }

    @Override
    public final ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        for (int k = 0; k < arguments.length; k++) {
            values[k] = arguments[k].evaluate(input, context);
        }
        ColumnVector result = output(size);
        boolean nulls = false;
        for (int k = 0; k < arguments.length; k++) {
            if (propagatesNull(k)) {
                nulls |= NullMasks.propagate(result, values[k], size);
            }
        }
        for (int i = 0; i < size; i++) {
            if (!nulls || !result.isNull(i)) {
                compute(i, values, result);
            }
        }
        return result;
    }

    /** Whether a NULL in argument {@code index} makes the row NULL without calling {@link #compute}. */
    protected boolean propagatesNull(int index) {
        return true;
    }

    /** Writes the result of one row whose null-propagating arguments are all present. */
    protected abstract void compute(int row, ColumnVector[] arguments, ColumnVector result);

    protected static String string(ColumnVector vector, int row) {
        return ((StringVector) vector).values()[row];
    }

    protected static long integer(ColumnVector vector, int row) {
        return ((LongVector) vector).values()[row];
    }

    protected static void setString(ColumnVector result, int row, String value) {
        ((StringVector) result).values()[row] = value;
    }

    protected static void setInteger(ColumnVector result, int row, long value) {
        ((LongVector) result).values()[row] = value;
    }
}
