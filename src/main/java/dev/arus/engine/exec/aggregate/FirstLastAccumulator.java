package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.util.Arrays;

/**
 * Spark's {@code first(x[, ignoreNulls])} or {@code last(x[, ignoreNulls])}: the value of the
 * first (last) row of a group in arrival order, NULL included unless NULLs are ignored. A group
 * is "set" once it has taken a value; merging keeps the earlier group's first value and the
 * later group's last one, as Spark's merge expressions do.
 */
final class FirstLastAccumulator extends SingleInputAccumulator {

    private final boolean last;
    private final boolean ignoreNulls;
    private final ColumnVector values;
    private boolean[] set = new boolean[16];
    private int capacity = 16;

    FirstLastAccumulator(boolean last, boolean ignoreNulls, ColumnVector values) {
        this.last = last;
        this.ignoreNulls = ignoreNulls;
        this.values = values;
        values.ensureCapacity(capacity);
    }

    @Override
    void ensureGroups(int groups) {
        if (groups > capacity) {
            capacity = Math.max(groups, capacity * 2);
            values.ensureCapacity(capacity);
            set = Arrays.copyOf(set, capacity);
        }
    }

    @Override
    void update(int[] groupIds, ColumnVector input, int size) {
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group >= 0 && (last || !set[group]) && !(ignoreNulls && input.isNull(i))) {
                input.copyRow(i, values, group);
                set[group] = true;
            }
        }
    }

    @Override
    void merge(int group, Accumulator partial, int partialGroup) {
        FirstLastAccumulator other = (FirstLastAccumulator) partial;
        if (other.set[partialGroup] && (last || !set[group])) {
            other.values.copyRow(partialGroup, values, group);
            set[group] = true;
        }
    }

    @Override
    void writeResult(int group, ColumnVector output, int row) {
        if (set[group]) {
            values.copyRow(group, output, row);
        } else {
            output.setNull(row);
        }
    }

    @Override
    void retain(int[] survivors, int count) {
        for (int i = 0; i < count; i++) {
            values.copyRow(survivors[i], values, i);
            set[i] = set[survivors[i]];
        }
        Arrays.fill(set, count, set.length, false);
    }

    @Override
    long memoryBytes() {
        return capacity * 9L;
    }

    @Override
    void write(int group, StateBuffer out) {
        out.writeBoolean(set[group]);
        if (set[group]) {
            StateValues.write(values, group, out);
        }
    }

    @Override
    void read(int group, DataInput in) throws IOException {
        set[group] = in.readBoolean();
        if (set[group]) {
            StateValues.read(in, values, group);
        }
    }
}
