package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.MapVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.RowwiseFunction;
import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;

/**
 * Spark's {@code size} ({@code cardinality}): the number of elements of an array or entries of a
 * map. NULL for NULL: Spark's legacy -1 ({@code spark.sql.legacy.sizeOfNull}) is off in ANSI mode.
 */
final class CollectionSize extends RowwiseFunction {

    private CollectionSize(List<BoundExpression> arguments, String sql) {
        super(AtomicType.INT, arguments, sql);
    }

    static ScalarFunction.Binding binding(String name) {
        return (call, arguments, binder) -> {
            String sql = FunctionBinder.sql(name, arguments);
            BoundExpression collection = arguments.get(0);
            if (!(collection.dataType() instanceof ArrayType || collection.dataType() instanceof MapType
                    || collection.dataType() == AtomicType.NULL)) {
                throw binder.unexpectedType(sql, call.position(), "first", "(\"ARRAY\" or \"MAP\")", collection);
            }
            return new CollectionSize(arguments, sql);
        };
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        ColumnVector collection = arguments[0];
        setInteger(result, row, collection instanceof ArrayVector array ? array.length(row)
                : ((MapVector) collection).length(row));
    }
}
