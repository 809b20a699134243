package dev.arus.engine.expr.string;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.HashFunction;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import java.util.Arrays;
import java.util.List;

/**
 * {@code hash(a, b, ...)} and {@code xxhash64(a, b, ...)}: Spark's {@code HashExpression}, which
 * starts from seed 42 and folds each argument's value into the running hash as
 * {@link HashFunction#fold} lays it out. Maps are refused, as Spark refuses them.
 */
final class RowHash extends BoundNode {

    private static final long SEED = 42;

    private final HashFunction algorithm;
    private final BoundExpression[] arguments;

    private RowHash(HashFunction algorithm, List<BoundExpression> arguments, String sql) {
        super(algorithm == HashFunction.MURMUR3 ? AtomicType.INT : AtomicType.LONG, false, sql);
        this.algorithm = algorithm;
        this.arguments = arguments.toArray(BoundExpression[]::new);
    }

    static BoundExpression bindHash(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind("hash", HashFunction.MURMUR3, call, arguments, binder);
    }

    static BoundExpression bindXxHash64(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind("xxhash64", HashFunction.XXHASH64, call, arguments, binder);
    }

    private static BoundExpression bind(String name, HashFunction algorithm, Expression.FunctionCall call,
            List<BoundExpression> arguments, ExpressionBinder binder) {
        String sql = FunctionBinder.sql(name, arguments);
        if (arguments.isEmpty()) {
            throw binder.mismatch("WRONG_NUM_ARGS", sql, "The `" + name + "` requires > 0 parameters but the actual"
                    + " number is 0.", call.position());
        }
        for (BoundExpression argument : arguments) {
            if (containsMap(argument.dataType())) {
                throw binder.mismatch("HASH_MAP_TYPE", sql, "Input to the function `" + name + "` cannot contain"
                        + " elements of the \"MAP\" type. In Spark, same maps may have different hashcode, thus hash"
                        + " expressions are prohibited on \"MAP\" elements. To restore previous behavior set"
                        + " \"spark.sql.legacy.allowHashOnMapType\" to \"true\".", call.position());
            }
        }
        return new RowHash(algorithm, arguments, sql);
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
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        LongVector result = output(size);
        long[] hashes = result.values();
        Arrays.fill(hashes, 0, size, SEED);
        for (BoundExpression argument : arguments) {
            ColumnVector values = argument.evaluate(input, context);
            DataType type = argument.dataType();
            if (values instanceof LongVector longs && !(type instanceof DecimalType)) {
                foldLongs(longs, HashFunction.hashesAsInt(type), hashes, size);
            } else {
                for (int i = 0; i < size; i++) {
                    hashes[i] = algorithm.fold(values, i, type, hashes[i]);
                }
            }
        }
        if (algorithm == HashFunction.MURMUR3) {
            for (int i = 0; i < size; i++) {
                hashes[i] = (int) hashes[i];
            }
        }
        return result;
    }

    /** The common case, a column of integers, dates or timestamps, without a per-row type switch. */
    private void foldLongs(LongVector values, boolean asInt, long[] hashes, int size) {
        long[] in = values.values();
        for (int i = 0; i < size; i++) {
            if (!values.isNull(i)) {
                hashes[i] = asInt ? algorithm.hashInt((int) in[i], hashes[i]) : algorithm.hashLong(in[i], hashes[i]);
            }
        }
    }
}
