package dev.arus.engine.exec;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.HashFunction;

/**
 * Which state partition a row's key belongs to, as Spark's {@code HashPartitioning} places it:
 * {@code pmod(hash(key...), partitions)}, Spark's Murmur3 of the key's values folded from seed
 * 42 ({@link HashFunction#fold}). Equal keys meet in one partition in every task slot and run,
 * and each key sits in the partition Spark's run of the same query gives it, so the two engines'
 * state files and state views agree partition by partition. Stateless.
 */
public final class KeyHashes {

    /** Spark's seed of {@code hash}, and so of its hash partitioning. */
    public static final long SEED = 42;

    private KeyHashes() {
    }

    /** The partition, of {@code partitions}, of row {@code row}'s key, whose parts are {@code keys}. */
    public static int partitionOf(ColumnVector[] keys, int row, int partitions) {
        if (partitions == 1) {
            return 0;
        }
        long hash = SEED;
        for (ColumnVector key : keys) {
            hash = HashFunction.MURMUR3.fold(key, row, key.type(), hash);
        }
        return partitionOf((int) hash, partitions);
    }

    /** Spark's {@code pmod} of a key's hash: a partition from 0 to {@code partitions - 1}. */
    public static int partitionOf(int hash, int partitions) {
        return Math.floorMod(hash, partitions);
    }
}
