package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import java.util.List;

/**
 * Spark's {@code exists(array, x -> p)} and {@code forall(array, x -> p)}, in three-valued logic:
 * {@code exists} is true if {@code p} is true for an element, else NULL if it is NULL for one,
 * else false; {@code forall} is false if {@code p} is false for one, else NULL if NULL for one,
 * else true; both NULL for a NULL array. Spark stops at the element that decides; the lambda
 * first runs over every element at once, and only if that fails are the elements taken position
 * by position, for the rows still undecided, so that an element after the deciding one raises
 * no error, as in Spark.
 */
final class ArrayMatch extends BoundNode {

    private final boolean any;
    private final BoundExpression array;
    private final BoundLambda predicate;
    private final CollectionElements elements;
    private final ColumnVector[] arguments = new ColumnVector[1];
    private final ColumnVector picked;
    private int[] rows = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] indexes = new int[ColumnarBatch.INITIAL_CAPACITY];

    private ArrayMatch(boolean any, BoundExpression array, BoundLambda predicate, String sql) {
        super(AtomicType.BOOLEAN, array.nullable() || predicate.nullable(), sql);
        this.any = any;
        this.array = array;
        this.predicate = predicate;
        ArrayType type = (ArrayType) array.dataType();
        this.elements = new CollectionElements(type.elementType(), null);
        this.picked = ColumnVector.allocate(type.elementType(), ColumnarBatch.INITIAL_CAPACITY);
    }

    static BoundExpression bindExists(ExpressionBinder binder, Expression.FunctionCall call) {
        return bind(true, binder, call);
    }

    static BoundExpression bindForall(ExpressionBinder binder, Expression.FunctionCall call) {
        return bind(false, binder, call);
    }

    private static BoundExpression bind(boolean any, ExpressionBinder binder, Expression.FunctionCall call) {
        BoundExpression array = HigherOrderFunctions.array(binder, call, 0);
        ArrayType type = (ArrayType) array.dataType();
        BoundLambda predicate = BoundLambda.bind(binder, call.arguments().get(1),
                BoundLambda.parameters(type.elementType(), type.containsNull()));
        String sql = SqlText.function(any ? "exists" : "forall", List.of(array.sql(), predicate.sql()));
        if (predicate.dataType() != AtomicType.BOOLEAN) {
            throw predicate.wrongType(binder, sql, "second", "\"BOOLEAN\"", call.position());
        }
        return new ArrayMatch(any, array, predicate, sql);
    }

    @Override
    public BooleanVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ArrayVector arrays = (ArrayVector) array.evaluate(input, context);
        int size = input.size();
        elements.load(arrays, size);
        BooleanVector result = output(size);
        int count = elements.count();
        BooleanVector answers = null;
        if (count > 0) {
            try {
                predicate.repeat(input, elements.rows(), count);
                arguments[0] = elements.first();
                answers = (BooleanVector) predicate.evaluate(arguments, count, context);
            } catch (EvaluationException e) {
                decideByPosition(input, arrays, result, context);
                return result;
            }
        }
        boolean[] out = result.values();
        for (int row = 0; row < size; row++) {
            if (arrays.isNull(row)) {
                result.setNull(row);
                continue;
            }
            boolean sawNull = false;
            boolean decided = false;
            for (int j = elements.offset(row), end = j + elements.length(row); j < end && !decided; j++) {
                if (answers.isNull(j)) {
                    sawNull = true;
                } else {
                    decided = answers.values()[j] == any;
                }
            }
            settle(result, out, row, decided, sawNull);
        }
        return result;
    }

    /** Spark's order: the elements at one position of every undecided row, position after position. */
    private void decideByPosition(ColumnarBatch input, ArrayVector arrays, BooleanVector result,
            EvaluationContext context) {
        int size = input.size();
        boolean[] out = result.values();
        boolean[] decided = new boolean[size];
        boolean[] sawNull = new boolean[size];
        if (rows.length < size) {
            rows = new int[ColumnarBatch.capacityFor(size)];
            indexes = new int[rows.length];
        }
        for (int position = 0; ; position++) {
            int active = 0;
            for (int row = 0; row < size; row++) {
                if (!arrays.isNull(row) && !decided[row] && elements.length(row) > position) {
                    rows[active] = row;
                    indexes[active++] = elements.offset(row) + position;
                }
            }
            if (active == 0) {
                break;
            }
            picked.resetNulls();
            picked.reserve(active);
            picked.gather(elements.first(), indexes, active, 0);
            predicate.repeat(input, rows, active);
            arguments[0] = picked;
            BooleanVector answers = (BooleanVector) predicate.evaluate(arguments, active, context);
            for (int k = 0; k < active; k++) {
                if (answers.isNull(k)) {
                    sawNull[rows[k]] = true;
                } else {
                    decided[rows[k]] = answers.values()[k] == any;
                }
            }
        }
        for (int row = 0; row < size; row++) {
            if (arrays.isNull(row)) {
                result.setNull(row);
            } else {
                settle(result, out, row, decided[row], sawNull[row]);
            }
        }
    }

    private void settle(BooleanVector result, boolean[] out, int row, boolean decided, boolean sawNull) {
        if (decided) {
            out[row] = any;
        } else if (sawNull) {
            result.setNull(row);
        } else {
            out[row] = !any;
        }
    }
}
