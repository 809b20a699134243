package dev.arus.engine.exec.dedup;

import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import java.util.Arrays;

/**
 * Which state partition a row's key belongs to: a hash of the key columns' values, the same in
 * every task slot and every run (of a string's characters, a number's value, a binary's bytes).
 */
final class KeyPartitioner {

    private final int[] keyColumns;
    private final int partitions;

    KeyPartitioner(int[] keyColumns, int partitions) {
        this.keyColumns = keyColumns;
        this.partitions = partitions;
    }

    int partitions() {
        return partitions;
    }

    int partitionOf(ColumnarBatch rows, int row) {
        if (partitions == 1) {
            return 0;
        }
        long hash = 0x9E3779B97F4A7C15L;
        for (int column : keyColumns) {
            hash = (hash ^ valueHash(rows.column(column), row)) * 0xBF58476D1CE4E5B9L;
        }
        hash ^= hash >>> 31;
        return (int) Math.floorMod(hash, (long) partitions);
    }

    private static long valueHash(ColumnVector vector, int row) {
        if (vector.isNull(row)) {
            return 0;
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
