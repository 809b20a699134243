package dev.arus.engine.expr;

import dev.arus.engine.data.Murmur3;
import dev.arus.engine.data.XxHash64;

/** The two hashes Spark's {@code HashExpression} folds values with, each over a running seed. */
enum HashAlgorithm {
    /** {@code hash}: a 32-bit hash, held in the low half of the long. */
    MURMUR3 {
        @Override
        long hashInt(int value, long seed) {
            return Murmur3.hashInt(value, (int) seed);
        }

        @Override
        long hashLong(long value, long seed) {
            return Murmur3.hashLong(value, (int) seed);
        }

        @Override
        long hashBytes(byte[] value, long seed) {
            return Murmur3.hashBytes(value, (int) seed);
        }
    },
    /** {@code xxhash64}. */
    XXHASH64 {
        @Override
        long hashInt(int value, long seed) {
            return XxHash64.hashInt(value, seed);
        }

        @Override
        long hashLong(long value, long seed) {
            return XxHash64.hashLong(value, seed);
        }

        @Override
        long hashBytes(byte[] value, long seed) {
            return XxHash64.hashBytes(value, seed);
        }
    };

    abstract long hashInt(int value, long seed);

    abstract long hashLong(long value, long seed);

    abstract long hashBytes(byte[] value, long seed);
}
