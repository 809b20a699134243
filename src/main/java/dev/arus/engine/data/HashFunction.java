package dev.arus.engine.data;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The two hashes Spark's {@code HashExpression} folds values with, each over a running seed, and
 * how a value folds in as Spark lays it out: integers up to INT and dates as an int, BIGINT,
 * timestamps and intervals as a long, booleans as 1 or 0, floats and doubles by their bits with
 * -0.0 as 0.0 (NaN is one value), decimals of up to 18 digits by their unscaled long and wider
 * ones by the bytes of their unscaled value, strings by their UTF-8 bytes, arrays and structs
 * element by element; a NULL leaves the seed as it is. Spark partitions state by
 * {@code pmod(MURMUR3 of the key, partitions)} from seed 42, so the same fold places keys.
 */
public enum HashFunction {
    /** {@code hash}: a 32-bit hash, held in the low half of the long. */
    MURMUR3 {
        @Override
        public long hashInt(int value, long seed) {
            return Murmur3.hashInt(value, (int) seed);
        }

        @Override
        public long hashLong(long value, long seed) {
            return Murmur3.hashLong(value, (int) seed);
        }

        @Override
        public long hashBytes(byte[] value, long seed) {
            return Murmur3.hashBytes(value, (int) seed);
        }

        /** Without the byte array: state partitioning hashes a string key a row at a time. */
        @Override
        public long foldString(String value, long seed) {
            return Murmur3.hashUtf8(value, (int) seed);
        }
    },
    /** {@code xxhash64}. */
    XXHASH64 {
        @Override
        public long hashInt(int value, long seed) {
            return XxHash64.hashInt(value, seed);
        }

        @Override
        public long hashLong(long value, long seed) {
            return XxHash64.hashLong(value, seed);
        }

        @Override
        public long hashBytes(byte[] value, long seed) {
            return XxHash64.hashBytes(value, seed);
        }
    };

    public abstract long hashInt(int value, long seed);

    public abstract long hashLong(long value, long seed);

    public abstract long hashBytes(byte[] value, long seed);

    /** {@code seed} with row {@code row} of {@code values}, of {@code type}, folded in. */
    public long fold(ColumnVector values, int row, DataType type, long seed) {
        if (values.isNull(row)) {
            return seed;
        }
        if (values instanceof LongVector longs) {
            return type instanceof DecimalType ? hashLong(longs.values()[row], seed)
                    : foldLong(longs.values()[row], type, seed);
        }
        if (values instanceof DoubleVector doubles) {
            return foldDouble(doubles.values()[row], type, seed);
        }
        if (values instanceof BooleanVector booleans) {
            return hashInt(booleans.values()[row] ? 1 : 0, seed);
        }
        if (values instanceof StringVector strings) {
            return foldString(strings.values()[row], seed);
        }
        if (values instanceof BinaryVector binary) {
            return hashBytes(binary.values()[row], seed);
        }
        if (values instanceof BigDecimalVector decimals) {
            return foldWideDecimal(decimals.values()[row], seed);
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

    /** A value a long vector holds (not a decimal's unscaled one), of {@code type}. */
    public long foldLong(long value, DataType type, long seed) {
        return hashesAsInt(type) ? hashInt((int) value, seed) : hashLong(value, seed);
    }

    /** A double or a float (held as a double), by its bits. */
    public long foldDouble(double value, DataType type, long seed) {
        if (type == AtomicType.FLOAT) {
            float single = (float) value;
            return hashInt(single == 0 ? 0 : Float.floatToIntBits(single), seed);
        }
        return hashLong(value == 0 ? 0 : Double.doubleToLongBits(value), seed);
    }

    /** A string, by its UTF-8 bytes. */
    public long foldString(String value, long seed) {
        return hashBytes(value.getBytes(StandardCharsets.UTF_8), seed);
    }

    /** A decimal of more than 18 digits, by the bytes of its unscaled value. */
    public long foldWideDecimal(BigDecimal value, long seed) {
        return hashBytes(value.unscaledValue().toByteArray(), seed);
    }

    /** Whether Spark hashes a value of {@code type} as an int: integers up to INT, and dates. */
    public static boolean hashesAsInt(DataType type) {
        return type == AtomicType.BYTE || type == AtomicType.SHORT || type == AtomicType.INT
                || type == AtomicType.DATE;
    }
}
