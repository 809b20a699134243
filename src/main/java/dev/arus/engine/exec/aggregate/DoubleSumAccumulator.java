package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.state.StateBuffer;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import java.util.List;
import dev.arus.engine.data.AtomicType;
import java.io.DataInput;
import java.io.IOException;
import java.util.Arrays;

/**
 * Sum and count of numeric values per group, giving {@code sum(double)} or {@code avg(x)}
 * (both {@code double}); NULL for a group that has seen no non-null value.
 */
final class DoubleSumAccumulator extends SingleInputAccumulator {

    private final boolean average;
    private double[] sums = new double[16];
    private long[] counts = new long[16];

    DoubleSumAccumulator(boolean average) {
        this.average = average;
    }

    /** Spark's {@code Sum} buffer, {@code sum}, or {@code Average}'s, {@code sum} and {@code count}. */
    @Override
    List<Field> bufferFields(String resultName, DataType resultType) {
        return average ? List.of(new Field("sum", AtomicType.DOUBLE, true), new Field("count", AtomicType.LONG, true))
                : List.of(new Field("sum", resultType, true));
    }

    @Override
    List<Object> buffer(int group) {
        return average ? List.of(sums[group], counts[group]) : null;
    }

    @Override
    void ensureGroups(int groups) {
        sums = grow(sums, groups);
        counts = grow(counts, groups);
    }

    @Override
    void update(int[] groupIds, ColumnVector input, int size) {
        if (input instanceof LongVector longs) {
            long[] values = longs.values();
            for (int i = 0; i < size; i++) {
                int group = groupIds[i];
                if (group >= 0 && !input.isNull(i)) {
                    sums[group] += values[i];
                    counts[group]++;
                }
            }
            return;
        }
        double[] values = ((DoubleVector) input).values();
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group >= 0 && !input.isNull(i)) {
                sums[group] += values[i];
                counts[group]++;
            }
        }
    }

    @Override
    void merge(int group, Accumulator partial, int partialGroup) {
        DoubleSumAccumulator other = (DoubleSumAccumulator) partial;
        sums[group] += other.sums[partialGroup];
        counts[group] += other.counts[partialGroup];
    }

    @Override
    void writeResult(int group, ColumnVector output, int row) {
        if (counts[group] == 0) {
            output.setNull(row);
            return;
        }
        output.setNotNull(row);
        ((DoubleVector) output).values()[row] = average ? sums[group] / counts[group] : sums[group];
    }

    @Override
    void retain(int[] survivors, int count) {
        retain(sums, survivors, count);
        retain(counts, survivors, count);
        Arrays.fill(sums, count, sums.length, 0);
        Arrays.fill(counts, count, counts.length, 0);
    }

    @Override
    long memoryBytes() {
        return sums.length * 16L;
    }

    @Override
    void write(int group, StateBuffer out) {
        out.writeDouble(sums[group]);
        out.writeLong(counts[group]);
    }

    @Override
    void read(int group, DataInput in) throws IOException {
        sums[group] = in.readDouble();
        counts[group] = in.readLong();
    }
}
