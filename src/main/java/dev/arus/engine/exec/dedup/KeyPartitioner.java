package dev.arus.engine.exec.dedup;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.exec.KeyHashes;

/** Which state partition a row belongs to: its key columns' values hashed by {@link KeyHashes}. One per task slot. */
final class KeyPartitioner {

    private final int[] keyColumns;
    private final int partitions;
    private final ColumnVector[] keys;

    KeyPartitioner(int[] keyColumns, int partitions) {
        this.keyColumns = keyColumns;
        this.partitions = partitions;
        this.keys = new ColumnVector[keyColumns.length];
    }

    int partitions() {
        return partitions;
    }

    int partitionOf(ColumnarBatch rows, int row) {
        if (partitions == 1) {
            return 0;
        }
        for (int k = 0; k < keyColumns.length; k++) {
            keys[k] = rows.column(keyColumns[k]);
        }
        return KeyHashes.partitionOf(keys, row, partitions);
    }
}
