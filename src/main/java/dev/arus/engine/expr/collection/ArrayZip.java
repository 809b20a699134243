package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import java.util.List;

/**
 * Spark's {@code zip_with(left, right, (x, y) -> f)}: the array of {@code f} of the elements at
 * each position, as long as the longer array, the shorter one's missing elements NULL; NULL when
 * either array is.
 */
final class ArrayZip extends BoundNode {

    private final BoundExpression left;
    private final BoundExpression right;
    private final BoundLambda function;
    private final CollectionElements leftElements;
    private final CollectionElements rightElements;
    private final ColumnVector leftPicked;
    private final ColumnVector rightPicked;
    private final ColumnVector[] arguments = new ColumnVector[2];
    private int[] rows = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] leftIndexes = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] rightIndexes = new int[ColumnarBatch.INITIAL_CAPACITY];

    private ArrayZip(BoundExpression left, BoundExpression right, BoundLambda function, String sql) {
        super(new ArrayType(function.dataType(), function.nullable()), left.nullable() || right.nullable(), sql);
        this.left = left;
        this.right = right;
        this.function = function;
        ArrayType leftType = (ArrayType) left.dataType();
        ArrayType rightType = (ArrayType) right.dataType();
        this.leftElements = new CollectionElements(leftType.elementType(), null);
        this.rightElements = new CollectionElements(rightType.elementType(), null);
        this.leftPicked = ColumnVector.allocate(leftType.elementType(), ColumnarBatch.INITIAL_CAPACITY);
        this.rightPicked = ColumnVector.allocate(rightType.elementType(), ColumnarBatch.INITIAL_CAPACITY);
    }

    static BoundExpression bind(ExpressionBinder binder, Expression.FunctionCall call) {
        BoundExpression left = HigherOrderFunctions.array(binder, call, 0);
        BoundExpression right = HigherOrderFunctions.array(binder, call, 1);
        BoundLambda function = BoundLambda.bind(binder, call.arguments().get(2), BoundLambda.parameters(
                ((ArrayType) left.dataType()).elementType(), true, ((ArrayType) right.dataType()).elementType(), true));
        return new ArrayZip(left, right, function,
                SqlText.function("zip_with", List.of(left.sql(), right.sql(), function.sql())));
    }

    @Override
    public ArrayVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ArrayVector lefts = (ArrayVector) left.evaluate(input, context);
        ArrayVector rights = (ArrayVector) right.evaluate(input, context);
        int size = input.size();
        leftElements.load(lefts, size);
        rightElements.load(rights, size);
        int count = 0;
        for (int row = 0; row < size; row++) {
            if (!lefts.isNull(row) && !rights.isNull(row)) {
                count += Math.max(leftElements.length(row), rightElements.length(row));
            }
        }
        if (rows.length < count) {
            rows = new int[ColumnarBatch.capacityFor(count)];
            leftIndexes = new int[rows.length];
            rightIndexes = new int[rows.length];
        }
        int j = 0;
        for (int row = 0; row < size; row++) {
            if (lefts.isNull(row) || rights.isNull(row)) {
                continue;
            }
            int leftLength = leftElements.length(row);
            int rightLength = rightElements.length(row);
            for (int p = 0; p < Math.max(leftLength, rightLength); p++, j++) {
                rows[j] = row;
                leftIndexes[j] = p < leftLength ? leftElements.offset(row) + p : -1;
                rightIndexes[j] = p < rightLength ? rightElements.offset(row) + p : -1;
            }
        }
        ColumnVector values = null;
        if (count > 0) {
            pick(leftElements.first(), leftIndexes, leftPicked, count);
            pick(rightElements.first(), rightIndexes, rightPicked, count);
            function.repeat(input, rows, count);
            arguments[0] = leftPicked;
            arguments[1] = rightPicked;
            values = function.evaluate(arguments, count, context);
        }
        ArrayVector result = output(size);
        for (int row = 0; row < size; row++) {
            if (lefts.isNull(row) || rights.isNull(row)) {
                result.setNull(row);
            } else {
                result.appendRow(row, Math.max(leftElements.length(row), rightElements.length(row)));
            }
        }
        if (values != null) {
            HigherOrderFunctions.copy(values, result.elements(), count);
        }
        return result;
    }

    /** The elements at {@code indexes}, NULL where the index is -1 (past the end of the shorter array). */
    private static void pick(ColumnVector elements, int[] indexes, ColumnVector picked, int count) {
        picked.resetNulls();
        picked.reserve(count);
        for (int j = 0; j < count; j++) {
            if (indexes[j] < 0) {
                picked.setNull(j);
            } else {
                elements.copyRow(indexes[j], picked, j);
            }
        }
    }
}
