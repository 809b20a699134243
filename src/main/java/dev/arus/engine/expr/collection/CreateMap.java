package dev.arus.engine.expr.collection;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.MapVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.ValueText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import dev.arus.engine.expr.logic.Comparison;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Spark's {@code map(k1, v1, k2, v2, ...)}: a map of the keys and values, each side of its wider
 * common type, never NULL itself. As Spark's default {@code spark.sql.mapKeyDedupPolicy=EXCEPTION},
 * a NULL key fails the query (NULL_MAP_KEY) and so does a key given twice (DUPLICATED_MAP_KEY).
 * {@code map()} is an empty {@code map<void,void>}. Named {@code map(a, 1)}.
 */
final class CreateMap extends BoundNode {

    private final BoundExpression[] keys;
    private final BoundExpression[] values;
    private final ColumnVector[] keyVectors;
    private final ColumnVector[] valueVectors;

    private CreateMap(MapType type, List<BoundExpression> keys, List<BoundExpression> values, String sql) {
        super(type, false, sql);
        this.keys = keys.toArray(BoundExpression[]::new);
        this.values = values.toArray(BoundExpression[]::new);
        this.keyVectors = new ColumnVector[this.keys.length];
        this.valueVectors = new ColumnVector[this.values.length];
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        if (arguments.size() % 2 != 0) {
            throw FunctionBinder.wrongNumberOfArguments(binder, call, "2n (n > 0)");
        }
        String sql = FunctionBinder.sql("map", arguments);
        List<BoundExpression> keys = new ArrayList<>();
        List<BoundExpression> values = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i += 2) {
            keys.add(arguments.get(i));
            values.add(arguments.get(i + 1));
        }
        DataType keyType = sideType(binder, call, keys, sql, "keys");
        DataType valueType = sideType(binder, call, values, sql, "values");
        if (keyType instanceof MapType) {
            throw binder.mismatch("INVALID_MAP_KEY_TYPE", sql, "The input of `map` can't be \""
                    + keyType.sql() + "\" type data.", call.position());
        }
        MapType type = new MapType(keyType, valueType, values.stream().anyMatch(BoundExpression::nullable));
        return new CreateMap(type, keys.stream().map(k -> TypeCoercion.implicitCast(k, keyType)).toList(),
                values.stream().map(v -> TypeCoercion.implicitCast(v, valueType)).toList(), sql);
    }

    /** Spark's MAP_KEY_DIFF_TYPES or MAP_VALUE_DIFF_TYPES when one side has no common type. */
    private static DataType sideType(ExpressionBinder binder, Expression.FunctionCall call,
            List<BoundExpression> side, String sql, String word) {
        if (side.isEmpty()) {
            return AtomicType.NULL;
        }
        DataType type = TypeCoercion.widerCommonType(side.stream().map(BoundExpression::dataType).toList());
        if (type == null) {
            String subclass = word.equals("keys") ? "CREATE_MAP_KEY_DIFF_TYPES" : "CREATE_MAP_VALUE_DIFF_TYPES";
            throw binder.mismatch(subclass, sql, "The given " + word + " of function `map` should all be the same"
                    + " type, but they are " + ExpressionBinder.TypeListing.LIST.of(side) + ".", call.position());
        }
        return type;
    }

    @Override
    public MapVector evaluate(ColumnarBatch input, EvaluationContext context) {
        for (int k = 0; k < keys.length; k++) {
            keyVectors[k] = keys[k].evaluate(input, context);
            valueVectors[k] = values[k].evaluate(input, context);
        }
        int size = input.size();
        MapVector result = output(size);
        for (int i = 0; i < size; i++) {
            int start = result.appendRow(i, keys.length);
            for (int k = 0; k < keys.length; k++) {
                if (keyVectors[k].isNull(i)) {
                    throw EvaluationException.nullMapKey();
                }
                keyVectors[k].copyRow(i, result.keys(), start + k);
                valueVectors[k].copyRow(i, result.values(), start + k);
                for (int earlier = start; earlier < start + k; earlier++) {
                    if (Comparison.compareRows(result.keys(), earlier, result.keys(), start + k) == 0) {
                        throw EvaluationException.duplicatedMapKey(ValueText.of(result.keys().getObject(earlier),
                                result.keys().type(), ZoneOffset.UTC));
                    }
                }
            }
        }
        return result;
    }
}
