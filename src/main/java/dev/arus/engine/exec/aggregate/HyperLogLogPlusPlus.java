package dev.arus.engine.exec.aggregate;

import java.util.Arrays;

/**
 * Spark's HyperLogLog++ registers for many groups at once: {@code m = 2^p} registers of 6 bits
 * per group, ten to a long word as Spark packs them, so that a state file holds Spark's words.
 * A register keeps the most leading zeros (plus one) seen in the hashes that address it; the
 * estimate is Spark's: linear counting while registers are empty and the count is small, else the
 * raw HyperLogLog estimate. Spark corrects the raw estimate with the empirical bias tables of
 * the HLL++ paper where it is below {@code 5m}; Arus does not carry those tables, so there its
 * estimate is the raw one. Ours, not a library's (stream-lib, DataSketches): their register
 * layouts and estimators differ from Spark's, and the state files hold Spark's words.
 */
final class HyperLogLogPlusPlus {

    private static final int REGISTER_BITS = 6;
    private static final long REGISTER_MASK = (1L << REGISTER_BITS) - 1;
    private static final int REGISTERS_PER_WORD = Long.SIZE / REGISTER_BITS;
    /** Below these counts (by precision, from 4) linear counting is used, as in the HLL++ paper. */
    private static final double[] LINEAR_COUNTING_THRESHOLDS =
            {10, 20, 40, 80, 220, 400, 900, 1800, 3100, 6500, 11500, 20000, 50000, 120000, 350000};

    private final int precision;
    private final int registers;
    private final int wordsPerGroup;
    private final double alphaMSquared;
    private long[] words;

    /** Spark's precision for a relative standard deviation: {@code ceil(2 log2(1.106 / rsd))}. */
    static int precision(double relativeStandardDeviation) {
        return (int) Math.ceil(2.0 * Math.log(1.106 / relativeStandardDeviation) / Math.log(2.0));
    }

    HyperLogLogPlusPlus(int precision, int groups) {
        this.precision = precision;
        this.registers = 1 << precision;
        this.wordsPerGroup = registers / REGISTERS_PER_WORD + 1;
        double m = registers;
        this.alphaMSquared = switch (precision) {
            case 4 -> 0.673 * m * m;
            case 5 -> 0.697 * m * m;
            case 6 -> 0.709 * m * m;
            default -> 0.7213 / (1.0 + 1.079 / m) * m * m;
        };
        this.words = new long[groups * wordsPerGroup];
    }

    int wordsPerGroup() {
        return wordsPerGroup;
    }

    void ensureGroups(int groups) {
        if ((long) groups * wordsPerGroup > words.length) {
            words = Arrays.copyOf(words, Math.max(groups, 2 * words.length / wordsPerGroup) * wordsPerGroup);
        }
    }

    /** Adds a value, by its 64-bit hash, to a group's registers. */
    void add(int group, long hash) {
        int register = (int) (hash >>> (Long.SIZE - precision));
        long leadingZeros = Long.numberOfLeadingZeros((hash << precision) | (1L << (precision - 1))) + 1L;
        int word = group * wordsPerGroup + register / REGISTERS_PER_WORD;
        int shift = REGISTER_BITS * (register % REGISTERS_PER_WORD);
        long mask = REGISTER_MASK << shift;
        if (leadingZeros > (words[word] & mask) >>> shift) {
            words[word] = (words[word] & ~mask) | (leadingZeros << shift);
        }
    }

    /** Takes, register by register, the larger of group {@code group} and {@code other}'s {@code otherGroup}. */
    void merge(int group, HyperLogLogPlusPlus other, int otherGroup) {
        int to = group * wordsPerGroup;
        int from = otherGroup * wordsPerGroup;
        for (int w = 0; w < wordsPerGroup; w++) {
            long left = words[to + w];
            long right = other.words[from + w];
            long merged = 0;
            for (long mask = REGISTER_MASK, i = 0; i < REGISTERS_PER_WORD; i++, mask <<= REGISTER_BITS) {
                merged |= Math.max(left & mask, right & mask);
            }
            words[to + w] = merged;
        }
    }

    /** Spark's estimate of the number of distinct values a group has seen. */
    long estimate(int group) {
        double inverseSum = 0.0;
        double emptyRegisters = 0.0;
        int first = group * wordsPerGroup;
        for (int register = 0; register < registers; register++) {
            long value = words[first + register / REGISTERS_PER_WORD]
                    >>> (REGISTER_BITS * (register % REGISTERS_PER_WORD)) & REGISTER_MASK;
            inverseSum += 1.0 / (1L << value);
            if (value == 0) {
                emptyRegisters += 1.0;
            }
        }
        double raw = alphaMSquared / inverseSum;
        double estimate = raw;
        if (emptyRegisters > 0) {
            double linear = registers * Math.log(registers / emptyRegisters);
            if (precision < 19 && linear <= LINEAR_COUNTING_THRESHOLDS[precision - 4] || raw <= 2.5 * registers) {
                estimate = linear;
            }
        }
        return Math.round(estimate);
    }

    void copyGroup(int from, int to) {
        System.arraycopy(words, from * wordsPerGroup, words, to * wordsPerGroup, wordsPerGroup);
    }

    void clearFrom(int group) {
        Arrays.fill(words, Math.min(words.length, group * wordsPerGroup), words.length, 0L);
    }

    long word(int group, int index) {
        return words[group * wordsPerGroup + index];
    }

    void setWord(int group, int index, long value) {
        words[group * wordsPerGroup + index] = value;
    }

    long memoryBytes() {
        return words.length * 8L;
    }
}
