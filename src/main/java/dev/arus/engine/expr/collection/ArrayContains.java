package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.RowwiseFunction;
import dev.arus.engine.expr.bind.TypeCoercion;
import dev.arus.engine.expr.logic.Comparison;
import java.util.List;

/**
 * Spark's {@code array_contains(arr, value)}: true when an element equals the value; NULL when
 * the array or the value is NULL, or when no element equals it but one is NULL (it might have),
 * as SQL's three-valued IN. The value is cast to the element type when that type holds it;
 * integers of any width compare as they are.
 */
final class ArrayContains extends RowwiseFunction {

    private ArrayContains(List<BoundExpression> arguments, String sql) {
        super(AtomicType.BOOLEAN, true, arguments, sql);
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("array_contains", arguments);
        BoundExpression array = arguments.get(0);
        BoundExpression value = arguments.get(1);
        if (value.dataType() == AtomicType.NULL) {
            throw binder.mismatch("NULL_TYPE", sql, "Null typed values cannot be used as arguments of"
                    + " `array_contains`.", call.position());
        }
        if (array.dataType() instanceof ArrayType arrayType) {
            DataType element = arrayType.elementType();
            DataType common = TypeCoercion.tightestCommonType(element, value.dataType());
            if (element.isIntegral() && value.dataType().isIntegral()) {
                return new ArrayContains(List.of(array, value), sql);
            }
            if (element.equals(common)) {
                return new ArrayContains(List.of(array, TypeCoercion.implicitCast(value, element)), sql);
            }
        }
        throw binder.mismatch("ARRAY_FUNCTION_DIFF_TYPES", sql, "Input to `array_contains` should have been"
                + " \"ARRAY\" followed by a value with same element type, but it's [\""
                + array.dataType().sql() + "\", \"" + value.dataType().sql() + "\"].", call.position());
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        ArrayVector arrays = (ArrayVector) arguments[0];
        ColumnVector elements = arrays.elements();
        boolean sawNull = false;
        for (int e = arrays.start(row); e < arrays.start(row) + arrays.length(row); e++) {
            if (elements.isNull(e)) {
                sawNull = true;
            } else if (Comparison.compareRows(elements, e, arguments[1], row) == 0) {
                ((BooleanVector) result).values()[row] = true;
                return;
            }
        }
        if (sawNull) {
            result.setNull(row);
        } else {
            ((BooleanVector) result).values()[row] = false;
        }
    }
}
