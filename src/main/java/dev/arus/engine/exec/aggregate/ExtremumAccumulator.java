package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.state.StateBuffer;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import java.util.List;
import java.io.DataInput;
import java.io.IOException;
import java.util.Arrays;

/**
 * {@code min} or {@code max} of any orderable type. Values held in longs or doubles (numbers,
 * dates, timestamps, intervals, compact decimals) are compared as primitives; strings, booleans
 * and wide decimals as their objects.
 */
final class ExtremumAccumulator extends SingleInputAccumulator {

    private final boolean max;
    private final ColumnVector bestValues;
    private boolean[] seen = new boolean[16];
    private int capacity = 16;

    ExtremumAccumulator(boolean max, ColumnVector bestValues) {
        this.max = max;
        this.bestValues = bestValues;
        bestValues.ensureCapacity(capacity);
    }

    /** Spark's {@code Max} and {@code Min} buffers: {@code max} or {@code min}. */
    @Override
    List<Field> bufferFields(String resultName, DataType resultType) {
        return List.of(new Field(max ? "max" : "min", resultType, true));
    }

    @Override
    void ensureGroups(int groups) {
        if (groups > capacity) {
            capacity = Math.max(groups, capacity * 2);
            bestValues.ensureCapacity(capacity);
            seen = Arrays.copyOf(seen, capacity);
        }
    }

    @Override
    void update(int[] groupIds, ColumnVector input, int size) {
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group < 0 || input.isNull(i)) {
                continue;
            }
            if (!seen[group] || better(input, i, group)) {
                input.copyRow(i, bestValues, group);
                seen[group] = true;
            }
        }
    }

    @Override
    void merge(int group, Accumulator partial, int partialGroup) {
        ExtremumAccumulator other = (ExtremumAccumulator) partial;
        if (other.seen[partialGroup] && (!seen[group] || better(other.bestValues, partialGroup, group))) {
            other.bestValues.copyRow(partialGroup, bestValues, group);
            seen[group] = true;
        }
    }

    private boolean better(ColumnVector input, int row, int group) {
        int order = Comparisons.compare(input, row, bestValues, group);
        return max ? order > 0 : order < 0;
    }

    @Override
    void writeResult(int group, ColumnVector output, int row) {
        if (seen[group]) {
            bestValues.copyRow(group, output, row);
        } else {
            output.setNull(row);
        }
    }

    @Override
    void retain(int[] survivors, int count) {
        for (int i = 0; i < count; i++) {
            bestValues.copyRow(survivors[i], bestValues, i);
            seen[i] = seen[survivors[i]];
        }
        Arrays.fill(seen, count, seen.length, false);
    }

    @Override
    long memoryBytes() {
        return capacity * 9L;
    }

    @Override
    void write(int group, StateBuffer out) {
        out.writeBoolean(seen[group]);
        if (seen[group]) {
            StateValues.writeValue(bestValues, group, out);
        }
    }

    @Override
    void read(int group, DataInput in) throws IOException {
        seen[group] = in.readBoolean();
        if (seen[group]) {
            StateValues.readValue(in, bestValues, group);
        }
    }
}
