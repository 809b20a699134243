package dev.arus.engine.expr;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * {@code hash(a, b, ...)} and {@code xxhash64(a, b, ...)}: Spark's {@code HashExpression}, which
 * starts from seed 42 and folds each argument's value into the running hash, a NULL leaving it
 * as it is. Values hash as Spark lays them out: integers up to INT and dates as an int, BIGINT,
 * timestamps and intervals as a long, booleans as 1 or 0, floats and doubles by their bits with
 * -0.0 as 0.0 (NaN is one value), decimals of up to 18 digits by their unscaled long and wider
 * ones by the bytes of their unscaled value, strings by their UTF-8 bytes, arrays and structs
 * element by element. Maps are refused, as Spark refuses them.
 */
final class RowHash extends BoundNode {

    private static final long SEED = 42;

    private final HashAlgorithm algorithm;
    private final BoundExpression[] arguments;

    private RowHash(HashAlgorithm algorithm, List<BoundExpression> arguments, String sql) {
        super(algorithm == HashAlgorithm.MURMUR3 ? AtomicType.INT : AtomicType.LONG, false, sql);
        this.algorithm = algorithm;
        this.arguments = arguments.toArray(BoundExpression[]::new);
    }

    static BoundExpression bindHash(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind("hash", HashAlgorithm.MURMUR3, call, arguments, binder);
    }

    static BoundExpression bindXxHash64(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind("xxhash64", HashAlgorithm.XXHASH64, call, arguments, binder);
    }

    private static BoundExpression bind(String name, HashAlgorithm algorithm, Expression.FunctionCall call,
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
                foldLongs(longs, isInt(type), hashes, size);
            } else {
                for (int i = 0; i < size; i++) {
                    hashes[i] = fold(values, i, type, hashes[i]);
                }
            }
        }
        if (algorithm == HashAlgorithm.MURMUR3) {
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

    private static boolean isInt(DataType type) {
        return type == AtomicType.BYTE || type == AtomicType.SHORT || type == AtomicType.INT
                || type == AtomicType.DATE;
    }

    /** {@code seed} with row {@code row} of {@code values}, of {@code type}, folded in. */
    private long fold(ColumnVector values, int row, DataType type, long seed) {
        if (values.isNull(row)) {
            return seed;
        }
        if (values instanceof LongVector longs) {
            long value = longs.values()[row];
            return isInt(type) ? algorithm.hashInt((int) value, seed) : algorithm.hashLong(value, seed);
        }
        if (values instanceof DoubleVector doubles) {
            double value = doubles.values()[row];
            if (type == AtomicType.FLOAT) {
                float single = (float) value;
                return algorithm.hashInt(single == 0 ? 0 : Float.floatToIntBits(single), seed);
            }
            return algorithm.hashLong(value == 0 ? 0 : Double.doubleToLongBits(value), seed);
        }
        if (values instanceof BooleanVector booleans) {
            return algorithm.hashInt(booleans.values()[row] ? 1 : 0, seed);
        }
        if (values instanceof StringVector strings) {
            return algorithm.hashBytes(strings.values()[row].getBytes(StandardCharsets.UTF_8), seed);
        }
        if (values instanceof BinaryVector binary) {
            return algorithm.hashBytes(binary.values()[row], seed);
        }
        if (values instanceof BigDecimalVector decimals) {
            return algorithm.hashBytes(decimals.values()[row].unscaledValue().toByteArray(), seed);
        }
        if (values instanceof ArrayVector array) {
            DataType elementType = ((ArrayType) type).elementType();
            long hash = seed;
            for (int k = array.start(row), end = k + array.length(row); k < end; k++) {
                hash = fold(array.elements(), k, elementType, hash);
            }
            return hash;
        }
        StructVector struct = (StructVector) values;
        List<Field> fields = ((StructType) type).fields();
        long hash = seed;
        for (int f = 0; f < fields.size(); f++) {
            hash = fold(struct.child(f), row, fields.get(f).type(), hash);
        }
        return hash;
    }
}
