package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.XxHash64;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Spark's {@code approx_count_distinct(x[, rsd])}: each non-NULL value hashed with XXH64 and seed
 * 42 as Spark's {@code XxHash64Function} hashes it (4-byte types as ints, 8-byte ones as longs,
 * floats and doubles by their bits after turning -0.0 into 0.0 and every NaN into one, decimals by
 * their unscaled value, strings by their UTF-8 bytes) into a {@link HyperLogLogPlusPlus} sketch
 * per group. An empty group counts 0.
 */
final class ApproxCountDistinctAccumulator extends SingleInputAccumulator {

    private static final long SEED = 42L;

    private final DataType type;
    private final HyperLogLogPlusPlus sketches;

    ApproxCountDistinctAccumulator(DataType type, double relativeStandardDeviation) {
        this.type = type;
        this.sketches = new HyperLogLogPlusPlus(HyperLogLogPlusPlus.precision(relativeStandardDeviation), 16);
    }

    @Override
    void ensureGroups(int groups) {
        sketches.ensureGroups(groups);
    }

    @Override
    void update(int[] groupIds, ColumnVector input, int size) {
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group >= 0 && !input.isNull(i)) {
                sketches.add(group, hash(input, i));
            }
        }
    }

    private long hash(ColumnVector input, int row) {
        if (input instanceof LongVector longs) {
            long value = longs.values()[row];
            return isFourBytes(type) ? XxHash64.hashInt((int) value, SEED) : XxHash64.hashLong(value, SEED);
        }
        if (input instanceof DoubleVector doubles) {
            double value = doubles.values()[row];
            if (type == AtomicType.FLOAT) {
                // Spark's FLOAT_NORMALIZER, then the float's bits
                return XxHash64.hashInt(value == 0.0 ? 0 : Float.floatToIntBits((float) value), SEED);
            }
            return XxHash64.hashLong(value == 0.0 ? 0L : Double.doubleToLongBits(value), SEED);
        }
        if (input instanceof BooleanVector booleans) {
            return XxHash64.hashInt(booleans.values()[row] ? 1 : 0, SEED);
        }
        if (input instanceof BigDecimalVector decimals) {
            return XxHash64.hashBytes(decimals.values()[row].unscaledValue().toByteArray(), SEED);
        }
        if (input instanceof BinaryVector binary) {
            return XxHash64.hashBytes(binary.values()[row], SEED);
        }
        return XxHash64.hashBytes(((StringVector) input).values()[row].getBytes(StandardCharsets.UTF_8), SEED);
    }

    private static boolean isFourBytes(DataType type) {
        return type == AtomicType.INT || type == AtomicType.SHORT || type == AtomicType.BYTE
                || type == AtomicType.DATE;
    }

    @Override
    void merge(int group, Accumulator partial, int partialGroup) {
        sketches.merge(group, ((ApproxCountDistinctAccumulator) partial).sketches, partialGroup);
    }

    @Override
    void writeResult(int group, ColumnVector output, int row) {
        output.setNotNull(row);
        ((LongVector) output).values()[row] = sketches.estimate(group);
    }

    @Override
    void retain(int[] survivors, int count) {
        for (int i = 0; i < count; i++) {
            sketches.copyGroup(survivors[i], i);
        }
        sketches.clearFrom(count);
    }

    @Override
    long memoryBytes() {
        return sketches.memoryBytes();
    }

    @Override
    void write(int group, StateBuffer out) {
        for (int w = 0; w < sketches.wordsPerGroup(); w++) {
            out.writeLong(sketches.word(group, w));
        }
    }

    @Override
    void read(int group, DataInput in) throws IOException {
        for (int w = 0; w < sketches.wordsPerGroup(); w++) {
            sketches.setWord(group, w, in.readLong());
        }
    }
}
