package dev.arus.engine.expr;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.MapVector;

/**
 * {@code a[i]} and {@code m[k]}, Spark's {@code GetArrayItem} and {@code GetMapValue}: an array's
 * element at a 0-based index, which in ANSI mode must be within the array (INVALID_ARRAY_INDEX
 * otherwise), and a map's value for a key, NULL when the map has none (Spark 3.4+ returns NULL
 * there even in ANSI mode). The index is an integer; the key is cast to the map's key type.
 * Named {@code a[0]}, {@code m[k]}.
 */
final class ElementAt extends BoundNode {

    private final BoundExpression collection;
    private final BoundExpression index;
    private final boolean isMap;

    private ElementAt(BoundExpression collection, BoundExpression index, DataType type, String sql) {
        super(type, true, sql);
        this.collection = collection;
        this.index = index;
        this.isMap = collection.dataType() instanceof MapType;
    }

    static BoundExpression bind(ExpressionBinder binder, Expression.Subscript subscript) {
        BoundExpression collection = binder.bind(subscript.child());
        BoundExpression index = binder.bind(subscript.index());
        String sql = collection.sql() + "[" + index.sql() + "]";
        if (collection.dataType() instanceof ArrayType array) {
            BoundExpression ordinal = binder.require(sql, subscript.position(), "second", index, InputType.INTEGRAL);
            return new ElementAt(collection, TypeCoercion.implicitCast(ordinal, AtomicType.LONG),
                    array.elementType(), sql);
        }
        if (collection.dataType() instanceof MapType map) {
            BoundExpression key = binder.require(sql, subscript.position(), "second", index,
                    InputType.of(map.keyType()));
            return new ElementAt(collection, key, map.valueType(), sql);
        }
        throw binder.error("INVALID_EXTRACT_BASE_FIELD_TYPE", "Can't extract a value from \"" + collection.sql()
                + "\". Need a complex type [STRUCT, ARRAY, MAP] but got \"" + collection.dataType().sql() + "\".",
                subscript.position());
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector collections = collection.evaluate(input, context);
        ColumnVector keys = index.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        for (int i = 0; i < size; i++) {
            if (collections.isNull(i) || keys.isNull(i)) {
                result.setNull(i);
            } else if (isMap) {
                mapValue((MapVector) collections, keys, i, result);
            } else {
                arrayElement((ArrayVector) collections, ((LongVector) keys).values()[i], i, result);
            }
        }
        return result;
    }

    private static void arrayElement(ArrayVector arrays, long index, int row, ColumnVector result) {
        int length = arrays.length(row);
        if (index < 0 || index >= length) {
            throw EvaluationException.invalidArrayIndex(index, length);
        }
        arrays.elements().copyRow(arrays.start(row) + (int) index, result, row);
    }

    private static void mapValue(MapVector maps, ColumnVector keys, int row, ColumnVector result) {
        int start = maps.start(row);
        for (int entry = start; entry < start + maps.length(row); entry++) {
            if (Comparison.compareRows(maps.keys(), entry, keys, row) == 0) {
                maps.values().copyRow(entry, result, row);
                return;
            }
        }
        result.setNull(row);
    }
}
