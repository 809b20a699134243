package dev.arus.engine.data;

/**
 * XXH64, the 64-bit xxHash, as Spark's {@code XXH64} computes it for {@code xxhash64} and for
 * {@code approx_count_distinct}'s HyperLogLog++: an int hashes as its four little-endian bytes,
 * a long as its eight, bytes as themselves. Stateless and allocation-free. Ours, not a library's:
 * it hashes a column's primitives in place with Spark's seed, and HyperLogLog++ registers in the
 * state files must match Spark's bit for bit, which a dependency's updates could change.
 */
public final class XxHash64 {

    private static final long PRIME1 = 0x9E3779B185EBCA87L;
    private static final long PRIME2 = 0xC2B2AE3D27D4EB4FL;
    private static final long PRIME3 = 0x165667B19E3779F9L;
    private static final long PRIME4 = 0x85EBCA77C2B2AE63L;
    private static final long PRIME5 = 0x27D4EB2F165667C5L;

    private XxHash64() {
    }

    public static long hashInt(int input, long seed) {
        long hash = seed + PRIME5 + 4L;
        return finish(mixInt(hash, input));
    }

    public static long hashLong(long input, long seed) {
        long hash = seed + PRIME5 + 8L;
        return finish(mixLong(hash, input));
    }

    public static long hashBytes(byte[] bytes, long seed) {
        return hashBytes(bytes, 0, bytes.length, seed);
    }

    /** The hash of {@code bytes[offset .. offset + length)}. */
    public static long hashBytes(byte[] bytes, int offset, int length, long seed) {
        int end = offset + length;
        int at = offset;
        long hash;
        if (length >= 32) {
            long v1 = seed + PRIME1 + PRIME2;
            long v2 = seed + PRIME2;
            long v3 = seed;
            long v4 = seed - PRIME1;
            for (; at <= end - 32; at += 32) {
                v1 = round(v1, littleEndianLong(bytes, at));
                v2 = round(v2, littleEndianLong(bytes, at + 8));
                v3 = round(v3, littleEndianLong(bytes, at + 16));
                v4 = round(v4, littleEndianLong(bytes, at + 24));
            }
            hash = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7) + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
            hash = mergeRound(hash, v1);
            hash = mergeRound(hash, v2);
            hash = mergeRound(hash, v3);
            hash = mergeRound(hash, v4);
        } else {
            hash = seed + PRIME5;
        }
        hash += length;
        for (; at <= end - 8; at += 8) {
            hash = mixLong(hash, littleEndianLong(bytes, at));
        }
        if (at <= end - 4) {
            hash = mixInt(hash, littleEndianInt(bytes, at));
            at += 4;
        }
        for (; at < end; at++) {
            hash ^= (bytes[at] & 0xFFL) * PRIME5;
            hash = Long.rotateLeft(hash, 11) * PRIME1;
        }
        return finish(hash);
    }

    private static long mixInt(long hash, int input) {
        hash ^= (input & 0xFFFFFFFFL) * PRIME1;
        return Long.rotateLeft(hash, 23) * PRIME2 + PRIME3;
    }

    private static long mixLong(long hash, long input) {
        hash ^= Long.rotateLeft(input * PRIME2, 31) * PRIME1;
        return Long.rotateLeft(hash, 27) * PRIME1 + PRIME4;
    }

    private static long round(long accumulator, long input) {
        return Long.rotateLeft(accumulator + input * PRIME2, 31) * PRIME1;
    }

    private static long mergeRound(long hash, long accumulator) {
        hash ^= round(0, accumulator);
        return hash * PRIME1 + PRIME4;
    }

    /** The avalanche that spreads every input bit over the result. */
    private static long finish(long hash) {
        hash ^= hash >>> 33;
        hash *= PRIME2;
        hash ^= hash >>> 29;
        hash *= PRIME3;
        hash ^= hash >>> 32;
        return hash;
    }

    private static long littleEndianLong(byte[] bytes, int at) {
        return (littleEndianInt(bytes, at) & 0xFFFFFFFFL) | ((long) littleEndianInt(bytes, at + 4) << 32);
    }

    private static int littleEndianInt(byte[] bytes, int at) {
        return (bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8 | (bytes[at + 2] & 0xFF) << 16
                | (bytes[at + 3] & 0xFF) << 24;
    }
}
