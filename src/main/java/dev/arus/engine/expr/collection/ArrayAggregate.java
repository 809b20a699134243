package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SelectiveEvaluation;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import java.util.List;

/**
 * Spark's {@code aggregate(array, zero, (acc, x) -> merge[, acc -> finish])}, also called
 * {@code reduce}: the state starts at {@code zero} and takes {@code merge} of itself and each
 * element in turn; the result is {@code finish} of the last state (the state itself when there is
 * no finish). NULL for a NULL array, whose {@code zero} is not evaluated. {@code merge} must give
 * the state's type. Each step is one evaluation of {@code merge} over the element at that
 * position of every row long enough: vectorised across rows, sequential along each array.
 */
final class ArrayAggregate extends BoundNode {

    private final BoundExpression array;
    private final SelectiveEvaluation zero;
    private final BoundLambda merge;
    private final BoundLambda finish;
    private final CollectionElements elements;
    private final ColumnVector states;
    private final ColumnVector stateCopies;
    private final ColumnVector picked;
    private final ColumnVector[] mergeArguments = new ColumnVector[2];
    private final ColumnVector[] finishArguments = new ColumnVector[1];
    private boolean[] present = new boolean[0];
    private int[] rows = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] indexes = new int[ColumnarBatch.INITIAL_CAPACITY];

    private ArrayAggregate(BoundExpression array, BoundExpression zero, BoundLambda merge, BoundLambda finish,
            String sql) {
        super(finish.dataType(), array.nullable() || finish.nullable(), sql);
        this.array = array;
        this.zero = new SelectiveEvaluation(zero);
        this.merge = merge;
        this.finish = finish;
        DataType elementType = ((ArrayType) array.dataType()).elementType();
        this.elements = new CollectionElements(elementType, null);
        this.states = ColumnVector.allocate(zero.dataType(), ColumnarBatch.INITIAL_CAPACITY);
        this.stateCopies = ColumnVector.allocate(zero.dataType(), ColumnarBatch.INITIAL_CAPACITY);
        this.picked = ColumnVector.allocate(elementType, ColumnarBatch.INITIAL_CAPACITY);
    }

    static BoundExpression bind(ExpressionBinder binder, Expression.FunctionCall call) {
        BoundExpression array = HigherOrderFunctions.array(binder, call, 0);
        ArrayType type = (ArrayType) array.dataType();
        BoundExpression zero = binder.bind(call.arguments().get(1));
        DataType state = zero.dataType();
        BoundLambda merge = BoundLambda.bind(binder, call.arguments().get(2),
                BoundLambda.parameters(state, true, type.elementType(), type.containsNull()));
        Expression finishing = call.arguments().size() == 4 ? call.arguments().get(3) : identity(call.position());
        BoundLambda finish = BoundLambda.bind(binder, finishing, BoundLambda.parameters(state, true));
        String sql = SqlText.function(HigherOrderFunctions.name(call),
                List.of(array.sql(), zero.sql(), merge.sql(), finish.sql()));
        if (!sameShape(state, merge.dataType())) {
            throw merge.wrongType(binder, sql, "third", "\"" + state.sql() + "\"", call.position());
        }
        return new ArrayAggregate(array, zero, merge, finish, sql);
    }

    /** Spark's {@code LambdaFunction.identity}, the finish of a call that gives none. */
    private static Expression identity(int position) {
        return new Expression.Lambda(List.of("id"), new Expression.ColumnReference(List.of("id"), position),
                position);
    }

    /** Spark's {@code DataType.equalsStructurally} ignoring nullability: one shape, field names aside. */
    static boolean sameShape(DataType a, DataType b) {
        if (a instanceof StructType x && b instanceof StructType y) {
            if (x.fields().size() != y.fields().size()) {
                return false;
            }
            for (int i = 0; i < x.fields().size(); i++) {
                Field left = x.fields().get(i);
                if (!sameShape(left.type(), y.fields().get(i).type())) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof ArrayType x && b instanceof ArrayType y) {
            return sameShape(x.elementType(), y.elementType());
        }
        if (a instanceof MapType x && b instanceof MapType y) {
            return sameShape(x.keyType(), y.keyType()) && sameShape(x.valueType(), y.valueType());
        }
        return a.equals(b);
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ArrayVector arrays = (ArrayVector) array.evaluate(input, context);
        int size = input.size();
        elements.load(arrays, size);
        if (present.length < size) {
            present = new boolean[ColumnarBatch.capacityFor(size)];
            rows = new int[present.length];
            indexes = new int[present.length];
        }
        int longest = 0;
        for (int row = 0; row < size; row++) {
            present[row] = !arrays.isNull(row);
            longest = Math.max(longest, present[row] ? elements.length(row) : 0);
        }
        ColumnVector zeros = zero.evaluate(input, present, context);
        states.resetNulls();
        states.reserve(size);
        for (int row = 0; row < size; row++) {
            if (present[row]) {
                zeros.copyRow(row, states, row);
            }
        }
        for (int position = 0; position < longest; position++) {
            step(input, position, size, context);
        }
        return finish(input, size, context);
    }

    /** Merges the element at {@code position} into the state of every row that has one. */
    private void step(ColumnarBatch input, int position, int size, EvaluationContext context) {
        int active = 0;
        for (int row = 0; row < size; row++) {
            if (present[row] && elements.length(row) > position) {
                rows[active] = row;
                indexes[active++] = elements.offset(row) + position;
            }
        }
        picked.resetNulls();
        picked.reserve(active);
        picked.gather(elements.first(), indexes, active, 0);
        stateCopies.resetNulls();
        stateCopies.reserve(active);
        stateCopies.gather(states, rows, active, 0);
        merge.repeat(input, rows, active);
        mergeArguments[0] = stateCopies;
        mergeArguments[1] = picked;
        ColumnVector merged = merge.evaluate(mergeArguments, active, context);
        for (int k = 0; k < active; k++) {
            merged.copyRow(k, states, rows[k]);
        }
    }

    private ColumnVector finish(ColumnarBatch input, int size, EvaluationContext context) {
        int active = 0;
        for (int row = 0; row < size; row++) {
            if (present[row]) {
                rows[active++] = row;
            }
        }
        ColumnVector result = output(size);
        if (active < size) {
            for (int row = 0; row < size; row++) {
                if (!present[row]) {
                    result.setNull(row);
                }
            }
        }
        if (active == 0) {
            return result;
        }
        stateCopies.resetNulls();
        stateCopies.reserve(active);
        stateCopies.gather(states, rows, active, 0);
        finish.repeat(input, rows, active);
        finishArguments[0] = stateCopies;
        ColumnVector finished = finish.evaluate(finishArguments, active, context);
        for (int k = 0; k < active; k++) {
            finished.copyRow(k, result, rows[k]);
        }
        return result;
    }
}
