package dev.arus.engine.expr;

import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import java.util.Arrays;

/**
 * A literal value repeated for every row. The vector is filled once and refilled only when a
 * larger chunk comes, so evaluation is usually free.
 */
public final class Constant extends BoundNode {

    private final Object value;
    private ColumnVector filled;
    private int filledRows;

    /**
     * {@code value} as {@code ColumnVector.getObject} gives it for {@code type} (Integer, BigDecimal,
     * LocalDate...), or null.
     */
    public Constant(Object value, DataType type, String sql) {
        super(type, value == null, sql);
        this.value = value;
    }

    /** The value, as {@code ColumnVector.getObject} gives it; null for NULL. */
    public Object value() {
        return value;
    }

    @Override
    public boolean foldable() {
        return true;
    }

    /** The value of a non-null integer constant, seen through widening; otherwise {@code null}. */
    public static Long longValueOf(BoundExpression expression) {
        BoundExpression unwrapped = expression instanceof Retyped retyped ? retyped.child() : expression;
        return unwrapped instanceof Constant constant && unwrapped.dataType().isIntegral()
                && constant.value instanceof Number number ? number.longValue() : null;
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        if (filled == null || size > filledRows) {
            filled = output(size);
            fill(filled, Math.max(size, filled.capacity()));
            filledRows = filled.capacity();
        }
        return filled;
    }

    private void fill(ColumnVector vector, int rows) {
        if (value == null) {
            for (int i = 0; i < rows; i++) {
                vector.setNull(i);
            }
            return;
        }
        vector.setObject(0, value);
        if (vector instanceof LongVector longs) {
            Arrays.fill(longs.values(), 1, rows, longs.values()[0]);
        } else if (vector instanceof DoubleVector doubles) {
            Arrays.fill(doubles.values(), 1, rows, doubles.values()[0]);
        } else if (vector instanceof BooleanVector booleans) {
            Arrays.fill(booleans.values(), 1, rows, booleans.values()[0]);
        } else if (vector instanceof BinaryVector binaries) {
            Arrays.fill(binaries.values(), 1, rows, binaries.values()[0]);
        } else if (vector instanceof BigDecimalVector decimals) {
            Arrays.fill(decimals.values(), 1, rows, decimals.values()[0]);
        } else {
            Arrays.fill(((StringVector) vector).values(), 1, rows, ((StringVector) vector).values()[0]);
        }
    }
}
