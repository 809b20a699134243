package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.MapVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.TypeCoercion;
import dev.arus.engine.expr.logic.Comparison;
import java.util.List;

/**
 * {@code a[i]} and {@code m[k]}, Spark's {@code GetArrayItem} and {@code GetMapValue}: an array's
 * element at a 0-based index, which in ANSI mode must be within the array (INVALID_ARRAY_INDEX
 * otherwise), and a map's value for a key, NULL when the map has none (Spark 3.4+ returns NULL
 * there even in ANSI mode). The index is an integer; the key is cast to the map's key type.
 * Named {@code a[0]}, {@code m[k]}. Also the function {@code element_at(a, i)}, Spark's
 * {@code ElementAt}, whose index counts from 1, and from the end when negative; 0 is
 * INVALID_INDEX_OF_ZERO and beyond either end INVALID_ARRAY_INDEX_IN_ELEMENT_AT.
 */
public final class ElementAt extends BoundNode {

    private final BoundExpression collection;
    private final BoundExpression index;
    private final boolean isMap;
    private final boolean oneBased;

    private ElementAt(BoundExpression collection, BoundExpression index, DataType type, boolean oneBased,
            String sql) {
        super(type, true, sql);
        this.collection = collection;
        this.index = index;
        this.isMap = collection.dataType() instanceof MapType;
        this.oneBased = oneBased;
    }

    public static BoundExpression bind(ExpressionBinder binder, Expression.Subscript subscript) {
        BoundExpression collection = binder.bind(subscript.child());
        BoundExpression index = binder.bind(subscript.index());
        String sql = collection.sql() + "[" + index.sql() + "]";
        if (collection.dataType() instanceof ArrayType || collection.dataType() instanceof MapType) {
            return bind(binder, collection, index, InputType.INTEGRAL, false, sql, subscript.position());
        }
        throw binder.error("INVALID_EXTRACT_BASE_FIELD_TYPE", "Can't extract a value from \"" + collection.sql()
                + "\". Need a complex type [STRUCT, ARRAY, MAP] but got \"" + collection.dataType().sql() + "\".",
                subscript.position());
    }

    /** {@code element_at(a, i)}: Spark casts the index to INT. */
    static BoundExpression bindFunction(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("element_at", arguments);
        BoundExpression collection = arguments.get(0);
        if (!(collection.dataType() instanceof ArrayType || collection.dataType() instanceof MapType)) {
            throw binder.unexpectedType(sql, call.position(), "first", "(\"ARRAY\" or \"MAP\")", collection);
        }
        return bind(binder, collection, arguments.get(1), InputType.of(AtomicType.INT), true, sql, call.position());
    }

    private static BoundExpression bind(ExpressionBinder binder, BoundExpression collection, BoundExpression index,
            InputType ordinalType, boolean oneBased, String sql, int position) {
        if (collection.dataType() instanceof ArrayType array) {
            BoundExpression ordinal = binder.require(sql, position, "second", index, ordinalType);
            return new ElementAt(collection, TypeCoercion.implicitCast(ordinal, AtomicType.LONG),
                    array.elementType(), oneBased, sql);
        }
        MapType map = (MapType) collection.dataType();
        BoundExpression key = binder.require(sql, position, "second", index, InputType.of(map.keyType()));
        return new ElementAt(collection, key, map.valueType(), oneBased, sql);
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
                long at = ((LongVector) keys).values()[i];
                arrayElement((ArrayVector) collections, oneBased ? zeroBased(at, collections, i) : at, i, result);
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

    /** The 0-based index of {@code element_at}'s 1-based or from-the-end {@code index}. */
    private static long zeroBased(long index, ColumnVector arrays, int row) {
        int length = ((ArrayVector) arrays).length(row);
        if (index == 0) {
            throw EvaluationException.invalidIndexOfZero();
        }
        if (Math.abs(index) > length) {
            throw EvaluationException.invalidElementAtIndex(index, length);
        }
        return index > 0 ? index - 1 : length + index;
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
