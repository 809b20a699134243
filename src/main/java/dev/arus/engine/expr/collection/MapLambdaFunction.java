package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.MapVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.ValueText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.logic.Comparison;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Spark's functions of a map's entries, {@code (k, v) -> f}: {@code map_filter} keeps the entries
 * for which {@code f} is true, {@code transform_values} makes {@code f} each entry's value and
 * {@code transform_keys} its key (a NULL key raising NULL_MAP_KEY and a key made twice
 * DUPLICATED_MAP_KEY, under Spark's default {@code spark.sql.mapKeyDedupPolicy}). NULL for a
 * NULL map.
 */
final class MapLambdaFunction extends BoundNode {

    enum Kind { FILTER, TRANSFORM_KEYS, TRANSFORM_VALUES }

    private final Kind kind;
    private final BoundExpression map;
    private final BoundLambda function;
    private final CollectionElements entries;
    private final ColumnVector[] arguments = new ColumnVector[2];

    private MapLambdaFunction(Kind kind, BoundExpression map, BoundLambda function, DataType type, String sql) {
        super(type, map.nullable(), sql);
        this.kind = kind;
        this.map = map;
        this.function = function;
        MapType mapType = (MapType) map.dataType();
        this.entries = new CollectionElements(mapType.keyType(), mapType.valueType());
    }

    static BoundExpression bindFilter(ExpressionBinder binder, Expression.FunctionCall call) {
        return bind(Kind.FILTER, "map_filter", binder, call);
    }

    static BoundExpression bindTransformKeys(ExpressionBinder binder, Expression.FunctionCall call) {
        return bind(Kind.TRANSFORM_KEYS, "transform_keys", binder, call);
    }

    static BoundExpression bindTransformValues(ExpressionBinder binder, Expression.FunctionCall call) {
        return bind(Kind.TRANSFORM_VALUES, "transform_values", binder, call);
    }

    private static BoundExpression bind(Kind kind, String name, ExpressionBinder binder,
            Expression.FunctionCall call) {
        BoundExpression map = HigherOrderFunctions.map(binder, call, 0);
        MapType type = (MapType) map.dataType();
        BoundLambda function = BoundLambda.bind(binder, call.arguments().get(1),
                BoundLambda.parameters(type.keyType(), false, type.valueType(), type.valueContainsNull()));
        String sql = SqlText.function(name, List.of(map.sql(), function.sql()));
        DataType result = switch (kind) {
            case FILTER -> {
                if (function.dataType() != AtomicType.BOOLEAN) {
                    throw function.wrongType(binder, sql, "second", "\"BOOLEAN\"", call.position());
                }
                yield type;
            }
            case TRANSFORM_KEYS -> {
                if (containsMap(function.dataType())) {
                    throw binder.mismatch("INVALID_MAP_KEY_TYPE", sql, "The key of map cannot be/contain \""
                            + function.dataType().sql() + "\".", call.position());
                }
                yield new MapType(function.dataType(), type.valueType(), type.valueContainsNull());
            }
            case TRANSFORM_VALUES -> new MapType(type.keyType(), function.dataType(), function.nullable());
        };
        return new MapLambdaFunction(kind, map, function, result, sql);
    }

    private static boolean containsMap(DataType type) {
        if (type instanceof MapType) {
            return true;
        }
        if (type instanceof ArrayType array) {
            return containsMap(array.elementType());
        }
        return type instanceof StructType struct && struct.fields().stream().anyMatch(f -> containsMap(f.type()));
    }

    @Override
    public MapVector evaluate(ColumnarBatch input, EvaluationContext context) {
        MapVector maps = (MapVector) map.evaluate(input, context);
        int size = input.size();
        entries.load(maps, size);
        int count = entries.count();
        ColumnVector values = null;
        if (count > 0) {
            function.repeat(input, entries.rows(), count);
            arguments[0] = entries.first();
            arguments[1] = entries.second();
            values = function.evaluate(arguments, count, context);
        }
        MapVector result = output(size);
        for (int row = 0; row < size; row++) {
            if (maps.isNull(row)) {
                result.setNull(row);
            } else if (kind == Kind.FILTER) {
                keep(result, row, (BooleanVector) values);
            } else {
                transform(result, row, values);
            }
        }
        return result;
    }

    private void keep(MapVector result, int row, BooleanVector kept) {
        int from = entries.offset(row);
        int to = from + entries.length(row);
        int length = 0;
        for (int j = from; j < to; j++) {
            length += !kept.isNull(j) && kept.values()[j] ? 1 : 0;
        }
        int at = result.appendRow(row, length);
        for (int j = from; j < to; j++) {
            if (!kept.isNull(j) && kept.values()[j]) {
                entries.first().copyRow(j, result.keys(), at);
                entries.second().copyRow(j, result.values(), at++);
            }
        }
    }

    private void transform(MapVector result, int row, ColumnVector made) {
        int from = entries.offset(row);
        int length = entries.length(row);
        int at = result.appendRow(row, length);
        ColumnVector keys = kind == Kind.TRANSFORM_KEYS ? made : entries.first();
        ColumnVector values = kind == Kind.TRANSFORM_VALUES ? made : entries.second();
        for (int k = 0; k < length; k++) {
            if (keys.isNull(from + k)) {
                throw EvaluationException.nullMapKey();
            }
            keys.copyRow(from + k, result.keys(), at + k);
            values.copyRow(from + k, result.values(), at + k);
            if (kind == Kind.TRANSFORM_KEYS) {
                for (int earlier = at; earlier < at + k; earlier++) {
                    if (Comparison.compareRows(result.keys(), earlier, result.keys(), at + k) == 0) {
                        throw EvaluationException.duplicatedMapKey(ValueText.of(result.keys().getObject(earlier),
                                result.keys().type(), ZoneOffset.UTC));
                    }
                }
            }
        }
    }
}
