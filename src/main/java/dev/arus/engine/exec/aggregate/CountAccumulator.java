package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.state.StateBuffer;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import java.util.List;
import java.io.DataInput;
import java.io.IOException;
import java.util.Arrays;

/**
 * {@code count(*)} counts rows; {@code count(x)} counts rows where {@code x} is not NULL;
 * {@code count_if(p)} counts rows where {@code p} is true, as Spark's {@code count(nullif(p, false))}.
 */
final class CountAccumulator extends SingleInputAccumulator {

    private final boolean onlyTrue;
    private long[] counts = new long[16];

    CountAccumulator(boolean onlyTrue) {
        this.onlyTrue = onlyTrue;
    }

    /** Spark's {@code Count} buffer: {@code count}. */
    @Override
    List<Field> bufferFields(String resultName, DataType resultType) {
        return List.of(new Field("count", resultType, false));
    }

    @Override
    void ensureGroups(int groups) {
        counts = grow(counts, groups);
    }

    @Override
    void update(int[] groupIds, ColumnVector input, int size) {
        long[] totals = counts;
        if (onlyTrue) {
            countTrue(groupIds, (BooleanVector) input, size);
            return;
        }
        if (input == null || !input.hasNulls()) {
            // Rows of a group tend to come in runs; adding a run at once spares a chain of
            // read-modify-writes on the same counter.
            int runGroup = -1;
            long runLength = 0;
            for (int i = 0; i < size; i++) {
                int group = groupIds[i];
                if (group != runGroup) {
                    if (runGroup >= 0) {
                        totals[runGroup] += runLength;
                    }
                    runGroup = group;
                    runLength = 0;
                }
                runLength++;
            }
            if (runGroup >= 0) {
                totals[runGroup] += runLength;
            }
            return;
        }
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group >= 0 && !input.isNull(i)) {
                totals[group]++;
            }
        }
    }

    private void countTrue(int[] groupIds, BooleanVector input, int size) {
        boolean[] values = input.values();
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group >= 0 && values[i] && !input.isNull(i)) {
                counts[group]++;
            }
        }
    }

    @Override
    void merge(int group, Accumulator partial, int partialGroup) {
        counts[group] += ((CountAccumulator) partial).counts[partialGroup];
    }

    @Override
    void writeResult(int group, ColumnVector output, int row) {
        output.setNotNull(row);
        ((LongVector) output).values()[row] = counts[group];
    }

    @Override
    void retain(int[] survivors, int count) {
        retain(counts, survivors, count);
        Arrays.fill(counts, count, counts.length, 0);
    }

    @Override
    long memoryBytes() {
        return counts.length * 8L;
    }

    @Override
    void write(int group, StateBuffer out) {
        out.writeLong(counts[group]);
    }

    @Override
    void read(int group, DataInput in) throws IOException {
        counts[group] = in.readLong();
    }
}
