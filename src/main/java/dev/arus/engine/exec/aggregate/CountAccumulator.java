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

    /** How far on a run must still go for its end to be looked for with {@link Arrays#mismatch}. */
    private static final int LONG_RUN = 8;

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
            // read-modify-writes on the same counter. A run still going LONG_RUN rows on (a
            // visitor's clicks, a window's rows) has its end found by Arrays.mismatch, which
            // compares several ids an instruction.
            for (int i = 0; i < size; ) {
                int group = groupIds[i];
                int end = i + 1;
                if (i + LONG_RUN < size && groupIds[i + LONG_RUN] == group) {
                    int offset = Arrays.mismatch(groupIds, i + 1, size, groupIds, i, size - 1);
                    end = offset < 0 ? size : i + 1 + offset;
                } else {
                    while (end < size && groupIds[end] == group) {
                        end++;
                    }
                }
                if (group >= 0) {
                    totals[group] += end - i;
                }
                i = end;
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
