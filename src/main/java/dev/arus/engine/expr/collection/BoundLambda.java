package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.LambdaScope;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A lambda bound for a higher-order function, evaluated a chunk of elements at a time: its chunk
 * holds the enclosing expression's columns, repeated for each element (only those the body reads;
 * the others are NULL), then one column per parameter. The function fills the parameters, the
 * lambda repeats the columns of the rows the elements belong to and evaluates its body over all
 * of them at once. Spark names it {@code lambdafunction(body, namedlambdavariable(), ...)}.
 * Not thread-safe: one per node.
 */
final class BoundLambda {

    private final BoundExpression body;
    private final int[] repeated;
    private final ColumnarBatch chunk;
    private final ColumnVector[] copies;
    private final ColumnVector[] placeholders;
    private final int columns;
    private int placeholderRows;

    private BoundLambda(BoundExpression body, LambdaScope scope, ExpressionBinder inner) {
        this.body = body;
        this.repeated = scope.usedColumns();
        this.columns = scope.firstOrdinal();
        this.chunk = ColumnarBatch.allocate(inner.schema(), 0);
        this.copies = new ColumnVector[columns];
        for (int ordinal : repeated) {
            copies[ordinal] = chunk.column(ordinal);
        }
        this.placeholders = new ColumnVector[columns];
    }

    /**
     * Binds {@code argument}, a lambda of as many parameters as {@code parameters} or any other
     * expression (a hidden lambda, which cannot name them), with Spark's checks of the lambda.
     */
    static BoundLambda bind(ExpressionBinder binder, Expression argument, List<Field> parameters) {
        List<String> names = null;
        if (argument instanceof Expression.Lambda lambda) {
            names = lambda.parameters();
            if (names.size() != parameters.size()) {
                throw binder.error("INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH", "Invalid lambda function call."
                        + " A higher order function expects " + names.size() + " arguments, but got "
                        + parameters.size() + ".", lambda.position());
            }
            List<String> canonical = names.stream().map(name -> name.toLowerCase(Locale.ROOT)).toList();
            if (canonical.stream().distinct().count() < canonical.size()) {
                throw binder.error("INVALID_LAMBDA_FUNCTION_CALL.DUPLICATE_ARG_NAMES", "Invalid lambda function call."
                        + " The lambda function has duplicate arguments " + canonical.stream()
                        .map(name -> "`" + name + "`").collect(Collectors.joining(", ")) + ". Please, consider to"
                        + " rename the argument names or set \"spark.sql.caseSensitive\" to \"true\".",
                        lambda.position());
            }
        }
        ExpressionBinder inner = binder.inLambda(names, parameters);
        Expression body = argument instanceof Expression.Lambda lambda ? lambda.body() : argument;
        return new BoundLambda(inner.bind(body), inner.lambdaScope(), inner);
    }

    /** The parameters of a function's lambda: each a type and whether it may be NULL, as Spark binds them. */
    static List<Field> parameters(Object... typesAndNullability) {
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < typesAndNullability.length; i += 2) {
            fields.add(new Field("col" + i / 2, (DataType) typesAndNullability[i], (Boolean) typesAndNullability[i + 1]));
        }
        return fields;
    }

    DataType dataType() {
        return body.dataType();
    }

    boolean nullable() {
        return body.nullable();
    }

    /** Spark's SQL of the bound lambda: {@code lambdafunction((namedlambdavariable() + 1), namedlambdavariable())}. */
    String sql() {
        List<String> parts = new ArrayList<>();
        parts.add(body.sql());
        for (int k = columns; k < chunk.schema().size(); k++) {
            parts.add("namedlambdavariable()");
        }
        return SqlText.function("lambdafunction", parts);
    }

    /** The error of a lambda whose body is not of the type its function takes, in Spark's words. */
    AnalysisException wrongType(ExpressionBinder binder, String functionSql, String ordinal, String required,
            int position) {
        return binder.mismatch("UNEXPECTED_INPUT_TYPE", functionSql, "The " + ordinal + " parameter requires the "
                + required + " type, however \"" + sql() + "\" has the type \"" + dataType().sql() + "\".", position);
    }

    /**
     * Repeats, for {@code count} elements, the enclosing columns the body reads: element {@code j}
     * belongs to row {@code rows[j]} of {@code outer}. Called before {@link #evaluate}, once per
     * set of elements.
     */
    void repeat(ColumnarBatch outer, int[] rows, int count) {
        for (int ordinal : repeated) {
            ColumnVector copy = copies[ordinal];
            copy.resetNulls();
            copy.reserve(count);
            copy.gather(outer.column(ordinal), rows, count, 0);
        }
        if (placeholderRows < count) {
            fillPlaceholders(count);
        }
    }

    /**
     * The body's values for the elements {@link #repeat} prepared, the parameters holding their
     * values in the first {@code count} rows of {@code arguments}, in order. The result stays valid
     * until the next call.
     */
    ColumnVector evaluate(ColumnVector[] arguments, int count, EvaluationContext context) {
        for (int k = 0; k < arguments.length; k++) {
            chunk.setColumn(columns + k, arguments[k]);
        }
        chunk.setSize(count);
        return body.evaluate(chunk, context);
    }

    /** The columns the body does not read are all NULL, for whatever looks at every column (a retry of needed rows). */
    private void fillPlaceholders(int count) {
        int capacity = ColumnarBatch.capacityFor(count);
        for (int ordinal = 0; ordinal < columns; ordinal++) {
            if (copies[ordinal] == null) {
                if (placeholders[ordinal] == null || placeholders[ordinal].capacity() < capacity) {
                    placeholders[ordinal] = ColumnVector.allocate(chunk.schema().field(ordinal).type(), capacity);
                    for (int i = 0; i < capacity; i++) {
                        placeholders[ordinal].setNull(i);
                    }
                }
                chunk.setColumn(ordinal, placeholders[ordinal]);
            }
        }
        placeholderRows = capacity;
    }
}
