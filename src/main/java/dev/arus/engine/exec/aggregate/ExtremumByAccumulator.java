package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.util.Arrays;

/**
 * Spark's {@code max_by(x, ord)} or {@code min_by(x, ord)}: the value of {@code x}, NULL
 * included, at the row of a group whose ordering is the largest (smallest). Rows whose ordering
 * is NULL are skipped; a group without any is NULL. On equal orderings the later row wins, and
 * in a merge the group merged in (the later one) wins over the one merged into, as Spark's
 * update and merge expressions ({@code if(old > new, old, new)}) keep them.
 */
final class ExtremumByAccumulator extends Accumulator {

    private final boolean max;
    private final ColumnVector values;
    private final ColumnVector orderings;
    private boolean[] seen = new boolean[16];
    private int capacity = 16;

    ExtremumByAccumulator(boolean max, ColumnVector values, ColumnVector orderings) {
        this.max = max;
        this.values = values;
        this.orderings = orderings;
        values.ensureCapacity(capacity);
        orderings.ensureCapacity(capacity);
    }

    @Override
    void ensureGroups(int groups) {
        if (groups > capacity) {
            capacity = Math.max(groups, capacity * 2);
            values.ensureCapacity(capacity);
            orderings.ensureCapacity(capacity);
            seen = Arrays.copyOf(seen, capacity);
        }
    }

    /** {@code inputs[0]} holds the values, {@code inputs[1]} the orderings. */
    @Override
    void update(int[] groupIds, ColumnVector[] inputs, int size) {
        ColumnVector input = inputs[0];
        ColumnVector ordering = inputs[1];
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group >= 0 && !ordering.isNull(i)) {
                take(group, input, ordering, i);
            }
        }
    }

    @Override
    void merge(int group, Accumulator partial, int partialGroup) {
        ExtremumByAccumulator other = (ExtremumByAccumulator) partial;
        if (other.seen[partialGroup]) {
            take(group, other.values, other.orderings, partialGroup);
        }
    }

    /** Takes the value at {@code row} unless the group's ordering is strictly better than the row's. */
    private void take(int group, ColumnVector valueSource, ColumnVector orderingSource, int row) {
        if (!seen[group]) {
            orderingSource.copyRow(row, orderings, group);
            valueSource.copyRow(row, values, group);
            seen[group] = true;
            return;
        }
        int order = Comparisons.compare(orderings, group, orderingSource, row);
        if (max ? order > 0 : order < 0) {
            return;
        }
        if (order != 0) {
            // Spark's greatest/least keeps the stored ordering on a tie
            orderingSource.copyRow(row, orderings, group);
        }
        valueSource.copyRow(row, values, group);
    }

    @Override
    void writeResult(int group, ColumnVector output, int row) {
        if (seen[group]) {
            values.copyRow(group, output, row);
        } else {
            output.setNull(row);
        }
    }

    @Override
    void retain(int[] survivors, int count) {
        for (int i = 0; i < count; i++) {
            values.copyRow(survivors[i], values, i);
            orderings.copyRow(survivors[i], orderings, i);
            seen[i] = seen[survivors[i]];
        }
        Arrays.fill(seen, count, seen.length, false);
    }

    @Override
    long memoryBytes() {
        return capacity * 17L;
    }

    @Override
    void write(int group, StateBuffer out) {
        out.writeBoolean(seen[group]);
        if (seen[group]) {
            StateValues.writeValue(orderings, group, out);
            StateValues.write(values, group, out);
        }
    }

    @Override
    void read(int group, DataInput in) throws IOException {
        seen[group] = in.readBoolean();
        if (seen[group]) {
            StateValues.readValue(in, orderings, group);
            StateValues.read(in, values, group);
        }
    }
}
