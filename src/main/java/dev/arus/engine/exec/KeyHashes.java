package dev.arus.engine.exec;

import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import java.util.Arrays;

/**
 * Which state partition a row's key belongs to: a hash of the key's values, the same in every
 * task slot and every run (of a string's characters, a number's value, a binary's bytes, a
 * struct's fields), so that equal keys meet in one partition. Stateless.
 */
public final class KeyHashes {

    private KeyHashes() {
    }

    /** The partition, of {@code partitions}, of row {@code row}'s key, whose parts are {@code keys}. */
    public static int partitionOf(ColumnVector[] keys, int row, int partitions) {
        if (partitions == 1) {
            return 0;
        }
        long hash = 0x9E3779B97F4A7C15L;
        for (ColumnVector key : keys) {
            hash = (hash ^ valueHash(key, row)) * 0xBF58476D1CE4E5B9L;
        }
        hash ^= hash >>> 31;
        return (int) Math.floorMod(hash, (long) partitions);
    }

    private static long valueHash(ColumnVector vector, int row) {
        if (vector.isNull(row)) {
            return 0;
        }
        if (vector instanceof StructVector struct) {
            long hash = 17;
            for (int f = 0; f < ((StructType) struct.type()).fields().size(); f++) {
                hash = hash * 31 + valueHash(struct.child(f), row);
            }
            return hash;
        }
        if (vector instanceof LongVector longs) {
            return longs.values()[row];
        }
        if (vector instanceof DoubleVector doubles) {
            double value = doubles.values()[row];
            return Double.doubleToLongBits(value == 0.0 ? 0.0 : value);
        }
        if (vector instanceof BooleanVector booleans) {
            return booleans.values()[row] ? 1 : 2;
        }
        if (vector instanceof StringVector strings) {
            return strings.values()[row].hashCode();
        }
        return Arrays.hashCode(((BinaryVector) vector).values()[row]);
    }
}
