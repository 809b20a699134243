package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.logic.Comparison;
import dev.arus.engine.expr.numeric.DecimalMath;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Spark's {@code array_sort(array[, (left, right) -> comparison])}: the elements sorted with
 * {@code java.util.Arrays.sort} (a stable merge sort, so equal elements keep their order) by the
 * comparator, which gives a negative INT, 0 or a positive INT and must not give NULL
 * (COMPARATOR_RETURNS_NULL). Without one, Spark's default comparator: ascending, NULLs last; its
 * lambda names the column as in Spark, and since it is a total order the sort takes it directly
 * from the values. A comparator runs once per comparison, over one pair of elements, as Spark's.
 */
final class ArraySort extends BoundNode {

    private final BoundExpression array;
    private final BoundLambda comparator;
    private final boolean natural;
    private final CollectionElements elements;
    private final ColumnVector leftElement;
    private final ColumnVector rightElement;
    private final ColumnVector[] arguments = new ColumnVector[2];
    private final int[] row = new int[1];
    private Integer[] order = new Integer[0];

    private ArraySort(BoundExpression array, BoundLambda comparator, boolean natural, String sql) {
        super(array.dataType(), array.nullable(), sql);
        this.array = array;
        this.comparator = comparator;
        DataType elementType = ((ArrayType) array.dataType()).elementType();
        this.natural = natural && !elementType.isComplex();
        this.elements = new CollectionElements(elementType, null);
        this.leftElement = ColumnVector.allocate(elementType, ColumnarBatch.INITIAL_CAPACITY);
        this.rightElement = ColumnVector.allocate(elementType, ColumnarBatch.INITIAL_CAPACITY);
    }

    static BoundExpression bind(ExpressionBinder binder, FunctionCall call) {
        BoundExpression array = HigherOrderFunctions.array(binder, call, 0);
        ArrayType type = (ArrayType) array.dataType();
        boolean natural = call.arguments().size() == 1;
        Expression given = natural ? defaultComparator(call.position()) : call.arguments().get(1);
        BoundLambda comparator = BoundLambda.bind(binder, given, BoundLambda.parameters(type.elementType(),
                type.containsNull(), type.elementType(), type.containsNull()));
        String sql = SqlText.function("array_sort", List.of(array.sql(), comparator.sql()));
        if (comparator.dataType() != AtomicType.INT) {
            throw binder.mismatch("UNEXPECTED_RETURN_TYPE", sql, "The `lambdafunction` requires return \"INT\" type,"
                    + " but the actual is \"" + comparator.dataType().sql() + "\" type.", call.position());
        }
        return new ArraySort(array, comparator, natural, sql);
    }

    /**
     * Spark's {@code ArraySort.defaultComparator}: {@code IF(left IS NULL AND right IS NULL, 0,
     * IF(left IS NULL, 1, IF(right IS NULL, -1, IF(left < right, -1, IF(left > right, 1, 0)))))}.
     */
    private static Expression defaultComparator(int at) {
        Expression left = new Expression.ColumnReference(List.of("left"), at);
        Expression right = new Expression.ColumnReference(List.of("right"), at);
        Expression ordered = choose(new Expression.Binary(BinaryOperator.LESS_THAN, left, right, at), -1,
                choose(new Expression.Binary(BinaryOperator.GREATER_THAN, left, right, at), 1, number(0, at), at), at);
        Expression body = choose(new Expression.Binary(BinaryOperator.AND, new Expression.IsNull(left, false, at),
                new Expression.IsNull(right, false, at), at), 0, choose(new Expression.IsNull(left, false, at), 1,
                choose(new Expression.IsNull(right, false, at), -1, ordered, at), at), at);
        return new Expression.Lambda(List.of("left", "right"), body, at);
    }

    private static Expression choose(Expression condition, int value, Expression otherwise, int at) {
        return new Expression.FunctionCall("if", List.of(condition, number(value, at), otherwise), false, at);
    }

    private static Expression number(int value, int at) {
        return Expression.Literal.of(value, at);
    }

    @Override
    public ArrayVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ArrayVector arrays = (ArrayVector) array.evaluate(input, context);
        int size = input.size();
        elements.load(arrays, size);
        ArrayVector result = output(size);
        ColumnVector values = elements.first();
        for (int r = 0; r < size; r++) {
            if (arrays.isNull(r)) {
                result.setNull(r);
                continue;
            }
            int from = elements.offset(r);
            int length = elements.length(r);
            Integer[] sorted = sort(input, r, from, length, context);
            int at = result.appendRow(r, length);
            for (int k = 0; k < length; k++) {
                values.copyRow(from + sorted[k], result.elements(), at + k);
            }
        }
        return result;
    }

    /** The positions of row {@code r}'s elements in sorted order, in a buffer reused from row to row. */
    private Integer[] sort(ColumnarBatch input, int r, int from, int length, EvaluationContext context) {
        if (order.length < length) {
            order = new Integer[ColumnarBatch.capacityFor(length)];
        }
        for (int k = 0; k < length; k++) {
            order[k] = k;
        }
        ColumnVector values = elements.first();
        if (values.type() == AtomicType.NULL) {
            return order;
        }
        Comparator<Integer> comparison;
        if (natural) {
            comparison = (a, b) -> {
                boolean leftNull = values.isNull(from + a);
                boolean rightNull = values.isNull(from + b);
                if (leftNull || rightNull) {
                    return leftNull && rightNull ? 0 : leftNull ? 1 : -1;
                }
                return Integer.signum(Comparison.compareRows(values, from + a, values, from + b));
            };
        } else {
            row[0] = r;
            comparator.repeat(input, row, 1);
            comparison = (a, b) -> compare(values, from + a, from + b, context);
        }
        Arrays.sort(order, 0, length, comparison);
        return order;
    }

    private int compare(ColumnVector values, int left, int right, EvaluationContext context) {
        leftElement.resetNulls();
        rightElement.resetNulls();
        values.copyRow(left, leftElement, 0);
        values.copyRow(right, rightElement, 0);
        arguments[0] = leftElement;
        arguments[1] = rightElement;
        LongVector answer = (LongVector) comparator.evaluate(arguments, 1, context);
        if (answer.isNull(0)) {
            // Spark names the first element twice
            String first = internalText(values, left);
            throw EvaluationException.comparatorReturnsNull(first, first);
        }
        return (int) answer.values()[0];
    }

    /** A value as Spark's internal one prints ({@code Object.toString}): a date as its day number. */
    private static String internalText(ColumnVector values, int row) {
        if (values.isNull(row)) {
            return "null";
        }
        if (values instanceof StringVector strings) {
            return strings.values()[row];
        }
        if (values instanceof DoubleVector doubles) {
            double value = doubles.values()[row];
            return values.type() == AtomicType.FLOAT ? Float.toString((float) value) : Double.toString(value);
        }
        if (values instanceof BooleanVector booleans) {
            return Boolean.toString(booleans.values()[row]);
        }
        if (values.type() instanceof DecimalType decimal) {
            return DecimalMath.read(values, row, decimal).toPlainString();
        }
        if (values instanceof LongVector longs) {
            return Long.toString(longs.values()[row]);
        }
        return String.valueOf(values.getObject(row));
    }
}
